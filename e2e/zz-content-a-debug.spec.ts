import sharp from 'sharp';
import { expect, test } from './fixtures';

test('debug update', async ({ authed: page, api }) => {
  const buffer = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r: 1, g: 2, b: 3 } } }).jpeg().toBuffer();
  const created = await api.post('/adminportal/pages-images/', { multipart: { page: '3', image: { name: 'a.jpg', mimeType: 'image/jpeg', buffer } } });
  expect(created.status()).toBe(201);
  page.on('request', (r) => console.log('REQ', r.method(), r.url()));
  page.on('console', (m) => console.log('CONSOLE', m.text()));
  await page.goto('/admin-account/manage-page-images');
  await page.route(/\/adminportal\/pages-images\/\d+\/$/, (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Edit' }).first().click();
  const edit = page.getByRole('dialog', { name: 'Manage page Images' });
  await edit.getByRole('button', { name: 'Update' }).click();
  await page.waitForTimeout(3000);
  console.log(await page.getByRole('alert').allTextContents());
  console.log(await edit.innerText());
});
