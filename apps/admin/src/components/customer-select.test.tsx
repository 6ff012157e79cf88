import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CUSTOMER_SEARCH_LIMIT, type CustomerSearchResult, type CustomerSummary } from '@darkroom/contracts';
import { CUSTOMER_SELECT_TEXT, CustomerSelect, matchingCustomers } from './customer-select';
import { CUSTOMER_SEARCH_DELAY_MS } from './use-customers';

const customers: CustomerSummary[] = Array.from({ length: 2000 }, (_, i) => ({
  id: i + 1,
  first_name: i === 1500 ? 'Zélia' : `First${i}`,
  last_name: `Last${i}`,
  username: `customer${i + 1}`,
  email: `c${i + 1}@example.test`,
}));

/** A fake server holding 2,000 customers: answers the search and one-user reads, records each call. */
function serveCustomers() {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(String(input), 'http://studio.test');
    calls.push(url);
    const one = /^\/adminportal\/manage-users\/(\d+)\/$/.exec(url.pathname);
    if (one) {
      const c = customers.find((x) => x.id === Number(one[1]))!;
      const body = { ...c, phone: '1', date_joined: '2026-01-01T00:00:00.000Z', is_active: true, last_login: null };
      return Response.json(body);
    }
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = customers.filter((c) => `${c.first_name} ${c.last_name}|${c.username}|${c.email}`.toLowerCase().includes(q));
    const answer: CustomerSearchResult = { results: found.slice(0, CUSTOMER_SEARCH_LIMIT), more: found.length > CUSTOMER_SEARCH_LIMIT };
    return Response.json(answer);
  });
  return { searches: () => calls.filter((u) => u.pathname.endsWith('/search/')).map((u) => u.searchParams.get('q') ?? ''), calls };
}

function Picker({
  initial = null,
  fallbackText,
  onPick,
}: {
  initial?: number | null;
  fallbackText?: string;
  onPick?: (id: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <CustomerSelect
      value={value}
      fallbackText={fallbackText}
      onChange={(id) => {
        setValue(id);
        onPick?.(id);
      }}
    />
  );
}

function renderPicker(props: Parameters<typeof Picker>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Picker {...props} />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'User' }) as HTMLInputElement;
}

beforeEach(() => {
  // happy-dom lays nothing out: give the listbox the height a browser would, so rows get drawn.
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')!;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'listbox' ? 300 : (height.get!.call(this) as number);
  });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('matchingCustomers', () => {
  it('narrows an answer by name, username or e-mail, ignoring case', () => {
    expect(matchingCustomers(customers, 'zélia').map((c) => c.id)).toEqual([1501]);
    expect(matchingCustomers(customers, 'CUSTOMER1999').map((c) => c.id)).toEqual([1999]);
    expect(matchingCustomers(customers, 'c2000@example').map((c) => c.id)).toEqual([2000]);
    expect(matchingCustomers(customers, 'nobody')).toEqual([]);
    expect(matchingCustomers(customers, ' ')).toHaveLength(2000);
  });
});

describe('CustomerSelect with 2,000 customers', { timeout: 30_000 }, () => {
  it('opens on the first results from the server, mounting only the rows in view, and says more match', async () => {
    const server = serveCustomers();
    const user = userEvent.setup();
    const input = renderPicker();
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: /First0 Last0/ });
    const options = within(listbox).getAllByRole('option');
    expect(options.length).toBeLessThan(CUSTOMER_SEARCH_LIMIT);
    expect(options[0]!.getAttribute('aria-setsize')).toBe(String(CUSTOMER_SEARCH_LIMIT));
    expect(screen.getByText(CUSTOMER_SELECT_TEXT.more)).toBeTruthy();
    expect(server.searches()).toEqual(['']);
  });

  it('searches the server once typing pauses, and picks what it finds', async () => {
    // The pause is the component's timer, on a clock of the test's: typing takes no time here,
    // however slow the machine, until the test lets the pause pass.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library moves a faked clock on between its steps only when it sees Jest's API.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const server = serveCustomers();
    const onPick = vi.fn();
    const user = userEvent.setup({ delay: null });
    const input = renderPicker({ onPick });
    await user.click(input);
    await user.type(input, 'zélia');
    expect(server.searches()).toEqual(['']);
    await act(() => vi.advanceTimersByTimeAsync(CUSTOMER_SEARCH_DELAY_MS));
    // vi.waitFor moves the test's clock on while it waits (the query's answer is delivered on a timer).
    await user.click(await vi.waitFor(() => screen.getByRole('option', { name: /Zélia Last1500/ })));
    expect(onPick).toHaveBeenCalledWith(1501);
    expect(input.value).toBe('Zélia Last1500');
    // One search for the opening list, one for the whole word: none per keystroke.
    expect(server.searches()).toEqual(['', 'zélia']);
    expect(screen.queryByText(CUSTOMER_SELECT_TEXT.more)).toBeNull();
  });

  it('reaches every option by keyboard: End, Home and wrapping past the ends', async () => {
    serveCustomers();
    const user = userEvent.setup();
    const input = renderPicker();
    await user.click(input);
    await screen.findByRole('option', { name: /First0 Last0/ });
    const active = () => {
      const id = input.getAttribute('aria-activedescendant');
      expect(id).toBeTruthy();
      return document.getElementById(id!)!;
    };
    await user.keyboard('{ArrowDown}');
    expect(active().textContent).toContain('First0 Last0');
    await user.keyboard('{End}');
    expect(active().getAttribute('aria-posinset')).toBe(String(CUSTOMER_SEARCH_LIMIT));
    await user.keyboard('{ArrowDown}');
    expect(active().getAttribute('aria-posinset')).toBe('1');
    await user.keyboard('{ArrowUp}');
    expect(active().getAttribute('aria-posinset')).toBe(String(CUSTOMER_SEARCH_LIMIT));
    await user.keyboard('{Home}');
    expect(active().getAttribute('aria-posinset')).toBe('1');
    await user.keyboard('{End}');
    const last = active().textContent;
    await user.keyboard('{Enter}');
    expect(last).toContain(input.value);
  });

  it("shows a record's customer who is not among the first results, looked up by id", async () => {
    const server = serveCustomers();
    const input = renderPicker({ initial: 1999, fallbackText: 'Shown meanwhile' });
    await waitFor(() => expect(input.value).toBe('First1998 Last1998'));
    expect(server.calls.some((u) => u.pathname === '/adminportal/manage-users/1999/')).toBe(true);
  });

  it('says when nobody matches', async () => {
    serveCustomers();
    const user = userEvent.setup();
    const input = renderPicker();
    await user.click(input);
    await user.type(input, 'nobody');
    expect(await screen.findByText(CUSTOMER_SELECT_TEXT.none)).toBeTruthy();
  });
});
