import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { COMMON_MESSAGES, SERVICE_PAGE_MESSAGES, type ServicePageContent } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';

// includeHidden: while a MUI dialog is open the notification bar sits under aria-hidden siblings.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();

async function jpeg(width: number, height: number, color: { r: number; g: number; b: number }, name: string) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test.describe('service page', () => {
  // One service page per server: a retry would meet the first attempt's record, so failures are final.
  test.describe.configure({ retries: 0 });
  test('create, then edit the single service page; failures and validation; it survives reloads', async ({ authed: page, api }) => {
    const errors = watchPageErrors(page);
    const n = `${Date.now()}`;
    const existing = (await (await api.get('/adminportal/pages/service-content/')).json()) as ServicePageContent[];
    expect(existing, 'each run starts a fresh server, with no service page').toHaveLength(0);

    await page.goto('/admin-account/Services');
    await expect(page.getByRole('heading', { name: 'Service page', exact: true })).toBeVisible();
    await expect(page.getByText(SERVICE_PAGE_MESSAGES.empty)).toBeVisible();

    // Create mode: the spec's image message and the name message.
    await page.getByRole('button', { name: 'Create service page' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create service page' });
    await create.getByRole('button', { name: 'Submit' }).click();
    await expect(create.getByText(SERVICE_PAGE_MESSAGES.nameRequired, { exact: true })).toBeVisible();
    await expect(create.getByText(SERVICE_PAGE_MESSAGES.imageRequired, { exact: true })).toBeVisible();

    const name = `Our services ${n}`;
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Description').fill('Weddings, portraits and events.\nAnywhere in the country.');
    await create.getByLabel('Service page image').setInputFiles(await jpeg(1200, 800, { r: 180, g: 90, b: 40 }, 'service.jpg'));
    await expect(create.getByText(SERVICE_PAGE_MESSAGES.imageRequired, { exact: true })).toBeHidden();

    // A server failure shows the spec's creation message and keeps the dialog.
    await page.route('**/adminportal/pages/service-content/', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
    );
    await create.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, SERVICE_PAGE_MESSAGES.createFailed)).toBeVisible();
    await expect(create).toBeVisible();
    await page.unroute('**/adminportal/pages/service-content/');

    await create.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, SERVICE_PAGE_MESSAGES.created)).toBeVisible();
    await expect(create).toBeHidden();
    const article = page.getByRole('article', { name: 'Current service page' });
    await expect(article.getByRole('heading', { name })).toBeVisible();
    await expect(article).toContainText('Anywhere in the country.');
    const firstSrc = await article.getByRole('img', { name }).getAttribute('src');
    expect(firstSrc).toMatch(/^\/media\//);

    await page.reload();
    await expect(article.getByRole('heading', { name })).toBeVisible();

    // Edit mode: prefilled, the image optional; a too-small image is refused by the server.
    await page.getByRole('button', { name: 'Edit service page' }).click();
    const edit = page.getByRole('dialog', { name: 'Update service page' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Service page image').setInputFiles(await jpeg(300, 200, { r: 10, g: 10, b: 10 }, 'tiny.jpg'));
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(edit.getByText(COMMON_MESSAGES.dimension)).toBeVisible();
    await expect(notification(page, COMMON_MESSAGES.dimension)).toBeVisible();

    // A server failure on update shows the spec's update message.
    await page.route('**/adminportal/pages/service-content/*/', (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await edit.getByLabel('Service page image').setInputFiles(await jpeg(1600, 900, { r: 20, g: 120, b: 200 }, 'new.jpg'));
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, SERVICE_PAGE_MESSAGES.updateFailed)).toBeVisible();
    await page.unroute('**/adminportal/pages/service-content/*/');

    const renamed = `Services we offer ${n}`;
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByLabel('Description').fill('Now with drone shots.');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, SERVICE_PAGE_MESSAGES.updated)).toBeVisible();
    // Update dialogs close 3 seconds after success.
    await expect(edit).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 6000 });
    await expect(article.getByRole('heading', { name: renamed })).toBeVisible();
    const secondSrc = await article.getByRole('img', { name: renamed }).getAttribute('src');
    expect(secondSrc).not.toBe(firstSrc);

    await page.reload();
    await expect(article.getByRole('heading', { name: renamed })).toBeVisible();
    await expect(article).toContainText('Now with drone shots.');
    await expect(article.getByRole('img', { name: renamed })).toHaveAttribute('src', secondSrc!);
    // Still a single record.
    expect(((await (await api.get('/adminportal/pages/service-content/')).json()) as ServicePageContent[]).length).toBe(1);
    expect(errors).toEqual([]);
  });
});
