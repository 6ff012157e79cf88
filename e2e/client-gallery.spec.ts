import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientGallery } from '@darkroom/contracts';
import { E2E_PORT } from './playwright.config';
import { expect, test, watchPageErrors } from './fixtures';
import { createCustomer, jpeg, uniqueTitle } from './story-helpers';

const OUTBOX = path.join(os.tmpdir(), `darkroom-e2e-${E2E_PORT}`, 'outbox');

/** The decoded mails in the server's outbox that mention `text` (quoted-printable undone). */
function mailsWith(text: string): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .map((f) =>
      fs
        .readFileSync(path.join(OUTBOX, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((m) => m.includes(text));
}

test.describe('the client gallery page on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a customer asks for their links with JavaScript, in place, and receives them', async ({ page, api, baseURL }) => {
    const customer = await createCustomer(api, 'Gala');
    const email = `${customer.username.replace('_', '')}@example.test`;
    const res = await api.post('/adminportal/manage-client-galleries/', {
      multipart: { title: uniqueTitle('Links'), user: String(customer.id), status: 'true', cover_image: await jpeg(61) },
    });
    expect(res.status(), await res.text()).toBe(201);
    const gallery = (await res.json()) as ClientGallery;

    const errors = watchPageErrors(page);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Client gallery' }).click();
    await expect(page).toHaveURL(/\/client-gallery\/$/);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send me the links' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me the links' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeInViewport();
    await expect(page).toHaveURL(/\/client-gallery\/$/);
    await expect.poll(() => mailsWith(`${baseURL}${gallery.delivery_url}`).length).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });

  test('without JavaScript: the field message, then the thank-you page', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto('/client-gallery/');
    await page.getByRole('button', { name: 'Send me the links' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('stranger@example.test');
    await page.getByRole('button', { name: 'Send me the links' }).click();
    await expect(page).toHaveURL(/\/client-gallery\/\?sent=1#gallery-links$/);
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await context.close();
  });
});
