import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Service } from '@darkroom/contracts';
import ServicesPage from './services-page';
import { SERVICES_PER_PAGE } from './queries';

const service = (i: number): Service => ({
  id: i,
  name: `Service ${String(i).padStart(3, '0')}`,
  description: i === 150 ? 'Élopements in the mountains' : `Photos of kind ${i}`,
  description2: '',
  cover_image: `/media/c/${i}.webp`,
  cover_image_view: {
    url: `/media/c/${i}.webp`,
    srcset: `/media/c/${i}.webp 800w`,
    placeholder: null,
    width: 800,
    height: 600,
    square: null,
    wide: null,
  },
  site_cover_image: `/media/s/${i}.webp`,
  orig_image: `/adminportal/originals/${i}/`,
  status: i % 2 === 0,
  seo_title: '',
  seo_description: '',
  time_created: '2026-11-28T00:00:00.000Z',
  time_updated: '2026-11-28T00:00:00.000Z',
});

/** The portfolio with `count` services, answered once `release` is called (or at once). */
function renderWith(count: number, { hold = false } = {}) {
  let release = () => {};
  const answered = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  vi.stubGlobal('fetch', async () => {
    await answered;
    return new Response(JSON.stringify(Array.from({ length: count }, (_, i) => service(count - i))), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/portfolio']}>
        <ServicesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { release };
}

const cards = () => screen.queryAllByRole('button', { name: /^Edit Service / }).map((b) => b.getAttribute('aria-label')!.slice(5));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('draws one page of 200 services, pages through them by keyboard, and finds one by its description', async () => {
  const { release } = renderWith(200, { hold: true });
  expect(screen.getByLabelText('Fetching data...')).toBeTruthy();
  release();
  expect(await screen.findByText('200 services')).toBeTruthy();
  // The first cards are drawn with the page, the others in the idle moments after.
  await waitFor(() => expect(cards()).toHaveLength(SERVICES_PER_PAGE), { timeout: 10_000 });
  expect(cards()[0]).toBe('Service 200');
  // All 200 cards drew about 5,800 elements here; a page of them draws under 1,000.
  expect(document.body.querySelectorAll('*').length).toBeLessThan(1000);

  const user = userEvent.setup();
  const pages = screen.getByRole('navigation', { name: 'Pages of services' });
  expect(within(pages).getByRole('button', { name: 'Go to page 9' })).toBeTruthy();
  within(pages).getByRole('button', { name: 'Go to next page' }).focus();
  await user.keyboard('{Enter}');
  expect(cards()[0]).toBe(`Service ${200 - SERVICES_PER_PAGE}`);
  expect(within(pages).getByRole('button', { name: 'page 2' }).getAttribute('aria-current')).toBe('page');

  // Searching starts again at page 1, accents and case aside.
  await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'ELOP');
  expect(cards()).toEqual(['Service 150']);
  expect(screen.getByText('1 of 200 services')).toBeTruthy();
  expect(screen.queryByRole('navigation', { name: 'Pages of services' })).toBeNull();

  await user.type(screen.getByRole('searchbox', { name: 'Search services' }), ' zz');
  expect(cards()).toEqual([]);
  expect(screen.getByText('No services match “ELOP zz”.')).toBeTruthy();
});

it('says how to start when there is no service yet', async () => {
  renderWith(0);
  expect(await screen.findByText('No services yet. Add the first one to start your portfolio.')).toBeTruthy();
  expect(screen.queryByRole('searchbox')).toBeNull();
});
