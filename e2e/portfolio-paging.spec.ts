import sharp from 'sharp';
import { expect, test, watchPageErrors } from './fixtures';

test.describe('Manage portfolio with many services', () => {
  test('shows a page of cards, pages by keyboard and finds a service by search', async ({ authed: page, api }) => {
    // 26 services made through the API first: slow on a loaded machine.
    test.slow();
    const errors = watchPageErrors(page);
    const tag = `Paging${Date.now()}`;
    const cover = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 90, b: 60 } } })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < 26; i++) {
      const res = await api.post('/adminportal/manage-services/', {
        multipart: {
          name: `${tag} item-${String(i).padStart(2, '0')}`,
          description: i === 7 ? 'Elopements in the hills' : 'A service',
          cover_image: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto(`/admin-account/portfolio`);
    const search = page.getByRole('searchbox', { name: 'Search services' });
    await search.fill(tag);
    const cards = page.locator('.MuiCard-root');
    await expect(cards).toHaveCount(24);
    await expect(page.getByText(/^26 of \d+ services$/)).toBeVisible();
    // New services go last: the oldest of the search leads its first page.
    await expect(cards.first()).toContainText(`${tag} item-00`);

    // The page buttons take the keyboard.
    const next = page.getByRole('navigation', { name: 'Pages of services' }).getByRole('button', { name: 'Go to next page' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(cards).toHaveCount(2);
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(cards.first()).toContainText(`${tag} item-24`);

    // Back to page 1 of a narrower search: by a word of the description.
    await search.fill(`${tag} elopements`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`${tag} item-07`);
    await search.fill(`${tag} nothing-like-this`);
    await expect(page.getByText(`No services match “${tag} nothing-like-this”.`)).toBeVisible();
    expect(errors).toEqual([]);
  });
});
