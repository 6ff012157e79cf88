import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FavouritesBar } from './favourites-bar';
import NotificationBar from '../../components/notification-bar';

const favourites = [
  { id: 3, name: 'IMG_0003.jpg' },
  { id: 9, name: 'DSC 0009.JPG' },
];

function renderBar(props: Partial<Parameters<typeof FavouritesBar>[0]> = {}) {
  const onFilter = vi.fn();
  render(
    <>
      <FavouritesBar favourites={favourites} filtered={false} onFilter={onFilter} {...props} />
      <NotificationBar domRoot={document.body} />
    </>,
  );
  return onFilter;
}

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});
afterEach(cleanup);

describe('FavouritesBar', { timeout: 30_000 }, () => {
  it('copies the favourites’ file names, one per line', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Copy file names' }));
    expect(writeText).toHaveBeenCalledWith('IMG_0003.jpg\nDSC 0009.JPG');
    expect(await screen.findByText('File names copied')).toBeTruthy();
  });

  it('toggles the filter and says whether it is on', async () => {
    const user = userEvent.setup();
    const onFilter = renderBar();
    const button = screen.getByRole('button', { name: 'Favourites (2)' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    expect(onFilter).toHaveBeenCalledWith(true);
    cleanup();
    renderBar({ filtered: true });
    expect(screen.getByRole('button', { name: 'Favourites (2)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('has nothing to copy without favourites, and waits while they load', () => {
    renderBar({ favourites: [] });
    expect((screen.getByRole('button', { name: 'Copy file names' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderBar({ favourites: undefined });
    expect((screen.getByRole('button', { name: 'Favourites' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
