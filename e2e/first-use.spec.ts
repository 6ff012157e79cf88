import { AUTH_MESSAGES } from '@darkroom/contracts';
import { E2E_ADMIN } from './playwright.config';
import { expect, test } from './fixtures';

test.describe('what an admin tripped over', () => {
  test("a wrong password's message does not follow the admin onto the dashboard after a right one", async ({ page }) => {
    // Once the message shows, the page's clock stands still unless moved: the message's own 4 s
    // hiding never comes, so only its dismissal on sign-in can take it away.
    await page.clock.install();
    await page.goto('/admin-account/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByText(AUTH_MESSAGES.mismatch);
    await expect(toast).toBeVisible();
    // Paused a second ahead: the page's clock runs on while this call travels, and a pause in its
    // past is refused ("Cannot fast-forward to the past", seen at 50 ms on a loaded machine).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin-account\/dashboard$/);
    // The dismissal may come a moment after the dashboard shows, and its closing animation runs on
    // the page's clock: move it half a second at a time, at most 2.5 s (3.5 s with the pause),
    // short of the 4 s a message stays on its own, so only the dismissal can take it away.
    let moved = 0;
    await expect
      .poll(async () => {
        if (moved < 2500) {
          await page.clock.runFor(500);
          moved += 500;
        }
        return toast.count();
      })
      .toBe(0);
  });
});

test.describe('a chunk that fails to load', () => {
  test("the portal's own layout failing twice shows a message with Reload, not a blank page", async ({ authed: page }) => {
    await page.route('**/assets/admin-layout-*.js', (route) => route.abort());
    await page.goto('/admin-account/dashboard');
    // The server answers, so the portal reloads once (a deploy may have changed the hashes); the
    // chunk fails again, so the message shows.
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await expect(alert).toBeVisible();
    await page.unroute('**/assets/admin-layout-*.js');
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});
