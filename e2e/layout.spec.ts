import type { Locator } from '@playwright/test';
import { expect, pagesScrollingSideways, test } from './fixtures';
import { image } from './site-content-helpers';
import { createCustomer, jpeg, uniqueTitle } from './story-helpers';

const overlap = async (a: Locator, b: Locator) => {
  const x = (await a.boundingBox())!;
  const y = (await b.boundingBox())!;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

/** Whether an element's text is cut: its content is wider than the box it is drawn in. */
const isCut = (cell: Locator) => cell.evaluate((el) => el.scrollWidth > el.clientWidth);

test.describe('layout on a 375 px phone and in tables', () => {
  test('the gallery title never covers the Back button, and page titles stay small', async ({ authed: page, api }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const name = `A rather long wedding gallery name ${Date.now()}`;
    const res = await api.post('/adminportal/manage-services/', {
      multipart: { name, description: 'Layout', cover_image: await image(81, 1200, 800) },
    });
    expect(res.status()).toBe(201);
    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}`);
    const title = page.getByRole('heading', { level: 1, name });
    const back = page.getByRole('button', { name: 'Back' });
    await expect(title).toBeVisible();
    await expect(back).toBeVisible();
    expect(await overlap(title, back)).toBe(false);
    expect(parseFloat(await title.evaluate((el) => getComputedStyle(el).fontSize))).toBeLessThanOrEqual(20);
  });

  test('a table cell too narrow for its value ends in an ellipsis and shows the full value on hover', async ({ authed: page, api }) => {
    const phone = `+351 912 345 678 ${Date.now()}`;
    const n = Date.now();
    const res = await api.post('/adminportal/manage-users/', {
      data: { first_name: 'Wide', last_name: 'Cell', email: `wide${n}@example.test`, username: `wide_${n}`, phone },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto('/admin-account/Manage-users');
    await page.getByPlaceholder('Enter item to search').fill(`wide_${n}`);
    const cell = page.getByTitle(phone, { exact: true });
    await expect(cell).toBeVisible();
    expect(await cell.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
  });

  test("on a photo page 'Delete selected' leaves the refresh and column buttons free, and titles stay on one line", async ({
    authed: page,
    api,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const res = await api.post('/adminportal/manage-services/', {
      multipart: { name: `Phone photos ${Date.now()}`, description: 'Layout', cover_image: await image(82, 1200, 800) },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await page.goto(`/admin-account/ManageCategory?id=${id}`);
    const remove = page.getByRole('button', { name: /^Delete selected/ });
    await expect(remove).toBeVisible();
    for (const name of ['Refresh', 'Columns', 'Filters']) {
      const other = page.getByRole('button', { name, exact: true });
      await expect(other).toBeVisible();
      expect(await overlap(remove, other), `'Delete selected' covers ${name}`).toBe(false);
    }
    // The search box may wrap to its own row, but stays above the column headers.
    const searchBox = page.getByRole('searchbox', { name: 'Search' });
    await expect(searchBox).toBeVisible();
    expect(await overlap(searchBox, page.getByRole('columnheader', { name: 'Name' })), 'the search box is under the headers').toBe(false);
    const heading = page.getByRole('heading', { level: 1 });
    expect(await overlap(heading, page.getByRole('link', { name: /Back/ })), 'the title covers Back').toBe(false);

    // Titles of the screens a phone user opens most fit on one line.
    for (const path of ['/portfolio', '/Contact-us-info', '/manage-carousel-images', '/Manage-users', '/User-enquiries']) {
      await page.goto(`/admin-account${path}`);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toBeVisible();
      const { height, lineHeight } = await h1.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(height, `${path}: the title breaks into two lines`).toBeLessThan(lineHeight * 1.5);
    }
  });

  test('at 1280 px the users and admins tables show a long phone and Never whole', async ({ authed: page, api }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const n = Date.now();
    const phone = '+351 912 345 678 90';
    for (const kind of ['users', 'admins'] as const) {
      const res = await api.post(`/adminportal/manage-${kind}/`, {
        data: { first_name: 'Maximiliana', last_name: 'Wolfeschlegel', email: `${kind}${n}@example.test`, username: `${kind}_${n}`, phone },
      });
      expect(res.status(), await res.text()).toBe(201);
      await page.goto(`/admin-account/Manage-${kind}`);
      await page.getByPlaceholder('Enter item to search').fill(`${kind}_${n}`);
      const row = page.getByRole('row').filter({ hasText: `${kind}_${n}` });
      await expect(row).toHaveCount(1);
      const phoneCell = row.getByTitle(phone, { exact: true });
      const never = row.getByTitle('Never', { exact: true });
      await expect(phoneCell).toHaveText(phone);
      await expect(never).toHaveText('Never');
      // Sizing happens once the rows are drawn.
      await expect.poll(() => isCut(phoneCell), { message: `${kind}: the phone is cut` }).toBe(false);
      expect(await isCut(never), `${kind}: 'Never' is cut`).toBe(false);
      for (const header of ['First name', 'Last name', 'Last Login']) {
        const title = page.getByRole('columnheader', { name: header }).locator('.MuiDataGrid-columnHeaderTitle');
        expect(await isCut(title), `${kind}: the header ${header} is cut`).toBe(false);
      }
    }
  });

  test('no page of the main menu scrolls sideways, at 1280 px or on a 375 px phone', async ({ authed: page, api }) => {
    test.setTimeout(120_000);
    // A client gallery, so its page shows a card: a card's hidden text once widened the page to the
    // last card's left edge plus the page's width (301 px too wide with one card, 1,048 with four).
    const customer = await createCustomer(api, 'Wide');
    const res = await api.post('/adminportal/manage-client-galleries/', {
      multipart: { title: uniqueTitle('Layout'), user: String(customer.id), status: 'true', cover_image: await jpeg(61) },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin-account/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link').first()).toBeVisible();
    const paths = [
      ...new Set(await menu.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))),
    ];
    expect(paths.length).toBeGreaterThan(10);
    expect(await pagesScrollingSideways(page, paths, [1280, 375]), 'pages that scroll sideways').toEqual([]);
  });
});
