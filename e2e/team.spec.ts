import sharp from 'sharp';
import { COMMON_MESSAGES, TEAM_MESSAGES } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/** A real JPEG portrait made in the test. */
async function portrait(size = 600, seed = 1) {
  const buffer = await sharp({ create: { width: size, height: size, channels: 3, background: { r: (seed * 53) % 256, g: 120, b: 160 } } })
    .jpeg()
    .toBuffer();
  return { name: `portrait-${seed}.jpg`, mimeType: 'image/jpeg', buffer };
}

/** Filters the table, and waits until it holds only matching rows: a click never lands on a row being redrawn. */
async function search(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill(text);
  await expect(page.getByRole('rowgroup').last().getByRole('row').filter({ hasNotText: text })).toHaveCount(0);
}
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
// A modal dialog hides the rest of the page (notifications included) from the accessibility tree.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();

async function fillMember(dialog: Locator, v: { name: string; email: string; phone: string; title: string }) {
  await dialog.getByLabel('Full name').fill(v.name);
  await dialog.getByLabel('Email').fill(v.email);
  await dialog.getByLabel('Phone').fill(v.phone);
  await dialog.getByLabel('Title').fill(v.title);
}

test.describe('the team', () => {
  test('create, view, edit and delete a member, surviving reloads', async ({ authed: page }) => {
    const errors = watchPageErrors(page);
    const name = `Maya Reyes ${Date.now()}`;
    await page.goto('/admin-account/the-team');
    await expect(page.getByRole('heading', { name: 'The team' })).toBeVisible();

    // Create, with every validation message first.
    await page.getByRole('button', { name: 'Add team member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add team member' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const message of [
      TEAM_MESSAGES.nameRequired,
      TEAM_MESSAGES.emailRequired,
      TEAM_MESSAGES.phoneRequired,
      TEAM_MESSAGES.titleRequired,
      TEAM_MESSAGES.imageRequired,
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await fillMember(dialog, { name, email: 'maya@studio.test', phone: '+1 555 0101', title: 'Lead photographer' });
    await dialog.locator('input[type=file]').setInputFiles(await portrait(600, 1));
    await expect(dialog.getByText(TEAM_MESSAGES.imageRequired)).toHaveCount(0);
    await expect(dialog.getByRole('img', { name: 'Profile image preview' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, TEAM_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    await search(page, name);
    const r = row(page, name);
    await expect(r).toBeVisible();
    await expect(r).toContainText('maya@studio.test');
    await expect(r).toContainText('+1 555 0101');
    await expect(r).toContainText('Lead photographer');
    for (const header of ['#', 'Full name', 'Email', 'Phone', 'Title', 'Date Created']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    // View shows the profile image.
    await r.getByRole('button', { name: `View ${name}` }).click();
    const preview = page.getByRole('dialog', { name });
    const img = preview.getByRole('img', { name });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    // Edit: the dialog closes by itself 3 s after the update.
    await r.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit team member' });
    await expect(edit.getByLabel('Full name')).toHaveValue(name);
    await edit.getByLabel('Title').fill('');
    await edit.getByLabel('Phone').focus();
    await expect(edit.getByText(TEAM_MESSAGES.titleRequired)).toBeVisible();
    await edit.getByLabel('Title').fill('Second shooter');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, TEAM_MESSAGES.updated)).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });
    await page.reload();
    await search(page, name);
    await expect(row(page, name)).toContainText('Second shooter');

    // Delete asks first; No, Cancel keeps the member.
    await row(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(row(page, name)).toBeVisible();
    await row(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, TEAM_MESSAGES.deleted)).toBeVisible();
    await page.reload();
    await search(page, name);
    await expect(row(page, name)).toHaveCount(0);
    await expect(page.getByText(COMMON_MESSAGES.noData)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('failures show the spec messages and the server reason under the field', async ({ authed: page, api }) => {
    const name = `Jon Park ${Date.now()}`;
    await page.goto('/admin-account/the-team');

    // Creation with an image below the minimum size is refused.
    await page.getByRole('button', { name: 'Add team member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add team member' });
    await fillMember(dialog, { name, email: 'jon@studio.test', phone: '555', title: 'Editor' });
    await dialog.locator('input[type=file]').setInputFiles(await portrait(120, 2));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, TEAM_MESSAGES.createFailed)).toBeVisible();
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles(await portrait(400, 3));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, TEAM_MESSAGES.created)).toBeVisible();

    // Update with a too-small replacement image is refused and changes nothing.
    await search(page, name);
    await row(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit team member' });
    await edit.getByLabel('Title').fill('Changed');
    await edit.locator('input[type=file]').setInputFiles(await portrait(100, 4));
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, TEAM_MESSAGES.updateFailed)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await search(page, name);
    await expect(row(page, name)).toContainText('Editor');

    // Deleting a member someone else already removed fails.
    const list = (await (await api.get('/adminportal/pages/the-team/')).json()) as { id: number; name: string }[];
    const id = list.find((m) => m.name === name)!.id;
    await row(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    expect((await api.delete(`/adminportal/pages/the-team/${id}/`)).status()).toBe(204);
    await page.getByRole('alertdialog').getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, TEAM_MESSAGES.deleteFailed)).toBeVisible();
  });
});
