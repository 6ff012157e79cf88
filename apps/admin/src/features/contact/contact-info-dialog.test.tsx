import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { COMMON_MESSAGES, CONTACT_MESSAGES } from '@darkroom/contracts';
import { ContactInfoDialog } from './contact-info-dialog';
import NotificationBar from '../../components/notification-bar';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server answers every call with this status and body. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <>
        <ContactInfoDialog onClose={onClose} />
        <NotificationBar domRoot={document.body} />
      </>
    </QueryClientProvider>,
  );
  return onClose;
}

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText(/^Email/), 'desk@studio.test');
  await userEvent.type(screen.getByLabelText(/^Phone/), '+351 912 345 678');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('ContactInfoDialog: a failed save, by the one failure policy', () => {
  it('puts a 400 under its field, notifies its first message and stays open', async () => {
    const fetch = answer(400, { email: ['Enter a valid email address.'] });
    const onClose = renderDialog();
    await fillAndSubmit();
    expect(await screen.findByText('Enter a valid email address.', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Enter a valid email address.').length).toBe(2));
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch).toHaveBeenCalledWith('/adminportal/manage-contact-us-info/', expect.objectContaining({ method: 'POST' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the generic failure for a server fault, and the created message and closes on success', async () => {
    answer(500, { detail: 'Database unavailable' });
    const onClose = renderDialog();
    await fillAndSubmit();
    expect(await screen.findByText(COMMON_MESSAGES.serverError)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    const saved = { id: 1, name: 'desk@studio.test', email: 'desk@studio.test', phone: '+351 912 345 678', address: '', description: '' };
    const at = '2026-11-23T08:00:00Z';
    answer(201, { ...saved, time_created: at, time_updated: at });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CONTACT_MESSAGES.created)).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('refuses an answer that does not match its declaration (development and tests)', async () => {
    answer(201, { id: 1, email: 'desk@studio.test' });
    const onClose = renderDialog();
    await fillAndSubmit();
    expect(await screen.findByText(COMMON_MESSAGES.serverError)).toBeTruthy();
    expect(screen.queryByText(CONTACT_MESSAGES.created)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
