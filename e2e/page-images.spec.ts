import sharp from 'sharp';
import { COMMON_MESSAGES, PAGE_IMAGE_MESSAGES, publishMessages } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import type { Locator, Page } from '@playwright/test';

const PUBLISH = publishMessages('Page image');

/** A real JPEG made in the test; each seed has its own colours (and hash). */
async function photo(width: number, height: number, seed: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: (seed * 67) % 256, g: (seed * 131) % 256, b: 90 } } })
    .jpeg()
    .toBuffer();
  return { name: `page-${seed}.jpg`, mimeType: 'image/jpeg', buffer };
}

// includeHidden: an open MUI dialog marks the rest of the page (the notification bar too) aria-hidden.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();
const card = (page: Page, title: string) =>
  page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function choosePage(dialog: Locator, name: string) {
  await dialog.getByRole('combobox', { name: /Page/ }).click();
  // A page that already has an image says so in its option: 'Home (has an image)'.
  await dialog
    .page()
    .getByRole('option', { name: new RegExp(`^${name}( \\(has an image\\))?$`) })
    .click();
}

/** Picks a file, frames it in the 16:9 crop dialog and applies the crop. */
async function chooseImage(dialog: Locator, file: Awaited<ReturnType<typeof photo>>) {
  await dialog.locator('input[type=file]').setInputFiles(file);
  const crop = dialog.page().getByRole('dialog', { name: 'Crop image' });
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'Crop' }).click();
  await expect(crop).toBeHidden();
}

test.describe('page images', () => {
  test.describe.configure({ mode: 'serial' });

  test('create with every validation message, preview, publish, unpublish, edit and delete, surviving reloads', async ({
    authed: page,
    api,
  }) => {
    const errors = watchPageErrors(page);
    await page.goto('/admin-account/manage-page-images');
    await expect(page.getByRole('heading', { name: 'Manage page images' })).toBeVisible();

    // Create: the spec's 'Update' if page images already exist, otherwise 'Submit'; the page is required.
    const existing = ((await (await api.get('/adminportal/pages-images/')).json()) as unknown[]).length;
    const submitLabel = existing ? 'Update' : 'Submit';
    await page.getByRole('button', { name: 'Add page image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage page Images' });
    await expect(dialog.getByRole('button', { name: submitLabel })).toBeVisible();
    await dialog.getByRole('button', { name: submitLabel }).click();
    await expect(dialog.getByText(PAGE_IMAGE_MESSAGES.pageRequired, { exact: true })).toBeVisible();

    // The image-required message names the chosen page.
    for (const [name, message] of [
      ['Home', 'Home image is required'],
      ['Contact us', 'Contact info image is required'],
      ['Services', 'Service image page is required'],
      ['Love story', 'Love story page image is required'],
    ]) {
      await choosePage(dialog, name);
      await dialog.getByRole('button', { name: submitLabel }).click();
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByText(PAGE_IMAGE_MESSAGES.pageRequired)).toHaveCount(0);

    // Too small after the crop: the dimension message.
    await chooseImage(dialog, await photo(800, 450, 1));
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toBeVisible();

    // A good image: cropped to 16:9 in the browser before upload.
    await choosePage(dialog, 'Blog');
    const upload = page.waitForRequest((r) => r.url().endsWith('/adminportal/pages-images/') && r.method() === 'POST');
    await chooseImage(dialog, await photo(2400, 1600, 2));
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toHaveCount(0);
    await dialog.getByRole('button', { name: submitLabel }).click();
    await expect(notification(page, PAGE_IMAGE_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();
    expect((await upload).headers()['content-type']).toContain('multipart/form-data');

    await page.reload();
    const blog = card(page, 'BLOG');
    await expect(blog).toHaveCount(1);
    const img = blog.getByRole('img', { name: 'BLOG' });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    // The stored image is 16:9.
    const ratio = await img.evaluate((el: HTMLImageElement) => el.naturalWidth / el.naturalHeight);
    expect(ratio).toBeCloseTo(16 / 9, 1);

    // Click-to-preview, closed with 'Close'.
    await blog.getByRole('button', { name: 'View BLOG' }).click();
    const preview = page.getByRole('dialog', { name: 'BLOG' });
    await expect(preview.getByRole('img')).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    // Publish, confirmed first; it survives a reload.
    await blog.getByRole('switch').click();
    const confirmPublish = page.getByRole('dialog', { name: COMMON_MESSAGES.confirmPublish });
    await confirmPublish.getByRole('button', { name: 'Publish' }).click();
    await expect(notification(page, PUBLISH.published)).toBeVisible();
    await expect(confirmPublish).toBeHidden();
    await page.reload();
    await expect(card(page, 'BLOG').getByRole('switch')).toBeChecked();

    // Unpublish.
    await card(page, 'BLOG').getByRole('switch').click();
    const confirmUnpublish = page.getByRole('dialog', { name: COMMON_MESSAGES.confirmUnpublish });
    await confirmUnpublish.getByRole('button', { name: 'Unpublish' }).click();
    await expect(notification(page, PUBLISH.unpublished)).toBeVisible();
    await page.reload();
    await expect(card(page, 'BLOG').getByRole('switch')).not.toBeChecked();

    // Edit: 'Update'; a new page without a new image keeps the image (it is omitted from the request).
    await card(page, 'BLOG').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Manage page Images' });
    await expect(edit.getByRole('button', { name: 'Update' })).toBeVisible();
    await choosePage(edit, 'About us');
    const patch = page.waitForRequest((r) => /\/adminportal\/pages-images\/\d+\/$/.test(r.url()) && r.method() === 'PATCH');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, PAGE_IMAGE_MESSAGES.updated)).toBeVisible();
    await expect(edit).toBeHidden();
    const patchBody = (await patch).postDataBuffer();
    expect(patchBody?.includes(Buffer.from('name="page"'))).toBe(true);
    expect(patchBody?.includes(Buffer.from('name="image"'))).toBe(false);
    await page.reload();
    await expect(card(page, 'ABOUT US')).toHaveCount(1);
    await expect(card(page, 'BLOG')).toHaveCount(0);

    // Delete: 'No, Cancel' keeps it, 'Yes, Delete' removes it.
    await card(page, 'ABOUT US').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, 'ABOUT US')).toHaveCount(1);
    await card(page, 'ABOUT US').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, PAGE_IMAGE_MESSAGES.deleted)).toBeVisible();
    await page.reload();
    await expect(card(page, 'ABOUT US')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('failures show the spec messages and keep the list', async ({ authed: page, api }) => {
    const created = await api.post('/adminportal/pages-images/', {
      multipart: { page: '3', image: await photo(1920, 1080, 3) },
    });
    expect(created.status()).toBe(201);
    await page.goto('/admin-account/manage-page-images');
    const gallery = card(page, 'CLIENT GALLERY');
    await expect(gallery).toHaveCount(1);

    // Publish failure (the server answers 500): the failure message, the list unchanged.
    await page.route(/\/adminportal\/pages-images\/\d+\/$/, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
    );
    await gallery.getByRole('switch').click();
    await page.getByRole('dialog', { name: COMMON_MESSAGES.confirmPublish }).getByRole('button', { name: 'Publish' }).click();
    await expect(notification(page, PUBLISH.publishFailed)).toBeVisible();
    await expect(gallery.getByRole('switch')).not.toBeChecked();

    // Update answered with 500: the generic server message.
    await gallery.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Manage page Images' });
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, COMMON_MESSAGES.serverError)).toBeVisible();
    await expect(edit).toBeVisible();
    await page.unroute(/\/adminportal\/pages-images\/\d+\/$/);

    // Update with no answer at all (network down): 'Page image update failed'.
    await page.route(/\/adminportal\/pages-images\/\d+\/$/, (route) =>
      route.request().method() === 'PATCH' ? route.abort() : route.fallback(),
    );
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, PAGE_IMAGE_MESSAGES.updateFailed)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // A 400 from the server: its page message under the field and in the notification.
    await page.route('**/adminportal/pages-images/', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, json: { page: ['Select a valid page'] } }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add page image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage page Images' });
    await choosePage(dialog, 'Home');
    await chooseImage(dialog, await photo(1920, 1080, 4));
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, 'Select a valid page')).toBeVisible();
    await expect(dialog.getByText('Select a valid page')).toBeVisible();
    await page.unroute('**/adminportal/pages-images/');

    // Create with no answer: 'Page image upload failed'.
    await page.route('**/adminportal/pages-images/', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, PAGE_IMAGE_MESSAGES.createFailed)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/adminportal/pages-images/');

    // Delete with no answer: 'Page image deletion failed', and the card stays.
    await page.route(/\/adminportal\/pages-images\/\d+\/$/, (route) =>
      route.request().method() === 'DELETE' ? route.abort() : route.fallback(),
    );
    await gallery.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, PAGE_IMAGE_MESSAGES.deleteFailed)).toBeVisible();
    await expect(gallery).toHaveCount(1);
    await page.unrouteAll();

    // The list itself failing to load.
    await page.route('**/adminportal/pages-images/', (route) => route.fulfill({ status: 500, json: { detail: 'down' } }));
    await page.reload();
    await expect(page.getByText(PAGE_IMAGE_MESSAGES.loadFailed, { exact: true })).toBeVisible();
    await page.unrouteAll();

    // Clean up for reruns against the same server.
    await api.delete(`/adminportal/pages-images/${(await created.json()).id}/`);
  });

  test('the page choice shows which pages have an image and warns before a second one; a text file named .jpg is named as not an image', async ({
    authed: page,
    api,
  }) => {
    const created = await api.post('/adminportal/pages-images/', { multipart: { page: '2', image: await photo(1920, 1080, 5) } });
    expect(created.status()).toBe(201);
    await page.goto('/admin-account/manage-page-images');
    await page.getByRole('button', { name: 'Add page image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage page Images' });
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeVisible();
    await dialog.getByRole('combobox', { name: /Page/ }).click();
    await expect(page.getByRole('option', { name: 'Home (has an image)' })).toBeVisible();
    await page.getByRole('option', { name: 'Home (has an image)' }).click();
    await expect(dialog.getByTestId('page-taken')).toHaveText(
      'HOME already has a page image; saving adds a second one. To replace it, edit its card instead.',
    );

    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text') });
    await expect(dialog.getByText('The file is not a JPEG or PNG image')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Crop image' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await api.delete(`/adminportal/pages-images/${(await created.json()).id}/`);
  });
});
