import { COMMON_MESSAGES, PEOPLE_MESSAGES } from '@darkroom/contracts';
import { apiLogin, expect, test, watchPageErrors } from './fixtures';
import { image } from './site-content-helpers';
import type { Locator, Page } from '@playwright/test';

/**
 * Searches the table and waits until the filter has applied (it runs after a short debounce): a
 * row found before that could be redrawn under the click, which was then lost.
 */
async function search(page: Page, text: string) {
  await page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill(text);
  const dataRows = page.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(dataRows.filter({ hasNotText: text })).toHaveCount(0);
}
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
// A modal dialog hides the rest of the page (notifications included) from the accessibility tree.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();

interface PersonFields {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  phone: string;
}

const unique = (prefix: string): PersonFields => {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    first_name: `${prefix}${n}`,
    last_name: 'Lovelace',
    email: `${prefix.toLowerCase()}${n}@example.test`,
    username: `${prefix.toLowerCase()}_${n}`,
    phone: '+44 20 7946 0000',
  };
};

async function fill(dialog: Locator, v: Partial<PersonFields>) {
  if (v.first_name !== undefined) await dialog.getByLabel('First name').fill(v.first_name);
  if (v.last_name !== undefined) await dialog.getByLabel('Last name').fill(v.last_name);
  if (v.email !== undefined) await dialog.getByLabel('Email Address').fill(v.email);
  if (v.username !== undefined) await dialog.getByLabel('Username').fill(v.username);
  if (v.phone !== undefined) await dialog.getByLabel('Phone').fill(v.phone);
}

/** Creates through the dialog and returns the temporary password shown once. */
async function createThroughDialog(page: Page, button: string, title: string, v: PersonFields, success: string): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await fill(dialog, v);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(notification(page, success)).toBeVisible();
  const shown = page.getByRole('dialog', { name: 'Temporary password' });
  await expect(shown).toBeVisible();
  const password = (await shown.getByTestId('temporary-password').textContent())!.trim();
  expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
  await expect(shown).toContainText(`A welcome e-mail with the username went to ${v.email}.`);
  await shown.getByRole('button', { name: 'Copy password' }).click();
  await expect(notification(page, 'Password copied')).toBeVisible();
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  return password;
}

test.describe('users and admins', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('users: create (no password, no sign-in), view/edit, deactivate, delete; all survive reloads', async ({ authed: page }) => {
    const errors = watchPageErrors(page);
    const v = unique('Ada');
    await page.goto('/admin-account/Manage-users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    for (const header of ['#', 'First name', 'Last name', 'Email Address', 'Username', 'Phone', 'Date Created', 'Status', 'Last Login']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    // Every validation message, then a real create.
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const m of [
      PEOPLE_MESSAGES.firstNameRequired,
      PEOPLE_MESSAGES.lastNameRequired,
      PEOPLE_MESSAGES.emailRequired,
      PEOPLE_MESSAGES.usernameRequired,
      PEOPLE_MESSAGES.phoneRequired,
    ]) {
      await expect(dialog.getByText(m, { exact: true })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // A customer never signs in: no password is shown or e-mailed, and nothing says they can sign in.
    await page.getByRole('button', { name: 'Add user' }).click();
    await fill(dialog, v);
    await expect(dialog).toContainText('Customers never sign in');
    await expect(dialog).not.toContainText(/sign in as|temporary password/i);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, PEOPLE_MESSAGES.userCreated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Temporary password' })).toHaveCount(0);
    await expect(page.getByText(/can sign in/)).toHaveCount(0);

    await page.reload();
    await search(page, v.username);
    let r = row(page, v.username);
    await expect(r).toContainText(v.first_name);
    await expect(r).toContainText(v.email);
    await expect(r).toContainText(PEOPLE_MESSAGES.statusActive);
    await expect(r).toContainText('Never');

    // View opens the edit dialog; email and phone are left out of the request when unchanged.
    await r.getByRole('button', { name: `View ${v.first_name} Lovelace` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await expect(edit.getByLabel('Email Address')).toHaveValue(v.email);
    await edit.getByLabel('First name').fill('');
    await edit.getByLabel('Last name').focus();
    await expect(edit.getByText(PEOPLE_MESSAGES.firstNameRequired)).toBeVisible();
    await edit.getByLabel('First name').fill(`${v.first_name}x`);
    await edit.getByRole('switch').uncheck();
    const request = page.waitForRequest((req) => req.method() === 'PATCH' && req.url().includes('/adminportal/manage-users/'));
    await edit.getByRole('button', { name: 'Update' }).click();
    const body = (await request).postData() ?? '';
    expect(body).toContain('name="first_name"');
    expect(body).toContain('name="is_active"');
    expect(body).not.toContain('name="email"');
    expect(body).not.toContain('name="phone"');
    await expect(notification(page, PEOPLE_MESSAGES.userUpdated)).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });

    await page.reload();
    await search(page, v.username);
    r = row(page, v.username);
    await expect(r).toContainText(`${v.first_name}x`);
    await expect(r).toContainText(PEOPLE_MESSAGES.statusInactive);

    await r.getByRole('button', { name: `Delete ${v.first_name}x Lovelace` }).click();
    await page
      .getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm })
      .getByRole('button', { name: COMMON_MESSAGES.deleteYes })
      .click();
    await expect(notification(page, PEOPLE_MESSAGES.userDeleted)).toBeVisible();
    await page.reload();
    await search(page, v.username);
    await expect(row(page, v.username)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('users: duplicate usernames and stale rows show the failure messages', async ({ authed: page, api }) => {
    const a = unique('Bea');
    const b = unique('Cal');
    for (const v of [a, b]) expect((await api.post('/adminportal/manage-users/', { data: v })).status()).toBe(201);
    await page.goto('/admin-account/Manage-users');

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await fill(dialog, { ...unique('Dee'), username: a.username.toUpperCase() });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, PEOPLE_MESSAGES.userCreateFailed)).toBeVisible();
    await expect(dialog.getByText(PEOPLE_MESSAGES.usernameTaken)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await search(page, b.username);
    await row(page, b.username)
      .getByRole('button', { name: /^View / })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await fill(edit, { username: a.username });
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, PEOPLE_MESSAGES.userUpdateFailed)).toBeVisible();
    await expect(edit.getByText(PEOPLE_MESSAGES.usernameTaken)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Someone else deletes the user while the confirmation is open.
    const users = (await (await api.get('/adminportal/manage-users/')).json()) as { id: number; username: string }[];
    const id = users.find((u) => u.username === b.username)!.id;
    await row(page, b.username)
      .getByRole('button', { name: /^Delete / })
      .click();
    expect((await api.delete(`/adminportal/manage-users/${id}/`)).status()).toBe(204);
    await page.getByRole('alertdialog').getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, PEOPLE_MESSAGES.userDeleteFailed)).toBeVisible();
  });

  test('deleting a customer says what else changes, and is blocked while they own a client gallery', async ({ authed: page, api }) => {
    const v = unique('Owner');
    const created = await api.post('/adminportal/manage-users/', { data: v });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    const gallery = await api.post('/adminportal/manage-client-galleries/', {
      multipart: { title: `Harbour ${v.username}`, user: String(id), cover_image: await image(61, 1200, 800) },
    });
    expect(gallery.status(), await gallery.text()).toBe(201);
    const link = await api.post('/adminportal/photo-gallery-links/', {
      data: { user: id, link: 'https://photos.example.com/owner', description: 'Proofs' },
    });
    expect(link.status(), await link.text()).toBe(201);

    await page.goto('/admin-account/Manage-users');
    await search(page, v.username);
    await row(page, v.username)
      .getByRole('button', { name: /^Delete / })
      .click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await expect(confirm.getByTestId('delete-detail')).toHaveText(
      `${v.first_name} Lovelace (${v.username}) cannot be deleted: they still own client galleries 'Harbour ${v.username}'. Assign them to another user or delete them first.`,
    );
    await expect(confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes })).toBeDisabled();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();

    // Without the gallery, the confirmation names the gallery link that goes with them.
    const galleryId = ((await gallery.json()) as { id: number }).id;
    expect((await api.delete(`/adminportal/manage-client-galleries/${galleryId}/`)).status()).toBe(204);
    await row(page, v.username)
      .getByRole('button', { name: /^Delete / })
      .click();
    await expect(confirm.getByTestId('delete-detail')).toHaveText(
      `${v.first_name} Lovelace (${v.username}) will be removed, and their 1 gallery link deleted with them.`,
    );
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, PEOPLE_MESSAGES.userDeleted)).toBeVisible();
    await expect(row(page, v.username)).toHaveCount(0);
  });

  test('admins: create (tooltip), sign in with the temporary password, edit, deactivate, delete', async ({
    authed: page,
    session,
    browser,
  }) => {
    const errors = watchPageErrors(page);
    const v = unique('Grace');
    await page.goto('/admin-account/Manage-admins');
    await expect(page.getByRole('heading', { name: 'Admins' })).toBeVisible();
    await page.getByRole('button', { name: 'Add admin' }).hover();
    await expect(page.getByRole('tooltip', { name: PEOPLE_MESSAGES.createAdminTooltip })).toBeVisible();
    const password = await createThroughDialog(page, 'Add admin', 'Create admin', v, PEOPLE_MESSAGES.adminCreated);

    // The new admin signs in through the login screen with the temporary password.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/admin-account/login');
    await otherPage.getByLabel('Username').fill(v.username);
    await otherPage.getByLabel('Password').fill(password);
    await otherPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.reload();
    await search(page, v.username);
    const r = row(page, v.username);
    await expect(r).toContainText(PEOPLE_MESSAGES.statusActive);
    await expect(r).not.toContainText('Never'); // signed in just now

    // The signed-in admin's own row cannot be deleted, nor deactivated.
    await search(page, session.userDetails.username);
    const own = row(page, session.userDetails.username).first();
    await expect(own.getByRole('button', { name: /^Delete / })).toBeDisabled();
    await own.getByRole('button', { name: /^View / }).click();
    const ownEdit = page.getByRole('dialog', { name: 'Edit admin' });
    await expect(ownEdit.getByRole('switch')).toBeDisabled();
    await expect(ownEdit.getByText(PEOPLE_MESSAGES.cannotDeactivateSelf)).toBeVisible();
    await ownEdit.getByRole('button', { name: 'Cancel' }).click();

    // Deactivate the new admin: their open session ends.
    await search(page, v.username);
    await row(page, v.username)
      .getByRole('button', { name: /^View / })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit admin' });
    await edit.getByLabel('Phone').fill('+1 555 0142');
    await edit.getByRole('switch').uncheck();
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, PEOPLE_MESSAGES.adminUpdated)).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });
    await otherPage.reload();
    // The portal asks for the password in place; a deactivated admin can only sign out.
    await otherPage.getByRole('dialog', { name: 'Your session has expired' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();

    await page.reload();
    await search(page, v.username);
    await expect(row(page, v.username)).toContainText(PEOPLE_MESSAGES.statusInactive);
    await expect(row(page, v.username)).toContainText('+1 555 0142');

    await row(page, v.username)
      .getByRole('button', { name: /^Delete / })
      .click();
    await page
      .getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm })
      .getByRole('button', { name: COMMON_MESSAGES.deleteYes })
      .click();
    await expect(notification(page, PEOPLE_MESSAGES.adminDeleted)).toBeVisible();
    await page.reload();
    await search(page, v.username);
    await expect(row(page, v.username)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('admins: failures show the spec messages', async ({ authed: page, api }) => {
    const a = unique('Hal');
    expect((await api.post('/adminportal/manage-admins/', { data: a })).status()).toBe(201);
    await page.goto('/admin-account/Manage-admins');

    await page.getByRole('button', { name: 'Add admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create admin' });
    await fill(dialog, { ...unique('Ivy'), username: a.username });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, PEOPLE_MESSAGES.adminCreateFailed)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const b = unique('Jo');
    expect((await api.post('/adminportal/manage-admins/', { data: b })).status()).toBe(201);
    await page.reload();
    await search(page, b.username);
    await row(page, b.username)
      .getByRole('button', { name: /^View / })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit admin' });
    await fill(edit, { username: a.username });
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notification(page, PEOPLE_MESSAGES.adminUpdateFailed)).toBeVisible();
    await expect(edit.getByText(PEOPLE_MESSAGES.usernameTaken)).toBeVisible();
  });

  test('the temporary password really signs the new admin in (API)', async ({ api, request }) => {
    const v = unique('Kit');
    const res = await api.post('/adminportal/manage-admins/', { data: v });
    const created = (await res.json()) as { temporary_password: string };
    const s = await apiLogin(request, { username: v.username, password: created.temporary_password });
    expect(s.userDetails.username).toBe(v.username);
  });
});
