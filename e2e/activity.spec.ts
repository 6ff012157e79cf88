import type { Page } from '@playwright/test';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import { E2E_ADMIN } from './playwright.config';

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function chooseArea(page: Page, area: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: area, exact: true }).click();
}

test.describe('activity log', () => {
  test('shows who changed what, filters by area, admin and date, and links only records that still exist', async ({
    authed: page,
    api,
  }) => {
    const errors = watchPageErrors(page);
    const n = `${Date.now()}`;
    const kept = await api.post('/adminportal/manage-contact-us-info/', {
      data: { email: `kept${n}@example.test`, phone: '+351 912 345 678', address: `Rua ${n}` },
    });
    expect(kept.status(), await kept.text()).toBe(201);
    const gone = await api.post('/adminportal/manage-contact-us-info/', {
      data: { email: `gone${n}@example.test`, phone: '+351 912 345 679', address: `Avenida ${n}` },
    });
    expect(gone.status(), await gone.text()).toBe(201);
    const goneId = ((await gone.json()) as { id: number }).id;
    expect((await api.delete(`/adminportal/manage-contact-us-info/${goneId}/`)).status()).toBe(204);

    await page.goto('/admin-account/Activity');
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    // The sign-in of this very session is in the log. Within its area: the test running beside
    // this one can add more than a page (25) of newer entries elsewhere in a moment.
    await chooseArea(page, 'Sign-ins and own account');
    await expect(row(page, 'sign-in').first()).toBeVisible();

    await chooseArea(page, 'Contact us');
    await expect(row(page, `kept${n}`)).toBeVisible();
    await expect(row(page, 'sign-in')).toHaveCount(0);
    // The deleted record's entries name it but link nowhere; the kept one links to its screen.
    await expect(row(page, `gone${n}`)).toHaveCount(2);
    await expect(row(page, `gone${n}`).getByRole('link')).toHaveCount(0);
    const created = row(page, `kept${n}`);
    await expect(created).toContainText(E2E_ADMIN.username);
    await expect(created).toContainText('create');
    await created.getByRole('link', { name: `kept${n}@example.test` }).click();
    await expect(page).toHaveURL(/\/admin-account\/Contact-us-info$/);

    await page.goBack();
    await chooseArea(page, 'Sign-ins and own account');
    await page.getByRole('combobox', { name: 'Admin' }).click();
    await page.getByRole('option', { name: E2E_ADMIN.username, exact: true }).click();
    await expect(row(page, 'sign-in').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'From' }).fill('2000-01-01');
    await page.getByRole('textbox', { name: 'To' }).fill('2000-01-02');
    await expect(page.getByText(COMMON_MESSAGES.noData).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
