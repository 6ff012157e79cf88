import { ACCOUNT_MESSAGES, PEOPLE_MESSAGES } from '@darkroom/contracts';
import { apiLogin, expect, signIn, test, watchPageErrors, type Session } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';

// A modal dialog hides the rest of the page (notifications included) from the accessibility tree.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();

/**
 * A separate admin for these tests, created through the API by the shared e2e admin, so that
 * changing names and passwords here never disturbs the other spec files.
 */
async function ownAdmin(api: APIRequestContext, request: APIRequestContext) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const fields = { first_name: 'Nora', last_name: 'Quinn', email: `nora${n}@studio.test`, username: `nora_${n}`, phone: '+1 555 0170' };
  const res = await api.post('/adminportal/manage-admins/', { data: fields });
  expect(res.status()).toBe(201);
  const { temporary_password: password } = (await res.json()) as { temporary_password: string };
  const session: Session = await apiLogin(request, { username: fields.username, password });
  return { ...fields, password, session };
}

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { userDetail: Record<string, unknown> });

test.describe('my account', () => {
  test('profile: validation, update, session and list updated, survives a reload', async ({ page, api, request }) => {
    const errors = watchPageErrors(page);
    const me = await ownAdmin(api, request);
    await signIn(page, me.session);
    await page.goto('/admin-account/UserProfile');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Nora');
    await expect(page.getByLabel('Email')).toHaveValue(me.email);

    await page.getByLabel('First name').fill('');
    await page.getByLabel('Last name').fill('');
    await page.getByLabel('Phone').focus();
    await expect(page.getByText(PEOPLE_MESSAGES.firstNameRequired)).toBeVisible();
    await expect(page.getByText(PEOPLE_MESSAGES.lastNameRequired)).toBeVisible();

    await page.getByLabel('First name').fill('Eleanor');
    await page.getByLabel('Last name').fill('Vance');
    await page.getByLabel('Phone').fill('+1 555 0199');
    const request$ = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().includes(`/accounts/update-profile/${me.session.userDetails.id}/`),
    );
    await page.getByRole('button', { name: 'Update profile' }).click();
    const body = (await request$).postData() ?? '';
    expect(body).toContain('name="phone"');
    expect(body).not.toContain('name="email"'); // unchanged, so left out
    await expect(notification(page, ACCOUNT_MESSAGES.profileUpdated)).toBeVisible();
    expect((await stored(page)).userDetail).toMatchObject({
      first_name: 'Eleanor',
      last_name: 'Vance',
      phone: '+1 555 0199',
      email: me.email,
    });

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Eleanor');
    await expect(page.getByLabel('Phone')).toHaveValue('+1 555 0199');
    const admins = (await (await api.get('/adminportal/manage-admins/')).json()) as {
      username: string;
      first_name: string;
      phone: string;
    }[];
    expect(admins.find((a) => a.username === me.username)).toMatchObject({ first_name: 'Eleanor', phone: '+1 555 0199' });
    expect(errors).toEqual([]);
  });

  test('profile: a failed update shows the spec message', async ({ page, api, request }) => {
    const me = await ownAdmin(api, request);
    await signIn(page, me.session);
    await page.goto('/admin-account/UserProfile');
    // Simulate a server fault for this one call; everything else talks to the real server.
    await page.route('**/accounts/update-profile/**', (route) => route.fulfill({ status: 500, json: { detail: 'Internal server error' } }));
    await page.getByLabel('First name').fill('Broken');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect(notification(page, ACCOUNT_MESSAGES.profileUpdateFailed)).toBeVisible();
    expect((await stored(page)).userDetail).toMatchObject({ first_name: 'Nora' });
  });

  test('change password: validation, wrong old password, success, and the new password signs in', async ({ page, api, request }) => {
    const errors = watchPageErrors(page);
    const me = await ownAdmin(api, request);
    await signIn(page, me.session);
    const other = await apiLogin(request, { username: me.username, password: me.password });
    await page.goto('/admin-account/Change-password');
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();

    const submit = page.getByRole('button', { name: 'Update password' });
    await submit.click();
    await expect(page.getByText(ACCOUNT_MESSAGES.oldPasswordRequired)).toBeVisible();
    await expect(page.getByText(ACCOUNT_MESSAGES.newPasswordRequired)).toBeVisible();
    await expect(page.getByText(ACCOUNT_MESSAGES.confirmPasswordRequired)).toBeVisible();

    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').focus();
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeVisible();
    await page.getByLabel('New password').fill('a-new-password-1');
    await page.getByLabel('Confirm password').fill('a-different-one-2');
    await page.getByLabel('Old password').focus();
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordMismatch)).toBeVisible();

    // A wrong old password: the screen shows the first non_field_errors entry.
    await page.getByLabel('Old password').fill('not-my-password');
    await page.getByLabel('Confirm password').fill('a-new-password-1');
    await submit.click();
    await expect(notification(page, ACCOUNT_MESSAGES.oldPasswordWrong)).toBeVisible();

    await page.getByLabel('Old password').fill(me.password);
    await submit.click();
    await expect(notification(page, ACCOUNT_MESSAGES.passwordUpdated)).toBeVisible();
    await expect(page.getByLabel('Old password')).toHaveValue('');

    // This session stays signed in over a reload; the other session was signed out.
    await page.reload();
    await expect(page).toHaveURL(/\/Change-password$/);
    const revoked = await request.get('/adminportal/manage-admins/', { headers: { Authorization: `Token ${other.authToken}` } });
    expect(revoked.status()).toBe(401);
    const old = await request.post('/accounts/auth-admin/login/', { data: { username: me.username, password: me.password } });
    expect(old.status()).toBe(400);
    await apiLogin(request, { username: me.username, password: 'a-new-password-1' });
    expect(errors).toEqual([]);
  });

  test('change password: a failure without a reason shows the spec message', async ({ page, api, request }) => {
    const me = await ownAdmin(api, request);
    await signIn(page, me.session);
    await page.goto('/admin-account/Change-password');
    await page.route('**/accounts/auth-admin/change-password/**', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Internal server error' } }),
    );
    await page.getByLabel('Old password').fill(me.password);
    await page.getByLabel('New password').fill('another-password-3');
    await page.getByLabel('Confirm password').fill('another-password-3');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(notification(page, ACCOUNT_MESSAGES.passwordUpdateFailed)).toBeVisible();
  });
});
