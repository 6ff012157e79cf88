import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { DASHBOARD_COUNT_KEYS, DASHBOARD_MESSAGES, DASHBOARD_PUBLISHABLE_KEYS, type DashboardSummary } from '@darkroom/contracts';
import DashboardPage from './dashboard-page';

const summary = (recipients: number, submitted: DashboardSummary['submitted_selections'] = []): DashboardSummary => ({
  counts: Object.fromEntries(DASHBOARD_COUNT_KEYS.map((k) => [k, 1])) as DashboardSummary['counts'],
  published: Object.fromEntries(DASHBOARD_PUBLISHABLE_KEYS.map((k) => [k, 0])) as DashboardSummary['published'],
  latest_enquiries: [],
  latest_deliveries: [],
  storage: { files: 0, bytes: 0, measured_at: '2026-11-28T00:00:00.000Z' },
  enquiry_recipients: recipients,
  submitted_selections: submitted,
});

function renderWith(recipients: number, submitted: DashboardSummary['submitted_selections'] = []) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(summary(recipients, submitted)), { headers: { 'Content-Type': 'application/json' } }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('warns while no admin has an e-mail address, with a link to set one', async () => {
  renderWith(0);
  expect(await screen.findByText(DASHBOARD_MESSAGES.noRecipients)).toBeTruthy();
  const link = screen.getByRole('link', { name: DASHBOARD_MESSAGES.addEmail });
  expect(link.getAttribute('href')).toBe('/UserProfile');
});

it('says nothing once an admin has one', async () => {
  renderWith(1);
  expect(await screen.findByRole('link', { name: /Services/ })).toBeTruthy();
  expect(screen.queryByText(DASHBOARD_MESSAGES.noRecipients)).toBeNull();
});

it("lists visitors' submitted selections, each a link to its gallery's photos", async () => {
  renderWith(1, [
    {
      client_gallery: 4,
      title: 'Smith wedding',
      name: 'Ada',
      email: 'ada@example.test',
      count: 40,
      submitted_at: '2026-11-28T10:00:00.000Z',
    },
  ]);
  const list = await screen.findByRole('list', { name: 'Submitted selections' });
  expect(list.textContent).toContain('Ada (ada@example.test): 40 photos');
  expect(screen.getByRole('link', { name: 'Smith wedding' }).getAttribute('href')).toBe('/ClientGalleries?id=4');
});
