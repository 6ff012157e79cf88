import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { EMAIL_MESSAGES, EMAIL_RECIPIENT_MENU_MAX_HEIGHT, PEOPLE_MESSAGES, type PersonAccount } from '@darkroom/contracts';
import { E2E_PORT } from './playwright.config';
import { expect, test, watchPageErrors } from './fixtures';

// includeHidden: while a MUI dialog is open the notification bar sits under aria-hidden siblings.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const OUTBOX = path.join(os.tmpdir(), `darkroom-e2e-${E2E_PORT}`, 'outbox');

async function createAdmin(api: APIRequestContext, first: string, n: string): Promise<PersonAccount> {
  const data = {
    first_name: `${first}${n}`,
    last_name: 'Mailer',
    email: `${first.toLowerCase()}${n}@example.test`,
    username: `${first.toLowerCase()}_${n}`,
    phone: '+1 555 0101',
  };
  const res = await api.post('/adminportal/manage-admins/', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as PersonAccount;
}

/** The .eml files in the server's outbox whose subject is `subject`. */
function outboxMails(subject: string): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(OUTBOX, f), 'utf8'))
    .filter((m) => new RegExp(`^Subject: ${subject}$`, 'm').test(m));
}

test.describe('emails', () => {
  test('send an email to chosen admins: validation, the 224 px menu, the outcome, the outbox and the history', async ({
    authed: page,
    api,
  }) => {
    const errors = watchPageErrors(page);
    const n = `${Date.now()}`;
    const admins: PersonAccount[] = [];
    for (const first of ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo']) admins.push(await createAdmin(api, first, n));
    const [ann, bob, cy] = admins as [PersonAccount, PersonAccount, PersonAccount];

    await page.goto('/admin-account/Manage-emails');
    await expect(page.getByRole('heading', { name: 'Emails', exact: true })).toBeVisible();
    const adminsTable = page.getByRole('region', { name: 'Admins' });
    for (const header of ['#', 'First name', 'Last name', 'Email Address', 'Username', 'Phone', 'Date Created', 'Status', 'Last Login']) {
      await expect(adminsTable.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await adminsTable.getByPlaceholder('Enter item to search').fill(n);
    await expect(row(page, ann.username)).toContainText(ann.email);
    await expect(row(page, ann.username)).toContainText(PEOPLE_MESSAGES.statusActive);
    await expect(row(page, ann.username)).toContainText('Never');

    // Every validation message of the dialog.
    await page.getByRole('button', { name: EMAIL_MESSAGES.sendEmail }).click();
    const dialog = page.getByRole('dialog', { name: EMAIL_MESSAGES.sendEmail });
    await dialog.getByRole('button', { name: 'Send' }).click();
    for (const m of [EMAIL_MESSAGES.subjectRequired, EMAIL_MESSAGES.messageRequired, EMAIL_MESSAGES.recipientsRequired]) {
      await expect(dialog.getByText(m, { exact: true })).toBeVisible();
    }

    // The recipient menu is at most 224 px high and scrolls.
    await dialog.getByRole('combobox', { name: 'Recipients' }).click();
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    const menu = page.locator('.MuiMenu-paper');
    const box = (await menu.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(EMAIL_RECIPIENT_MENU_MAX_HEIGHT);
    expect(await menu.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await listbox.getByRole('option', { name: new RegExp(ann.email) }).click();
    await listbox.getByRole('option', { name: new RegExp(bob.email) }).click();
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(dialog.getByText(EMAIL_MESSAGES.recipientsRequired, { exact: true })).toBeHidden();

    const subject = `Team meeting ${n}`;
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Body').fill('We meet on Friday at 10 in the studio.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    // Queued at once; the server's job queue sends them.
    await expect(notification(page, EMAIL_MESSAGES.queued)).toBeVisible();
    await expect(dialog).toBeHidden();
    const outcome = page.getByRole('dialog', { name: subject });
    await expect(outcome).toContainText(EMAIL_MESSAGES.queued);
    for (const a of [ann, bob]) await expect(outcome.getByRole('listitem').filter({ hasText: a.email })).toContainText('Queued');
    await outcome.getByRole('button', { name: 'Close' }).click();

    // Really sent: one message per recipient in the server's outbox (no SMTP_URL in e2e).
    await expect.poll(() => outboxMails(subject).length).toBe(2);
    const mails = outboxMails(subject);
    expect(mails.map((m) => /^To: (.*)$/m.exec(m)![1]!.trim()).sort()).toEqual([ann.email, bob.email].sort());
    for (const m of mails) expect(m).toContain('We meet on Friday at 10 in the studio.');

    // The history shows it, also after a reload.
    const history = page.getByRole('region', { name: 'Sent emails' });
    await expect(history.getByRole('row').filter({ hasText: subject })).toContainText('Sent');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Sent emails' }).getByRole('row').filter({ hasText: subject })).toContainText(
      `${ann.email}, ${bob.email}`,
    );
    // Every message with its state: one per recipient, sent.
    const messages = page.getByRole('region', { name: 'Messages' }).getByRole('row').filter({ hasText: subject });
    await expect(messages).toHaveCount(2);
    for (const a of [ann, bob]) await expect(messages.filter({ hasText: a.email })).toContainText('Sent');

    // Rows ticked in the table are the dialog's recipients.
    await adminsTable.getByPlaceholder('Enter item to search').fill(cy.username);
    // The grid re-renders once the search applies: tick the row only after that (header + one row).
    await expect(adminsTable.getByRole('row')).toHaveCount(2);
    await expect(async () => {
      await row(page, cy.username).getByRole('checkbox').check({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole('button', { name: EMAIL_MESSAGES.sendEmail }).click();
    await expect(
      dialog.getByRole('button', { name: `${cy.first_name} ${cy.last_name}` }).or(dialog.getByText(`${cy.first_name} ${cy.last_name}`)),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });
});
