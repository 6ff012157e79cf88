import { COMMON_MESSAGES, HOME_GALLERY_MESSAGES, publishMessages } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import { cardOf, image, notice, shortId, togglePublish } from './site-content-helpers';

const PAGE = '/admin-account/manage-home-gallery';
const URL = '/adminportal/home-gallery-image/';
const published = publishMessages('Gallery image');

/** An image whose file name is unique, since the name comes from it. */
async function named(seed: number, width?: number, height?: number) {
  const file = await image(seed, width ?? 900, height ?? 600);
  return { ...file, name: `home-${shortId()}.jpg` };
}

test.describe('home gallery', () => {
  test('upload with validation, replace, publish, unpublish, preview and delete; each change survives a reload', async ({
    authed: page,
  }) => {
    test.setTimeout(180_000);
    const errors = watchPageErrors(page);
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { name: 'Gallery images' })).toBeVisible();

    // The image is required.
    await page.getByRole('button', { name: 'Upload images' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload gallery images' });
    // Left unpublished here: publishing is checked below, card by card.
    await dialog.getByRole('checkbox', { name: 'Publish them on the home page' }).uncheck();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText(HOME_GALLERY_MESSAGES.imageRequired, { exact: true })).toBeVisible();

    // The server's dimension check, shown beside the file.
    const small = await named(11, 200, 150);
    await dialog.locator('input[type=file]').setInputFiles(small);
    await expect(dialog.getByText(HOME_GALLERY_MESSAGES.imageRequired)).toBeHidden();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(notice(page, COMMON_MESSAGES.dimension)).toBeVisible();
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toBeVisible();
    await dialog.getByRole('button', { name: `Remove ${small.name}` }).click();

    // Upload: the card is named after the file.
    const first = await named(12);
    await dialog.locator('input[type=file]').setInputFiles(first);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(notice(page, HOME_GALLERY_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cardOf(page, first.name)).toBeVisible();
    await page.reload();
    const card = cardOf(page, first.name);
    await expect(card.getByRole('img', { name: first.name })).toHaveAttribute('src', /\/media\/.+\.webp$/);

    // Preview.
    await card.getByRole('button', { name: `View ${first.name}` }).click();
    const preview = page.getByRole('dialog', { name: first.name });
    await expect(preview.getByRole('img')).toHaveAttribute('src', /\/media\/.+\.webp$/);
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    // Edit replaces the image; the new file's name is used; the dialog closes by itself.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Update gallery image' });
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(edit.getByText(HOME_GALLERY_MESSAGES.imageRequired)).toBeVisible();
    const second = await named(13);
    await edit.locator('input[type=file]').setInputFiles(second);
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, HOME_GALLERY_MESSAGES.updated)).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });
    await page.reload();
    await expect(cardOf(page, second.name)).toBeVisible();
    await expect(cardOf(page, first.name)).toHaveCount(0);

    // Publish, then unpublish.
    await togglePublish(page, cardOf(page, second.name), 'publish');
    await expect(notice(page, published.published)).toBeVisible();
    await page.reload();
    await expect(cardOf(page, second.name).getByText('Published', { exact: true })).toBeVisible();
    await togglePublish(page, cardOf(page, second.name), 'unpublish');
    await expect(notice(page, published.unpublished)).toBeVisible();
    await page.reload();
    await expect(cardOf(page, second.name).getByText('Unpublished', { exact: true })).toBeVisible();

    // Delete: cancel first, then confirm.
    await cardOf(page, second.name).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(cardOf(page, second.name)).toBeVisible();
    await cardOf(page, second.name).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notice(page, HOME_GALLERY_MESSAGES.deleted)).toBeVisible();
    await expect(cardOf(page, second.name)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Gallery images' })).toBeVisible();
    await expect(cardOf(page, second.name)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('failures show the spec messages and keep the list', async ({ authed: page, api }) => {
    test.setTimeout(120_000);
    const file = await named(14);
    const created = await api.post(URL, { multipart: { cover_image: file } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.goto(PAGE);
    const card = cardOf(page, file.name);
    await expect(card).toBeVisible();

    // Creation with no answer from the server.
    await page.route(`**${URL}`, (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    await page.getByRole('button', { name: 'Upload images' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload gallery images' });
    await dialog.getByRole('checkbox', { name: 'Publish them on the home page' }).uncheck();
    await dialog.locator('input[type=file]').setInputFiles(await named(15));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(notice(page, HOME_GALLERY_MESSAGES.createFailed)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute(`**${URL}`);

    // Publish and delete failures keep the card as it was.
    await page.route(`**${URL}${id}/`, (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await togglePublish(page, card, 'publish');
    await expect(notice(page, published.publishFailed)).toBeVisible();
    await expect(card.getByText('Unpublished', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notice(page, HOME_GALLERY_MESSAGES.deleteFailed)).toBeVisible();
    await expect(card).toBeVisible();
    await page.unroute(`**${URL}${id}/`);

    await togglePublish(page, card, 'publish');
    await expect(notice(page, published.published)).toBeVisible();
    await page.route(`**${URL}${id}/`, (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await togglePublish(page, card, 'unpublish');
    await expect(notice(page, published.unpublishFailed)).toBeVisible();
    await page.unroute(`**${URL}${id}/`);

    // The image disappears behind the page's back: the replacement fails with the area's message.
    expect((await api.delete(`${URL}${id}/`)).status()).toBe(204);
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Update gallery image' });
    await edit.locator('input[type=file]').setInputFiles(await named(16));
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, HOME_GALLERY_MESSAGES.updateFailed)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Gallery images' })).toBeVisible();
    await expect(cardOf(page, file.name)).toHaveCount(0);
  });
});
