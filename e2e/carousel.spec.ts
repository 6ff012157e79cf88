import { CAROUSEL_MESSAGES, COMMON_MESSAGES, publishMessages } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import { cardOf, image, notice, shortId, togglePublish } from './site-content-helpers';

const PAGE = '/admin-account/manage-carousel-images';
const published = publishMessages('Carousel');

test.describe('carousel', () => {
  test('create with validation, edit, publish, unpublish, preview and delete; each change survives a reload', async ({ authed: page }) => {
    test.setTimeout(180_000);
    const errors = watchPageErrors(page);
    const header = `Hi ${shortId()}`;
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { name: 'Carousel images' })).toBeVisible();

    // Validation on blur, then every required message on submit.
    await page.getByRole('button', { name: 'Add carousel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new carousel' });
    await dialog.getByLabel('Header').focus();
    await dialog.getByLabel('Title').focus();
    await expect(dialog.getByText(CAROUSEL_MESSAGES.headerRequired)).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const m of [
      CAROUSEL_MESSAGES.headerRequired,
      CAROUSEL_MESSAGES.titleRequired,
      CAROUSEL_MESSAGES.messageRequired,
      CAROUSEL_MESSAGES.imageRequired,
    ]) {
      await expect(dialog.getByText(m, { exact: true })).toBeVisible();
    }

    // The 15/15/40 limits, with the spec's messages.
    await dialog.getByLabel('Header').fill('h'.repeat(16));
    await dialog.getByLabel('Title').fill('t'.repeat(16));
    await dialog.getByLabel('Message').fill('m'.repeat(41));
    await dialog.getByLabel('Header').focus();
    await expect(dialog.getByText('Header can not be more than 15 characters')).toBeVisible();
    await expect(dialog.getByText('Title can not be more than 15 characters')).toBeVisible();
    await expect(dialog.getByText('Favourite name can not be more than 40 characters')).toBeVisible();

    // The server's dimension check shows in the notification and under the image.
    await dialog.getByLabel('Header').fill(header);
    await dialog.getByLabel('Title').fill('Our studio');
    await dialog.getByLabel('Message').fill('Weddings, portraits and families');
    await dialog.locator('input[type=file]').setInputFiles(await image(1, 600, 300));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notice(page, COMMON_MESSAGES.dimension)).toBeVisible();
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toBeVisible();

    await dialog.locator('input[type=file]').setInputFiles(await image(2));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notice(page, CAROUSEL_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cardOf(page, header)).toContainText('Our studio');

    await page.reload();
    const card = cardOf(page, header);
    await expect(card).toContainText('Our studio');
    await expect(card.getByRole('img', { name: header })).toHaveAttribute('src', /\/media\/.+\.webp$/);

    // Preview.
    await card.getByRole('button', { name: `View ${header}` }).click();
    const preview = page.getByRole('dialog', { name: header });
    await expect(preview.getByRole('img')).toHaveAttribute('src', /\/media\/.+\.webp$/);
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    // Edit: the fields come filled in; the image is kept unless a new one is chosen; the dialog closes by itself.
    const src = await card.getByRole('img', { name: header }).getAttribute('src');
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit carousel' });
    await expect(edit.getByLabel('Header')).toHaveValue(header);
    await expect(edit.getByLabel('Message')).toHaveValue('Weddings, portraits and families');
    await edit.getByLabel('Title').fill('');
    await edit.getByLabel('Title').blur();
    await expect(edit.getByText(CAROUSEL_MESSAGES.titleRequired)).toBeVisible();
    await edit.getByLabel('Title').fill('New season');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, CAROUSEL_MESSAGES.updated)).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });
    await page.reload();
    await expect(cardOf(page, header)).toContainText('New season');
    await expect(cardOf(page, header).getByRole('img', { name: header })).toHaveAttribute('src', src!);

    // Replace the image through the edit dialog.
    await cardOf(page, header).getByRole('button', { name: 'Edit' }).click();
    await edit.locator('input[type=file]').setInputFiles(await image(3));
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, CAROUSEL_MESSAGES.updated)).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });
    await page.reload();
    await expect(cardOf(page, header).getByRole('img', { name: header })).not.toHaveAttribute('src', src!);

    // Publish, then unpublish; each state survives a reload.
    await togglePublish(page, cardOf(page, header), 'publish');
    await expect(notice(page, published.published)).toBeVisible();
    await page.reload();
    await expect(cardOf(page, header).getByText('Published', { exact: true })).toBeVisible();
    await togglePublish(page, cardOf(page, header), 'unpublish');
    await expect(notice(page, published.unpublished)).toBeVisible();
    await page.reload();
    await expect(cardOf(page, header).getByText('Unpublished', { exact: true })).toBeVisible();

    // Delete: cancel keeps it, confirm removes it.
    await cardOf(page, header).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(confirm).toBeHidden();
    await expect(cardOf(page, header)).toBeVisible();
    await cardOf(page, header).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notice(page, CAROUSEL_MESSAGES.deleted)).toBeVisible();
    await expect(cardOf(page, header)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Carousel images' })).toBeVisible();
    await expect(cardOf(page, header)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('failures show the spec messages and keep the list', async ({ authed: page, api }) => {
    const header = `Gone ${shortId()}`;
    const img = await image(4);
    const created = await api.post('/adminportal/manage-carousel/', {
      multipart: { header, title: 'T', message: 'M', image: img },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.goto(PAGE);
    const card = cardOf(page, header);
    await expect(card).toBeVisible();

    // Creation with no answer from the server.
    await page.route('**/adminportal/manage-carousel/', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add carousel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new carousel' });
    await dialog.getByLabel('Header').fill('Offline');
    await dialog.getByLabel('Title').fill('T');
    await dialog.getByLabel('Message').fill('M');
    await dialog.locator('input[type=file]').setInputFiles(await image(5));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notice(page, CAROUSEL_MESSAGES.createFailed)).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/adminportal/manage-carousel/');

    // A server fault on update shows the generic text.
    await page.route(`**/adminportal/manage-carousel/${id}/`, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
    );
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit carousel' });
    await edit.getByLabel('Title').fill('Not saved');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, COMMON_MESSAGES.serverError)).toBeVisible();
    await expect(edit).toBeVisible();
    await page.unroute(`**/adminportal/manage-carousel/${id}/`);

    // The item disappears behind the page's back: the update fails with the area's message.
    expect((await api.delete(`/adminportal/manage-carousel/${id}/`)).status()).toBe(204);
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, CAROUSEL_MESSAGES.updateFailed)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Carousel images' })).toBeVisible();
    await expect(cardOf(page, header)).toHaveCount(0);
  });

  test('publish and delete failures', async ({ authed: page, api }) => {
    const header = `Fail ${shortId()}`;
    const created = await api.post('/adminportal/manage-carousel/', {
      multipart: { header, title: 'T', message: 'M', image: await image(6) },
    });
    const { id } = (await created.json()) as { id: number };
    await page.goto(PAGE);
    const card = cardOf(page, header);
    await expect(card).toBeVisible();

    await page.route(`**/adminportal/manage-carousel/${id}/`, (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await togglePublish(page, card, 'publish');
    await expect(notice(page, published.publishFailed)).toBeVisible();
    await expect(card.getByText('Unpublished', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notice(page, CAROUSEL_MESSAGES.deleteFailed)).toBeVisible();
    await expect(card).toBeVisible();
    await page.unroute(`**/adminportal/manage-carousel/${id}/`);

    // Unpublish failure: publish for real, then make the next call fail.
    await togglePublish(page, card, 'publish');
    await expect(notice(page, published.published)).toBeVisible();
    await page.route(`**/adminportal/manage-carousel/${id}/`, (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await togglePublish(page, card, 'unpublish');
    await expect(notice(page, published.unpublishFailed)).toBeVisible();
    await page.unroute(`**/adminportal/manage-carousel/${id}/`);
    await page.reload();
    await expect(cardOf(page, header).getByText('Published', { exact: true })).toBeVisible();
  });
});
