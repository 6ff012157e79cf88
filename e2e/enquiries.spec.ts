import type { Page } from '@playwright/test';
import { COMMON_MESSAGES, ENQUIRY_MESSAGES, type EnquiryPage } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';

// includeHidden: while a MUI dialog is open the notification bar sits under aria-hidden siblings.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const search = (page: Page, text: string) => page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill(text);

test.describe('user enquiries', () => {
  test('visitors send enquiries without a token; admins read, search, hide columns and delete them', async ({
    authed: page,
    request,
    api,
  }) => {
    const errors = watchPageErrors(page);
    const n = `${Date.now()}`;
    const first = { full_name: `Ada ${n}`, email: `ada${n}@example.test`, message: `Do you shoot weddings in June? ${n}` };
    const second = { full_name: `Grace ${n}`, email: `grace${n}@example.test`, message: `Portrait session for a family of four ${n}` };
    // The public intake: no Authorization header at all (the `request` fixture carries none).
    for (const data of [first, second]) {
      const res = await request.post('/site/enquiries/', { data });
      expect(res.status(), await res.text()).toBe(201);
      expect(await res.json()).toEqual({ status: true, detail: ENQUIRY_MESSAGES.received });
    }
    const invalid = await request.post('/site/enquiries/', { data: { full_name: '', email: 'nope', message: '' } });
    expect(invalid.status()).toBe(400);
    expect(await invalid.json()).toEqual({
      full_name: [ENQUIRY_MESSAGES.fullNameRequired],
      email: [ENQUIRY_MESSAGES.emailInvalid],
      message: [ENQUIRY_MESSAGES.messageRequired],
    });

    await page.goto('/admin-account/User-enquiries');
    await expect(page.getByRole('heading', { name: 'User enquiries' })).toBeVisible();
    for (const header of ['#', 'Full name', 'Email', 'Message', 'Date Created']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(row(page, first.full_name)).toContainText(first.email);
    await expect(row(page, second.full_name)).toContainText(second.message);
    // No print or download.
    await expect(page.getByRole('button', { name: /print|export|download/i })).toHaveCount(0);

    // Search narrows the table; an unmatched term shows the empty state.
    await search(page, first.full_name);
    await expect(row(page, first.full_name)).toBeVisible();
    await expect(row(page, second.full_name)).toHaveCount(0);
    await search(page, `no such enquiry ${n}`);
    await expect(page.getByText(COMMON_MESSAGES.noData)).toBeVisible();
    await search(page, n);
    await expect(row(page, second.full_name)).toBeVisible();

    // Column visibility: hide Message, then show it again.
    await page.getByRole('button', { name: 'Columns' }).click();
    const panel = page
      .getByRole('tooltip')
      .or(page.getByRole('dialog'))
      .filter({ has: page.getByText('Message', { exact: true }) });
    await panel.getByText('Message', { exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Message', exact: true })).toHaveCount(0);
    await panel.getByText('Message', { exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Message', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // The full message opens in a reading dialog.
    await row(page, first.full_name)
      .getByRole('button', { name: `View enquiry from ${first.full_name}` })
      .click();
    const view = page.getByRole('dialog', { name: `Enquiry from ${first.full_name}` });
    await expect(view).toContainText(first.message);
    await view.getByRole('button', { name: 'Close' }).click();
    await expect(view).toBeHidden();

    // Delete asks first; 'No, Cancel' keeps the enquiry.
    await row(page, first.full_name)
      .getByRole('button', { name: `Delete enquiry from ${first.full_name}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, first.full_name)).toBeVisible();

    await row(page, first.full_name)
      .getByRole('button', { name: `Delete enquiry from ${first.full_name}` })
      .click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, ENQUIRY_MESSAGES.deleted)).toBeVisible();
    await expect(row(page, first.full_name)).toHaveCount(0);

    await page.reload();
    await search(page, n);
    await expect(row(page, second.full_name)).toBeVisible();
    await expect(row(page, first.full_name)).toHaveCount(0);

    // Deleting one that is already gone (another admin was quicker) reports the failure.
    const listed = ((await (await api.get('/adminportal/user-enqueries/?page_size=100')).json()) as EnquiryPage).items;
    const target = listed.find((e) => e.full_name === second.full_name)!;
    expect((await api.delete(`/adminportal/user-enqueries/${target.id}/`)).status()).toBe(204);
    await row(page, second.full_name)
      .getByRole('button', { name: `Delete enquiry from ${second.full_name}` })
      .click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, ENQUIRY_MESSAGES.deleteFailed)).toBeVisible();
    await page.reload();
    await search(page, n);
    await expect(page.getByText(COMMON_MESSAGES.noData)).toBeVisible();
    expect(errors).toEqual([]);
  });
});
