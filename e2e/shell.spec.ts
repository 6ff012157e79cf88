import { SIDEBAR } from '../apps/admin/src/app/nav';
import { E2E_ADMIN } from './playwright.config';
import { expect, test, watchPageErrors } from './fixtures';

test.describe('sign-in and the portal shell', () => {
  test('without a session every screen goes to /login', async ({ page }) => {
    await page.goto('/admin-account/dashboard');
    await expect(page).toHaveURL(/\/admin-account\/login$/);
    await page.goto('/admin-account/');
    await expect(page).toHaveURL(/\/admin-account\/login$/);
  });

  test('login validates on blur with the spec messages', async ({ page }) => {
    await page.goto('/admin-account/login');
    await page.getByLabel('Username').focus();
    await page.getByLabel('Password').focus();
    await expect(page.getByText('Username is required')).toBeVisible();
    await page.getByLabel('Username').focus();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('a wrong password shows the mismatch message', async ({ page }) => {
    await page.goto('/admin-account/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Username and password does not match' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs in, keeps the session over a reload, and logs out', async ({ page }) => {
    const errors = watchPageErrors(page);
    await page.goto('/admin-account/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin-account\/dashboard$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ isLoggedIn: true, userDetail: { username: E2E_ADMIN.username } });
    expect(typeof stored.authToken).toBe('string');

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    // A stored session skips the login screen.
    await page.goto('/admin-account/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    const token = stored.authToken as string;
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // The server revoked the token too.
    const res = await page.request.post('/accounts/logout/', { headers: { Authorization: `Token ${token}` } });
    expect(res.status()).toBe(401);
    expect(errors).toEqual([]);
  });

  test('every sidebar item navigates to its route', async ({ authed: page }) => {
    await page.goto('/admin-account/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main menu' }).last();
    for (const group of SIDEBAR) {
      await expect(nav.getByText(group.label, { exact: true }).first()).toBeVisible();
      for (const item of group.items) {
        await nav.getByRole('link', { name: item.label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/admin-account${item.to}$`));
        await expect(page.getByText('Page not found')).toHaveCount(0);
      }
    }
  });

  test('a revoked session (401) clears storage and goes to /login', async ({ authed: page, session, request }) => {
    await page.goto('/admin-account/dashboard');
    await request.post('/accounts/logout/', { headers: { Authorization: `Token ${session.authToken}` } });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('unknown routes show a not-found page', async ({ authed: page }) => {
    await page.goto('/admin-account/no-such-screen');
    await expect(page.getByText('Page not found')).toBeVisible();
  });

  test('on a phone the sidebar folds behind a toggle', async ({ authed: page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/admin-account/dashboard');
    const link = page.getByRole('link', { name: 'Manage portfolio' });
    await expect(link).toBeHidden();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await link.click();
    await expect(page).toHaveURL(/\/portfolio$/);
  });
});
