import sharp from 'sharp';
import { ABOUT_MESSAGES, COMMON_MESSAGES } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import type { Page } from '@playwright/test';

async function photo(width: number, height: number, seed: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 60, g: (seed * 83) % 256, b: (seed * 29) % 256 } } })
    .jpeg()
    .toBuffer();
  return { name: `about-${seed}.jpg`, mimeType: 'image/jpeg', buffer };
}

// includeHidden: an open MUI dialog marks the rest of the page (the notification bar too) aria-hidden.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();
const ABOUT_ID = /\/adminportal\/pages\/about-content\/\d+\/$/;

test.describe('about page', () => {
  // One about record per server: a retry would meet the first attempt's record, so failures are final.
  test.describe.configure({ mode: 'serial', retries: 0 });

  test('create, then update the about page, with every validation message, surviving reloads', async ({ authed: page, api }) => {
    const errors = watchPageErrors(page);
    const existing = (await (await api.get('/adminportal/pages/about-content/')).json()) as unknown[];
    expect(existing, 'each run starts a fresh server, with no about content').toHaveLength(0);

    await page.goto('/admin-account/About');
    await expect(page.getByText('No about page content yet.')).toBeVisible();
    await page.getByRole('button', { name: ABOUT_MESSAGES.dialogTitle }).first().click();
    const dialog = page.getByRole('dialog', { name: ABOUT_MESSAGES.dialogTitle });
    // No content yet: 'Submit'.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const message of [ABOUT_MESSAGES.headerRequired, ABOUT_MESSAGES.info1Required, ABOUT_MESSAGES.infoImageRequired]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await dialog.getByLabel('About header text').fill('We photograph love stories');
    await dialog.getByRole('textbox', { name: 'About info text', exact: true }).fill('Ten years of weddings across the coast.');
    await dialog.getByLabel('About info text 2 (Optional)').focus();
    await expect(dialog.getByText(ABOUT_MESSAGES.headerRequired)).toHaveCount(0);
    await expect(dialog.getByText(ABOUT_MESSAGES.info1Required)).toHaveCount(0);
    await dialog.getByLabel('About info text 2 (Optional)').fill('Based in Lisbon.');

    await dialog.getByLabel('Info image').setInputFiles(await photo(300, 200, 1));
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toBeVisible();
    await dialog.getByLabel('Info image').setInputFiles(await photo(900, 1200, 2));
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toHaveCount(0);
    await dialog.getByLabel('Page image (Optional)').setInputFiles(await photo(1920, 1080, 3));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, ABOUT_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    const hero = page.getByTestId('about-hero');
    await expect(hero).toContainText('We photograph love stories');
    await expect.poll(() => hero.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('/media/');
    await expect(page.getByText('Ten years of weddings across the coast.')).toBeVisible();
    await expect(page.getByText('Based in Lisbon.')).toBeVisible();

    // Click-to-enlarge, closed with 'Close'.
    await page.getByRole('button', { name: 'Enlarge the about info image' }).click();
    const preview = page.getByRole('dialog', { name: 'About info image' });
    await expect(preview.getByRole('img')).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    // Content exists: 'Update', prefilled; empty images are left out of the request.
    await page.getByRole('button', { name: ABOUT_MESSAGES.dialogTitle }).click();
    const edit = page.getByRole('dialog', { name: ABOUT_MESSAGES.dialogTitle });
    await expect(edit.getByRole('button', { name: 'Update' })).toBeVisible();
    await expect(edit.getByLabel('About header text')).toHaveValue('We photograph love stories');
    await edit.getByLabel('About header text').fill('');
    await edit.getByRole('textbox', { name: 'About info text', exact: true }).focus();
    await expect(edit.getByText(ABOUT_MESSAGES.headerRequired)).toBeVisible();
    await edit.getByLabel('About header text').fill('Stories, not poses');
    const patch = page.waitForRequest((r) => ABOUT_ID.test(r.url()) && r.method() === 'PATCH');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, ABOUT_MESSAGES.updated)).toBeVisible();
    await expect(edit).toBeHidden();
    const body = (await patch).postDataBuffer();
    expect(body?.includes(Buffer.from('name="header_text"'))).toBe(true);
    expect(body?.includes(Buffer.from('name="info_image"'))).toBe(false);
    expect(body?.includes(Buffer.from('name="page_image"'))).toBe(false);
    await page.reload();
    await expect(page.getByTestId('about-hero')).toContainText('Stories, not poses');

    // A new info image replaces the old one.
    const before = await page.getByRole('img', { name: 'About info' }).getAttribute('src');
    await page.getByRole('button', { name: ABOUT_MESSAGES.dialogTitle }).click();
    await edit.getByLabel('Info image').setInputFiles(await photo(1200, 900, 4));
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, ABOUT_MESSAGES.updated)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('img', { name: 'About info' })).not.toHaveAttribute('src', before ?? '');
    expect(errors).toEqual([]);
  });

  test('server field errors land on the fields; no answer shows the spec failure', async ({ authed: page, api }) => {
    const list = (await (await api.get('/adminportal/pages/about-content/')).json()) as unknown[];
    expect(list.length, 'the first test created the about content').toBeGreaterThan(0);
    await page.goto('/admin-account/About');
    await page.getByRole('button', { name: ABOUT_MESSAGES.dialogTitle }).click();
    const dialog = page.getByRole('dialog', { name: ABOUT_MESSAGES.dialogTitle });

    await page.route(ABOUT_ID, (route) =>
      route.fulfill({ status: 400, json: { info_text1: ['Keep the first paragraph shorter'], page_image: [COMMON_MESSAGES.dimension] } }),
    );
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('Keep the first paragraph shorter')).toBeVisible();
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toBeVisible();
    await expect(notification(page, 'Keep the first paragraph shorter')).toBeVisible();
    await page.unrouteAll();

    await page.route(ABOUT_ID, (route) => route.abort());
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, ABOUT_MESSAGES.saveFailed)).toBeVisible();
    await page.unrouteAll();

    await page.route(ABOUT_ID, (route) => route.fulfill({ status: 500, json: { detail: 'x' } }));
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, COMMON_MESSAGES.serverError)).toBeVisible();
    await expect(dialog).toBeVisible();
    await page.unrouteAll();
  });
});
