import sharp from 'sharp';
import { COMMON_MESSAGES, SERVICE_MESSAGES } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import type { Page } from '@playwright/test';

/** A real JPEG made in the test; each seed has its own colours (and hash). */
async function photo(width: number, height: number, seed: number, name = `cover-${seed}.jpg`) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: (seed * 41) % 256, g: 90, b: (seed * 97) % 256 } } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

// includeHidden: an open MUI dialog marks the rest of the page (the notification bar too) aria-hidden.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();
const card = (page: Page, name: string) => page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name, exact: true }) });
const SERVICE_ID = /\/adminportal\/manage-services\/\d+\/$/;

/**
 * New services go last, so once the studio has more than a page of them a new one's card is on a
 * later page: the portfolio's search shows it (there is no search box while one page holds all).
 */
async function show(page: Page, name: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search services' });
  await expect(card(page, name).or(box).first()).toBeVisible();
  if (!(await card(page, name).isVisible())) await box.fill(name);
  await expect(card(page, name)).toBeVisible();
}

test.describe('services (portfolio)', () => {
  test.describe.configure({ mode: 'serial' });

  test('add, edit, publish, unpublish, gallery and delete a service, surviving reloads', async ({ authed: page }) => {
    // The whole life of a service with five reloads and uploads: 59 s of the 60 s limit in one CI
    // run and past it in the next, on a loaded 2-core machine, so it gets Playwright's slow budget.
    test.slow();
    const errors = watchPageErrors(page);
    const name = `Weddings ${Date.now()}`;
    await page.goto('/admin-account/portfolio');
    await expect(page.getByRole('heading', { name: 'Manage portfolio' })).toBeVisible();

    // 'Add new service': every validation message first.
    await page.getByRole('button', { name: SERVICE_MESSAGES.addTitle }).click();
    const dialog = page.getByRole('dialog', { name: SERVICE_MESSAGES.addTitle });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const message of [SERVICE_MESSAGES.nameRequired, SERVICE_MESSAGES.descriptionRequired, SERVICE_MESSAGES.coverRequired]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    // Validation on blur.
    await dialog.getByLabel('Service name').fill(name);
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).focus();
    await expect(dialog.getByText(SERVICE_MESSAGES.nameRequired)).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Full-day wedding coverage');
    await dialog.getByLabel('Description 2 (Optional)').fill('Two photographers');

    // A cover below the recommended size.
    await dialog.locator('input[type=file]').setInputFiles(await photo(500, 300, 1));
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles(await photo(1200, 800, 2));
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toHaveCount(0);
    await expect(dialog.getByText(SERVICE_MESSAGES.coverRequired)).toHaveCount(0);

    // Busy: spinner and disabled submit while the call runs; closes at once after a create.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/adminportal/manage-services/', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.fallback();
    });
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await submit.click();
    await expect(submit).toBeDisabled();
    await expect(dialog.getByLabel('Saving')).toBeVisible();
    release();
    await expect(notification(page, SERVICE_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 1500 });
    await page.unrouteAll();

    await page.reload();
    await show(page, name);
    const c = card(page, name);
    await expect(c).toContainText('Full-day wedding coverage');
    const img = c.getByRole('img', { name });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);

    // Edit: 'Edit Service', prefilled, blur validation, then 'Update' closes 3 s after success.
    await c.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: SERVICE_MESSAGES.editTitle });
    await expect(edit.getByLabel('Service name')).toHaveValue(name);
    await edit.getByLabel('Service name').fill('');
    await edit.getByLabel('Description 2 (Optional)').focus();
    await expect(edit.getByText(SERVICE_MESSAGES.nameRequired)).toBeVisible();
    await edit.getByLabel('Service name').fill(name);
    await edit.getByRole('textbox', { name: 'Description', exact: true }).fill('Ceremony, portraits and party');
    const patch = page.waitForRequest((r) => SERVICE_ID.test(r.url()) && r.method() === 'PATCH');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, SERVICE_MESSAGES.updated)).toBeVisible();
    // Still open right after the message, closed a few seconds later.
    await expect(edit).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });
    // No new cover chosen: the update carries no image.
    const patchBody = (await patch).postDataBuffer();
    expect(patchBody?.includes(Buffer.from('name="name"'))).toBe(true);
    expect(patchBody?.includes(Buffer.from('name="cover_image"'))).toBe(false);
    await page.reload();
    await show(page, name);
    await expect(card(page, name)).toContainText('Ceremony, portraits and party');

    // Publish then unpublish, confirmed first; each survives a reload.
    await card(page, name).getByRole('switch').click();
    const confirmPublish = page.getByRole('dialog', { name: COMMON_MESSAGES.confirmPublish });
    await confirmPublish.getByRole('button', { name: 'Publish' }).click();
    await expect(notification(page, SERVICE_MESSAGES.published)).toBeVisible();
    await expect(confirmPublish).toBeHidden();
    await page.reload();
    await show(page, name);
    await expect(card(page, name).getByRole('switch')).toBeChecked();
    await card(page, name).getByRole('switch').click();
    await page.getByRole('dialog', { name: COMMON_MESSAGES.confirmUnpublish }).getByRole('button', { name: 'Unpublish' }).click();
    await expect(notification(page, SERVICE_MESSAGES.unpublished)).toBeVisible();
    await page.reload();
    await show(page, name);
    await expect(card(page, name).getByRole('switch')).not.toBeChecked();

    // Manage: the gallery table in a modal, then the 'Manage {name} Gallery' page with its upload.
    await card(page, name).getByRole('button', { name: 'Manage' }).click();
    const modal = page.getByRole('dialog', { name: `${name} gallery` });
    for (const header of ['#', 'Image', 'Name', 'Date Created']) {
      await expect(modal.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await modal.getByRole('button', { name: 'Upload and manage photos' }).click();
    await expect(page).toHaveURL(/\/admin-account\/ManageCategory\?id=\d+$/);
    const title = SERVICE_MESSAGES.manageGalleryTitle(name);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Ceremony, portraits and party')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Upload photos' }).click();
    const uploader = page.getByRole('dialog', { name: `Upload photos to ${name}` });
    await uploader.getByTestId('gallery-file-input').setInputFiles(await photo(900, 600, 3, 'first-dance.jpg'));
    await uploader.getByRole('button', { name: 'Upload' }).click();
    await expect(notification(page, 'Gallery successfully uploaded')).toBeVisible();
    // The dialog closes itself a moment after a successful upload.
    await expect(uploader).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: 'first-dance' })).toBeVisible();

    // Back on the list, the modal's table shows the photo.
    await page.getByRole('link', { name: 'Back to portfolio' }).click();
    await show(page, name);
    await card(page, name).getByRole('button', { name: 'Manage' }).click();
    await expect(
      page
        .getByRole('dialog', { name: `${name} gallery` })
        .getByRole('row')
        .filter({ hasText: 'first-dance' }),
    ).toBeVisible();
    await page
      .getByRole('dialog', { name: `${name} gallery` })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();

    // Clicking the cover opens the gallery viewer for this service.
    await card(page, name)
      .getByRole('button', { name: `View ${name}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/view-gallery\\?service=${encodeURIComponent(name).replace(/%20/g, '\\+')}`));
    await page.goBack();
    await show(page, name);

    // Delete: 'No, Cancel' keeps it; 'Yes, Delete' removes it and its gallery.
    await card(page, name).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(card(page, name)).toBeVisible();
    await card(page, name).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, SERVICE_MESSAGES.deleted)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Manage portfolio' })).toBeVisible();
    const box = page.getByRole('searchbox', { name: 'Search services' });
    if (await box.isVisible()) await box.fill(name);
    await expect(card(page, name)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('opened signed in, the list is asked for once, while React and the app are still on their way', async ({ authed: page }) => {
    const errors = watchPageErrors(page);
    let lists = 0;
    let listAsked = () => {};
    const asked = new Promise<void>((resolve) => (listAsked = resolve));
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/adminportal/manage-services/') {
        lists++;
        listAsked();
      }
    });
    // React, MUI and the app (the `base` chunk) are held until the list is asked for: asked for
    // only once they had run, it never would be, and the hold ends after 5 s.
    let askedFirst = false;
    await page.route(/\/assets\/base-[\w-]+\.js$/, async (route) => {
      askedFirst = await Promise.race([asked.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]);
      await route.fallback();
    });
    await page.goto('/admin-account/portfolio');
    await expect(page.getByRole('heading', { name: 'Manage portfolio' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: SERVICE_MESSAGES.addTitle })).toBeVisible();
    expect(askedFirst).toBe(true);
    expect(lists).toBe(1);
    expect(errors).toEqual([]);
  });

  test('cards are 12, 4 and 3 columns wide at xs, sm and md', async ({ authed: page, api }) => {
    const ids: number[] = [];
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      names.push(`Grid ${Date.now()}-${i}`);
      const res = await api.post('/adminportal/manage-services/', {
        multipart: { name: names[i]!, description: 'x', cover_image: await photo(800, 600, 10 + i) },
      });
      expect(res.status()).toBe(201);
      ids.push((await res.json()).id);
    }
    await page.goto('/admin-account/portfolio');
    await show(page, names[0]!);
    const mine = card(page, names[0]!);
    // The card's grid item against the grid container, in twelfths.
    const share = () =>
      mine.evaluate((el) => {
        const item = el.parentElement!;
        return Math.round((item.getBoundingClientRect().width / item.parentElement!.getBoundingClientRect().width) * 12);
      });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(share).toBe(3);
    await page.setViewportSize({ width: 700, height: 900 });
    await expect.poll(share).toBe(4);
    await page.setViewportSize({ width: 420, height: 900 });
    await expect.poll(share).toBe(12);
    for (const id of ids) await api.delete(`/adminportal/manage-services/${id}/`);
  });

  test('failures show the spec messages and keep the list', async ({ authed: page, api }) => {
    const name = `Events ${Date.now()}`;
    const created = await api.post('/adminportal/manage-services/', {
      multipart: { name, description: 'Parties', cover_image: await photo(900, 700, 20) },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.goto('/admin-account/portfolio');
    await show(page, name);
    const c = card(page, name);

    // Publish answered with 500, unpublish with no answer: the matching failure messages.
    await page.route(SERVICE_ID, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: {} }) : route.fallback(),
    );
    await c.getByRole('switch').click();
    await page.getByRole('dialog', { name: COMMON_MESSAGES.confirmPublish }).getByRole('button', { name: 'Publish' }).click();
    await expect(notification(page, SERVICE_MESSAGES.publishFailed)).toBeVisible();
    await expect(c.getByRole('switch')).not.toBeChecked();
    await page.unrouteAll();
    await api.patch(`/adminportal/manage-services/${id}/`, { form: { status: 'true' } });
    await page.reload();
    await show(page, name);
    await page.route(SERVICE_ID, (route) => (route.request().method() === 'PATCH' ? route.abort() : route.fallback()));
    await card(page, name).getByRole('switch').click();
    await page.getByRole('dialog', { name: COMMON_MESSAGES.confirmUnpublish }).getByRole('button', { name: 'Unpublish' }).click();
    await expect(notification(page, SERVICE_MESSAGES.unpublishFailed)).toBeVisible();
    await expect(card(page, name).getByRole('switch')).toBeChecked();

    // Update with no answer: 'Service update failed'; answered with 500: the generic server message.
    await card(page, name).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: SERVICE_MESSAGES.editTitle });
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, SERVICE_MESSAGES.updateFailed)).toBeVisible();
    await page.unrouteAll();
    await page.route(SERVICE_ID, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: {} }) : route.fallback(),
    );
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, COMMON_MESSAGES.serverError)).toBeVisible();
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.unrouteAll();

    // Create: a 400 shows the first message of name, then image, then description; no answer shows 'Service creation failed'.
    await page.route('**/adminportal/manage-services/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { description: ['Description too long'], cover_image: [COMMON_MESSAGES.dimension] } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: SERVICE_MESSAGES.addTitle }).click();
    const dialog = page.getByRole('dialog', { name: SERVICE_MESSAGES.addTitle });
    await dialog.getByLabel('Service name').fill(`${name} 2`);
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Parties');
    await dialog.locator('input[type=file]').setInputFiles(await photo(900, 700, 21));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, COMMON_MESSAGES.dimension)).toBeVisible();
    await expect(dialog.getByText('Description too long')).toBeVisible();
    await page.unrouteAll();
    await page.route('**/adminportal/manage-services/', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, SERVICE_MESSAGES.createFailed)).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unrouteAll();

    // Delete with no answer: 'Gallery category deletion failed', and the card stays.
    await page.route(SERVICE_ID, (route) => (route.request().method() === 'DELETE' ? route.abort() : route.fallback()));
    await card(page, name).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, SERVICE_MESSAGES.deleteFailed)).toBeVisible();
    await expect(card(page, name)).toBeVisible();
    await page.unrouteAll();
    expect((await api.delete(`/adminportal/manage-services/${id}/`)).status()).toBe(204);
  });
});
