import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DELIVERY_MESSAGES, type ClientGallery, type DeliveryGallery } from '@darkroom/contracts';
import { E2E_PORT } from './playwright.config';
import { axeViolations, expect, test, watchPageErrors } from './fixtures';
import { clientGalleryWithPhotos, deliveryToken } from './delivery-helpers';

// includeHidden: while a MUI dialog is open the notification bar sits under aria-hidden siblings.
const notification = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first();
const OUTBOX = path.join(os.tmpdir(), `darkroom-e2e-${E2E_PORT}`, 'outbox');
const PASSWORD = 'orchard-light-42';

/** An .eml's text with quoted-printable soft breaks and escapes undone. */
const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The decoded mails in the server's outbox that mention `text`. */
function mailsWith(text: string): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => decodeMail(fs.readFileSync(path.join(OUTBOX, f), 'utf8')))
    .filter((m) => m.includes(text));
}

test.describe('client delivery in the portal', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('password and expiry, copy, revoke with confirmation, send, and the customer’s favourites', async ({
    authed: page,
    api,
    playwright,
    baseURL,
  }) => {
    const errors = watchPageErrors(page);
    const { customer, gallery, title } = await clientGalleryWithPhotos(api, { customer: 'Iris', title: 'Delivery', count: 3, seed: 41 });

    await page.goto('/admin-account/Client-gallery');
    const card = page.locator('.MuiCard-root').filter({ hasText: title });
    await expect(card.getByText('0 favourites')).toBeAttached();
    await card.getByRole('button', { name: `Delivery of ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delivery: ${title}` });
    await expect(dialog).toBeVisible();

    // The whole link, copied.
    const link = dialog.getByLabel('Delivery link');
    const firstUrl = await link.inputValue();
    expect(firstUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PORT}/g/[A-Za-z0-9_-]{43}/$`));
    expect(firstUrl.endsWith(gallery.delivery_url)).toBe(true);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(notification(page, 'Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);

    // A password and an expiry date, saved together.
    await dialog.getByRole('switch', { name: 'Require a password' }).check();
    await dialog.getByRole('button', { name: 'Save access settings' }).click();
    await expect(dialog.getByText(DELIVERY_MESSAGES.passwordRequired)).toBeVisible();
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByLabel('Link expires after').fill('2099-12-31');
    await dialog.getByRole('button', { name: 'Save access settings' }).click();
    await expect(notification(page, 'Delivery settings saved')).toBeVisible();
    await expect(dialog.getByLabel('New password')).toHaveValue('');
    const saved = (await (await api.get(`/adminportal/manage-client-galleries/${gallery.id}/`)).json()) as ClientGallery;
    expect(saved).toMatchObject({ delivery_password_set: true, delivery_expires_at: '2099-12-31', allow_download: true });
    expect(JSON.stringify(saved)).not.toContain(PASSWORD);

    // The axe check of the open dialog (the page behind it is checked by a11y.spec).
    expect(await axeViolations(page)).toEqual([]);

    // Revoke: asked first, saying the old link stops working.
    await dialog.getByRole('button', { name: 'Revoke and make a new link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this link and make a new one?' });
    await expect(confirm).toContainText('stops working');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(link).toHaveValue(firstUrl);
    await dialog.getByRole('button', { name: 'Revoke and make a new link' }).click();
    await confirm.getByRole('button', { name: 'Make a new link' }).click();
    await expect(notification(page, DELIVERY_MESSAGES.linkRegenerated)).toBeVisible();
    await expect(link).not.toHaveValue(firstUrl);
    const url = await link.inputValue();
    const token = deliveryToken(url);
    const customerSide = await playwright.request.newContext({ baseURL });
    expect((await customerSide.get(`/site/galleries/${deliveryToken(firstUrl)}/`)).status()).toBe(404);
    expect((await customerSide.get(`/site/galleries/${token}/`)).status()).toBe(401);

    // Send to the customer: the message goes with the link, never the password (shared separately).
    await dialog.getByRole('button', { name: 'Send to customer' }).click();
    const send = page.getByRole('dialog', { name: 'Send to customer' });
    await expect(send).toContainText('please do not type it in your message');
    await send.getByLabel('Message (optional)').fill('Your photos are ready, enjoy them!');
    await send.getByRole('button', { name: 'Send' }).click();
    await expect(notification(page, DELIVERY_MESSAGES.linkSent)).toBeVisible();
    await expect(send).toBeHidden();
    await expect.poll(() => mailsWith(token).length).toBe(1);
    const mail = mailsWith(token)[0]!;
    expect(mail).toContain(`${customer.username.replace('_', '')}@example.test`);
    expect(mail).toContain('Your photos are ready, enjoy them!');
    expect(mail).not.toContain(PASSWORD);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The customer opens the link, enters the password and hearts two photos.
    expect((await customerSide.post(`/site/galleries/${token}/unlock/`, { data: { password: PASSWORD } })).status()).toBe(204);
    const shown = (await (await customerSide.get(`/site/galleries/${token}/`)).json()) as DeliveryGallery;
    expect(shown.photos).toHaveLength(3);
    const hearted = shown.photos.slice(0, 2);
    const fav = await customerSide.put(`/site/galleries/${token}/favourites/`, { data: { ids: hearted.map((p) => p.id) } });
    expect(fav.status(), await fav.text()).toBe(200);

    // The studio sees the count on the card, and the activity in the delivery dialog.
    await page.reload();
    await expect(card.getByText('2 favourites')).toBeAttached();
    await expect(card.getByTestId('favourites-count')).toContainText('2');
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: `Delivery of ${title}` }).click();
    const events = dialog.getByRole('list', { name: 'Latest events' });
    await expect(events).toContainText('Changed the favourites');
    await expect(events).toContainText('Entered the password');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The photo page: only the favourites, and their file names to copy.
    await card.getByRole('button', { name: `Manage ${title}` }).click();
    const filter = page.getByRole('button', { name: 'Favourites (2)' });
    await expect(filter).toHaveAttribute('aria-pressed', 'false');
    const table = page.getByRole('grid', { name: 'Gallery photos' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await filter.click();
    await expect(filter).toHaveAttribute('aria-pressed', 'true');
    await expect(table.getByRole('row')).toHaveCount(3);
    for (const p of hearted) await expect(table).toContainText(p.name);
    await page.getByRole('button', { name: 'Copy file names' }).click();
    await expect(notification(page, 'File names copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hearted.map((p) => p.name).join('\n'));
    expect(await axeViolations(page)).toEqual([]);

    // The dashboard lists the latest eight delivery events across galleries. Other tests' customers
    // open theirs at the same time, so this gallery's event is in the list, not always first (the
    // order itself is the API test's: delivery.test.ts), and their events pushed its earlier ones
    // out of the eight now and then: the customer changes the favourites once more just before.
    const again = await customerSide.put(`/site/galleries/${token}/favourites/`, { data: { ids: [hearted[0]!.id] } });
    expect(again.status(), await again.text()).toBe(200);
    await customerSide.dispose();
    await page.goto('/admin-account/dashboard');
    const latest = page.getByRole('list', { name: 'Latest deliveries' });
    await expect(
      latest.getByRole('listitem').filter({ hasText: title }).filter({ hasText: 'Changed the favourites' }).first(),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });
});
