import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { BRANDING_MESSAGES, readableAccent, SETUP_MESSAGES, type Branding } from '@darkroom/contracts';
import { apiLogin, axeViolations, expect, test, watchPageErrors } from './fixtures';
import { E2E_PORT } from './playwright.config';
import { notification } from './story-helpers';

/** The first-run setup and the studio's brand, from the portal to the website. */

const SHOTS = path.join(os.tmpdir(), 'darkroom-branding-shots');

/** A logo as a studio has one: a dark word mark on a transparent background. */
async function logoPng(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160"><rect x="8" y="24" width="112" height="112" rx="20" fill="#1f3b4d"/><circle cx="64" cy="80" r="30" fill="#f2c14e"/><text x="140" y="112" font-family="Georgia, serif" font-size="84" fill="#1f3b4d">Lumen</text></svg>`;
  return { name: 'lumen-logo.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

test.describe.serial('setup and branding', () => {
  test.afterAll(async ({ playwright }) => {
    // Later specs expect the plain studio: the name, no logo, system fonts.
    const req = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
    const s = await apiLogin(req);
    const headers = { Authorization: `Token ${s.authToken}` };
    const settings = (await (await req.get('/adminportal/site-settings/', { headers })).json()) as Record<string, unknown>;
    delete settings.time_updated;
    await req.put('/adminportal/site-settings/', { headers, data: { ...settings, studio_name: 'Darkroom Studio' } });
    await req.put('/adminportal/site-settings/branding/', {
      headers,
      multipart: { accent: '#8a3f1f', font_pairing: 'system', remove_logo: 'true' },
    });
    await req.dispose();
  });

  test('on first sign-in the dashboard asks the studio name, e-mail, time zone and logo, saved through the APIs', async ({
    authed: page,
    api,
  }) => {
    const errors = watchPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin-account/dashboard');
    const card = page.getByRole('region', { name: SETUP_MESSAGES.title });
    await expect(card).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'setup-1280.png'), fullPage: true });

    await card.getByLabel(SETUP_MESSAGES.studioName).fill('');
    await card.getByRole('button', { name: SETUP_MESSAGES.save }).click();
    await expect(card.getByText('Studio name is required')).toBeVisible();

    await card.getByLabel(SETUP_MESSAGES.studioName).fill('Lumen & Grain');
    await card.getByLabel(SETUP_MESSAGES.email).fill('owner@lumen.test');
    const phone = card.getByLabel('Your phone number');
    if (await phone.count()) await phone.fill('+351 21 000 0000');
    await card.getByLabel(SETUP_MESSAGES.timeZone).selectOption('Europe/Lisbon');
    await card.locator('input[type=file]').setInputFiles(await logoPng());
    await card.getByRole('button', { name: SETUP_MESSAGES.save }).click();
    await expect(notification(page, SETUP_MESSAGES.saved)).toBeVisible();
    await expect(card).toBeHidden();
    // An admin has an e-mail address now: the dashboard no longer warns.
    await expect(page.getByText('No admin has an e-mail address')).toBeHidden();

    const settings = (await (await api.get('/adminportal/site-settings/')).json()) as { studio_name: string; time_zone: string };
    expect(settings).toMatchObject({ studio_name: 'Lumen & Grain', time_zone: 'Europe/Lisbon' });
    const branding = (await (await api.get('/adminportal/site-settings/branding/')).json()) as Branding;
    expect(branding.favicon_32).toMatch(/^\/media\/d\/.+\.png$/);
    expect(await (await api.get('/adminportal/site-settings/setup/')).json()).toEqual({ open: false });

    // Closed for good: the next visit shows the dashboard alone.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('branding set in Site settings shows on the website at 375 and 1280 px, axe clean', async ({ authed: page, api }) => {
    const errors = watchPageErrors(page);
    await page.goto('/admin-account/Site-settings');
    // The page's code and both its queries, on a busy machine.
    await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible({ timeout: 30_000 });
    const section = page.getByRole('region', { name: BRANDING_MESSAGES.title });
    await expect(section.getByRole('img', { name: `${BRANDING_MESSAGES.logo} preview` })).toBeVisible();
    await section.getByLabel(BRANDING_MESSAGES.accent, { exact: true }).fill('teal');
    await section.getByRole('button', { name: 'Update branding' }).click();
    await expect(section.getByText(BRANDING_MESSAGES.accentInvalid)).toBeVisible();
    // A light colour: the website darkens it so links and buttons stay readable.
    await section.getByLabel(BRANDING_MESSAGES.accent, { exact: true }).fill('#3fb8a5');
    await expect(section.getByText(/Darkened to #/)).toBeVisible();
    await section.getByLabel('Playfair Display and Source Sans 3').check();
    await page.screenshot({ path: path.join(SHOTS, 'site-settings-branding.png'), fullPage: true });
    await section.getByRole('button', { name: 'Update branding' }).click();
    await expect(notification(page, BRANDING_MESSAGES.updated)).toBeVisible();
    const branding = (await (await api.get('/adminportal/site-settings/branding/')).json()) as Branding;
    expect(branding).toMatchObject({ accent: '#3fb8a5', font_pairing: 'editorial' });

    const visitor = await page.context().newPage();
    for (const width of [375, 1280]) {
      await visitor.setViewportSize({ width, height: 860 });
      await visitor.goto('/');
      const logo = visitor.locator('header.bar img.logo');
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('alt', 'Lumen & Grain');
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const box = (await logo.boundingBox())!;
      expect(box.height).toBeGreaterThan(20);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // The fonts arrive (self-hosted) and are the ones the page uses.
      const fonts = await visitor.evaluate(async () => {
        await document.fonts.ready;
        return {
          loaded: Array.from(document.fonts as unknown as Iterable<FontFace>)
            .filter((f) => f.status === 'loaded')
            .map((f) => f.family.replace(/"/g, '')),
          bodyFamily: getComputedStyle(document.body).fontFamily,
        };
      });
      expect(fonts.loaded.sort()).toEqual(['Playfair Display', 'Source Sans 3']);
      expect(fonts.bodyFamily).toContain('Source Sans 3');
      const accent = await visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
      expect(accent).toBe(readableAccent('#3fb8a5'));
      const icon = await visitor.locator('link[rel=icon]').getAttribute('href');
      const res = await visitor.request.get(icon!);
      expect(res.headers()['content-type']).toBe('image/png');
      await visitor.screenshot({ path: path.join(SHOTS, `home-${width}.png`) });
      expect(await axeViolations(visitor)).toEqual([]);
    }
    await visitor.close();
    expect(errors).toEqual([]);
  });
});
