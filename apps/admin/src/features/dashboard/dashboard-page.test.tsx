import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { DASHBOARD_COUNT_KEYS, DASHBOARD_MESSAGES, DASHBOARD_PUBLISHABLE_KEYS, type DashboardSummary } from '@darkroom/contracts';
import DashboardPage from './dashboard-page';

const summary = (recipients: number): DashboardSummary => ({
  counts: Object.fromEntries(DASHBOARD_COUNT_KEYS.map((k) => [k, 1])) as DashboardSummary['counts'],
  published: Object.fromEntries(DASHBOARD_PUBLISHABLE_KEYS.map((k) => [k, 0])) as DashboardSummary['published'],
  latest_enquiries: [],
  latest_deliveries: [],
  storage: { files: 0, bytes: 0, measured_at: '2026-11-28T00:00:00.000Z' },
  enquiry_recipients: recipients,
});

function renderWith(recipients: number) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(summary(recipients)), { headers: { 'Content-Type': 'application/json' } }),
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
