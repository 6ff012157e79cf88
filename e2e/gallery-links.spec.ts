import { COMMON_MESSAGES, GALLERY_LINK_MESSAGES } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import { chooseCustomer, createCustomer, jpeg, notification, uniqueTitle } from './story-helpers';
import type { Page } from '@playwright/test';

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const search = (page: Page, text: string) => page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill(text);

test.describe('gallery links', () => {
  // Each test walks a whole screen end to end; allow for a busy CI machine.
  test.describe.configure({ timeout: 180_000 });

  test('assign with validation, edit and delete; every change survives a reload', async ({ authed: page, api }) => {
    const errors = watchPageErrors(page);
    const ada = await createCustomer(api, 'Gwen');
    const ben = await createCustomer(api, 'Hal');
    const slug = `${Date.now()}`;
    const link = `https://photos.example.com/${slug}`;
    // A client gallery using the link gives the row its Gallery Title.
    const galleryTitle = uniqueTitle('Garden party');
    const cover = await jpeg(21);
    const made = await api.post('/adminportal/manage-client-galleries/', {
      multipart: { title: galleryTitle, user: String(ada.id), gallery_link: link, cover_image: cover },
    });
    expect(made.status(), await made.text()).toBe(201);

    await page.goto('/admin-account/Gallery-links');
    await expect(page.getByRole('heading', { name: 'Gallery links' })).toBeVisible();
    for (const header of ['#', 'User', 'Gallery Link', 'Gallery Title', 'Date Created']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Assign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign gallery link' });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    for (const m of [GALLERY_LINK_MESSAGES.linkRequired, GALLERY_LINK_MESSAGES.descriptionRequired, GALLERY_LINK_MESSAGES.userRequired]) {
      await expect(dialog.getByText(m, { exact: true })).toBeVisible();
    }
    await dialog.getByLabel('Gallery link').fill('photos.example.com/no-scheme');
    await dialog.getByLabel('Gallery link').blur();
    await expect(dialog.getByText(GALLERY_LINK_MESSAGES.linkInvalid)).toBeVisible();

    await chooseCustomer(dialog, ada.name);
    await dialog.getByLabel('Gallery link').fill(link);
    await dialog.getByLabel('Gallery description').fill('The wedding day, all 400 photos');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(notification(page, GALLERY_LINK_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    await search(page, slug);
    let r = row(page, link);
    await expect(r).toContainText(ada.name);
    await expect(r).toContainText(galleryTitle);
    await expect(r.getByRole('link', { name: link })).toHaveAttribute('href', link);

    // Edit (PUT): new link, description and customer; the dialog closes 3 s after the message.
    const newLink = `${link}-final`;
    await r.getByRole('button', { name: `Edit ${link}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit gallery link' });
    await expect(edit.getByLabel('Gallery description')).toHaveValue('The wedding day, all 400 photos');
    await edit.getByLabel('Gallery link').fill(newLink);
    await chooseCustomer(edit, ben.name);
    await edit.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, GALLERY_LINK_MESSAGES.updated)).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });
    await page.reload();
    await search(page, slug);
    r = row(page, newLink);
    await expect(r).toContainText(ben.name);
    // No client gallery uses the new link.
    await expect(r).not.toContainText(galleryTitle);

    // Delete: cancel keeps it, confirm removes it.
    await r.getByRole('button', { name: `Delete ${newLink}` }).click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(r).toBeVisible();
    await r.getByRole('button', { name: `Delete ${newLink}` }).click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, GALLERY_LINK_MESSAGES.deleted)).toBeVisible();
    await page.reload();
    await search(page, slug);
    await expect(page.getByText(COMMON_MESSAGES.noData)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('save failures follow the spec: 400 field message, 500 server message, otherwise the area text', async ({ authed: page, api }) => {
    const ivy = await createCustomer(api, 'Ivy');
    await page.goto('/admin-account/Gallery-links');
    const open = async () => {
      await page.getByRole('button', { name: 'Assign' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign gallery link' });
      await chooseCustomer(dialog, ivy.name);
      await dialog.getByLabel('Gallery link').fill(`https://example.com/${Date.now()}`);
      await dialog.getByLabel('Gallery description').fill('Proofs');
      return dialog;
    };

    // 400 from the server: the customer was removed while the dialog was open.
    const dialog = await open();
    expect((await api.delete(`/adminportal/manage-users/${ivy.id}/`)).status()).toBe(204);
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(notification(page, GALLERY_LINK_MESSAGES.userRequired)).toBeVisible();
    await expect(dialog.getByText(GALLERY_LINK_MESSAGES.userRequired)).toBeVisible();

    // 500: the server's own message.
    await page.route('**/adminportal/photo-gallery-links/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Storage is offline' }) })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(notification(page, 'Storage is offline')).toBeVisible();

    // Anything else: 'Gallery link creation failed.'
    await page.unroute('**/adminportal/photo-gallery-links/');
    await page.route('**/adminportal/photo-gallery-links/', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(notification(page, GALLERY_LINK_MESSAGES.createFailed)).toBeVisible();
  });
});
