import { SIDEBAR } from '../apps/admin/src/app/nav';
import { E2E_ADMIN } from './playwright.config';
import { CONTACT_MESSAGES } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import { notice, shortId } from './site-content-helpers';

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

  test('submitting empty fields shows both messages and focuses Username; then each clears as it is typed', async ({ page }) => {
    await page.goto('/admin-account/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeFocused();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    // After a submit a field is checked as it changes, not only when left.
    await page.getByLabel('Username').fill('someone');
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Username').fill('   ');
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
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
    await page.getByRole('banner').getByRole('button', { name: E2E_ADMIN.username, exact: true }).click();
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

  test("the first Tab offers 'Skip to main content', which takes the keyboard past the menu to the page", async ({ authed: page }) => {
    await page.goto('/admin-account/portfolio');
    await expect(page.getByRole('button', { name: 'Add new service' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect(page).toHaveURL(/\/admin-account\/portfolio$/);
    // The next Tab lands on the page's own first control (its header's buttons), not the menu.
    await page.keyboard.press('Tab');
    await expect(page.locator('main').locator(':focus')).toBeVisible();
    // Hidden again once it has done its job.
    await expect(skip).not.toBeInViewport();
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

  test('a revoked session (401) asks for the password; Sign out clears storage and goes to /login', async ({
    authed: page,
    session,
    request,
  }) => {
    await page.goto('/admin-account/dashboard');
    await request.post('/accounts/logout/', { headers: { Authorization: `Token ${session.authToken}` } });
    await page.reload();
    const prompt = page.getByRole('dialog', { name: 'Your session has expired' });
    await prompt.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('opening /portfolio with a revoked session asks for the password, then shows the services', async ({
    authed: page,
    session,
    request,
  }) => {
    const errors = watchPageErrors(page);
    await page.goto('/admin-account/portfolio');
    await expect(page.getByRole('heading', { name: 'Manage portfolio', level: 1 })).toBeVisible();
    await request.post('/accounts/logout/', { headers: { Authorization: `Token ${session.authToken}` } });
    // The list is fetched while the shell loads; its 401 waits for the shell's prompt.
    await page.reload();
    const prompt = page.getByRole('dialog', { name: 'Your session has expired' });
    await prompt.getByLabel('Password').fill(E2E_ADMIN.password);
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a session that ends mid-form asks for the password in place and sends the form again', async ({
    authed: page,
    session,
    request,
  }) => {
    const errors = watchPageErrors(page);
    const email = `reauth-${shortId()}@studio.test`;
    await page.goto('/admin-account/Contact-us-info');
    await page.getByRole('button', { name: 'Add contact information' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Contact Informations' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+44 20 7946 0002');
    await request.post('/accounts/logout/', { headers: { Authorization: `Token ${session.authToken}` } });
    await dialog.getByRole('button', { name: 'Submit' }).click();

    const prompt = page.getByRole('dialog', { name: 'Your session has expired' });
    await prompt.getByLabel('Password').fill('wrong-password');
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    await expect(prompt.getByText('Username and password does not match')).toBeVisible();
    await prompt.getByLabel('Password').fill(E2E_ADMIN.password);
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    await expect(notice(page, CONTACT_MESSAGES.created)).toBeVisible();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/\/Contact-us-info$/);
    await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('after going to /login, signing in returns to the page the admin was on', async ({ authed: page, session, request }) => {
    await page.goto('/admin-account/the-team');
    await request.post('/accounts/logout/', { headers: { Authorization: `Token ${session.authToken}` } });
    await page.reload();
    await page.getByRole('dialog', { name: 'Your session has expired' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/the-team$/);
  });

  test('a page whose code fails to load shows a message with Reload; the menu stays usable', async ({ authed: page }) => {
    await page.goto('/admin-account/dashboard');
    await page.route('**/assets/team-page-*.js', (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main menu' }).last().getByRole('link', { name: 'The team', exact: true }).click();
    // The server answers, so the portal first reloads once (a deploy may have changed the hashes);
    // the chunk still fails, so the message shows.
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: E2E_ADMIN.username, exact: true })).toBeVisible();
    await page.unroute('**/assets/team-page-*.js');
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'The team', level: 1 })).toBeVisible();
  });

  test('a stale chunk after a deploy reloads once and opens the page', async ({ authed: page }) => {
    await page.goto('/admin-account/dashboard');
    let failed = 0;
    await page.route('**/assets/team-page-*.js', (route) => (failed++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue()));
    await page.getByRole('navigation', { name: 'Main menu' }).last().getByRole('link', { name: 'The team', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'The team', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/the-team$/);
    expect(failed).toBeGreaterThan(1);
  });

  test("in-app navigation shows 'Loading...' while the page's code loads", async ({ authed: page }) => {
    await page.goto('/admin-account/dashboard');
    await page.route('**/assets/team-page-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main menu' }).last().getByRole('link', { name: 'The team', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Loading...' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The team', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Loading...' })).toBeHidden();
  });

  test('each route has its own tab title, and the portal has a favicon', async ({ authed: page }) => {
    await page.goto('/admin-account/portfolio');
    await expect(page).toHaveTitle('Manage portfolio · Darkroom');
    await page.getByRole('navigation', { name: 'Main menu' }).last().getByRole('link', { name: 'Emails', exact: true }).click();
    await expect(page).toHaveTitle('Emails · Darkroom');
    await page.goto('/admin-account/login');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBeTruthy();
    const icon = await page.request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  });

  test('toasts appear below the header, never over the user menu', async ({ authed: page }) => {
    await page.goto('/admin-account/Contact-us-info');
    await page.getByRole('button', { name: 'Add contact information' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Contact Informations' });
    await dialog.getByLabel('Email').fill(`toast-${shortId()}@studio.test`);
    await dialog.getByLabel('Phone').fill('+44 20 7946 0003');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const toast = notice(page, CONTACT_MESSAGES.created);
    await expect(toast).toBeVisible();
    const header = await page.getByRole('banner').boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });

  test('/Blog is the journal in the layout', async ({ authed: page }) => {
    await page.goto('/admin-account/Blog');
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New post' })).toBeVisible();
    await expect(page.getByText('Page not found')).toHaveCount(0);
    await expect(page).toHaveTitle('Blog · Darkroom');
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
