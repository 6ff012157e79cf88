import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { image } from './site-content-helpers';

const overlap = async (a: Locator, b: Locator) => {
  const x = (await a.boundingBox())!;
  const y = (await b.boundingBox())!;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

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
});
