import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Sidebar } from './sidebar';

afterEach(cleanup);

it("shows a group holding only its namesake as a plain item, and the spec's groups as groups", () => {
  render(
    <MemoryRouter>
      <Sidebar />
    </MemoryRouter>,
  );
  const menu = screen.getByRole('navigation', { name: 'Main menu' });
  // Plain: the name once, as the link (not 'Love story > Love story').
  for (const name of ['Love story', 'The team', 'User Enquiries', 'Contact-us Info', 'Users', 'Admin']) {
    expect(within(menu).getAllByText(name, { exact: true }), name).toHaveLength(1);
    expect(within(menu).getByRole('link', { name })).toBeTruthy();
  }
  // Groups the spec names keep their heading above their items.
  for (const [group, item] of [
    ['Dashboards', 'Dashboard'],
    ['Carousel', 'Images'],
    ['Messages', 'Emails'],
  ]) {
    expect(within(menu).getByText(group!, { exact: true }).tagName).toBe('LI');
    expect(within(menu).getByRole('link', { name: item! })).toBeTruthy();
  }
});
