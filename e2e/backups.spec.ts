import fs from 'node:fs';
import { expect, test, watchPageErrors } from './fixtures';

test.describe('backups', () => {
  test('an admin finds Backups in the sidebar, takes one, sees it listed and downloads it', async ({ authed: page }) => {
    const errors = watchPageErrors(page);
    await page.goto('/admin-account/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).last().getByRole('link', { name: 'Backups', exact: true }).click();
    await expect(page).toHaveURL(/\/admin-account\/Backups$/);
    await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: /darkroom-.*\.tar/ });
    const before = await rows.count();

    await page.getByRole('button', { name: 'Back up now' }).click();
    // Written by a job: in progress, then listed.
    await expect(rows).toHaveCount(before + 1, { timeout: 60_000 });
    await expect(page.getByRole('progressbar', { name: 'Backup in progress' })).toHaveCount(0);
    const newest = rows.first();
    await expect(newest).toContainText(/\d+(\.\d)? (KB|MB)/);

    const download = page.waitForEvent('download');
    await newest.getByRole('button', { name: /^Download / }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^darkroom-.*\.tar$/);
    await expect(newest).toContainText(file.suggestedFilename());
    expect(fs.statSync((await file.path())!).size).toBeGreaterThan(1024);
    expect(errors).toEqual([]);
  });
});
