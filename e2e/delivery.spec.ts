import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { DELIVERY_MESSAGES } from '@darkroom/contracts';
import { expect, noAxeViolations, test, watchPageErrors } from './fixtures';
import { clientGalleryWithPhotos, deliveryToken, zipEntries } from './delivery-helpers';

/** The customer's side of a delivery: a private link opened on a phone, password, favourites, zip. */

const PASSWORD = 'paper lantern 42';
let seed = 9100;

interface Delivery {
  id: number;
  url: string;
  title: string;
  names: string[];
}
/** A published client gallery of real photos with a password and downloads on, made through the admin API. */
async function createDelivery(api: APIRequestContext, count = 5): Promise<Delivery> {
  const { gallery, title, names } = await clientGalleryWithPhotos(api, { customer: 'Delivery', title: 'Harbour wedding', count, seed });
  seed += count + 1;
  const res = await api.patch(`/adminportal/manage-client-galleries/${gallery.id}/`, {
    data: { delivery_password: PASSWORD, allow_download: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const patched = (await res.json()) as { delivery_url: string };
  return { id: gallery.id, url: patched.delivery_url, title, names };
}

/** How many of the grid's photos are loaded and drawn (shown, with pixels). */
const drawnPhotos = (page: Page) =>
  page
    .locator('ul[data-delivery] img')
    .evaluateAll(
      (imgs) =>
        imgs.filter(
          (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0 && i.getBoundingClientRect().width > 0,
        ).length,
    );

const heart = (page: Page, name: string) => page.locator('ul[data-delivery]').getByRole('button', { name: `Add ${name} to favourites` });

test.describe('a client delivery, on a phone', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('the customer enters the password, hearts two photos, filters them and downloads exactly those two', async ({ page, api }) => {
    const errors = watchPageErrors(page);
    // Enough photos that the last rows start off screen (not laid out until near).
    const d = await createDelivery(api, 24);

    await page.goto(d.url);
    await expect(page.getByRole('heading', { name: 'A private gallery' })).toBeVisible();
    await expect(page.getByText(d.title)).toHaveCount(0);
    await noAxeViolations(page);

    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await expect(page.getByText(DELIVERY_MESSAGES.passwordWrong)).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open the gallery' }).click();

    await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
    await expect(page.locator('ul[data-delivery] > li')).toHaveCount(d.names.length);
    // The tiles' photos come once the cover is drawn: the script gives them their sources (the
    // first rows load at once; the rest as the customer scrolls near them).
    await expect.poll(() => drawnPhotos(page)).toBeGreaterThanOrEqual(4);
    await expect(page.locator('ul[data-delivery] img[data-src]')).toHaveCount(0);
    // Every image of the page (cover included) comes through the gallery's token, never /media/.
    const token = deliveryToken(d.url);
    const sources = await page.locator('main img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).currentSrc));
    expect(sources.length).toBeGreaterThan(4);
    for (const src of sources.filter(Boolean)) expect(new URL(src).pathname.startsWith(`/site/galleries/${token}/`), src).toBe(true);
    // The page fits the phone's width, and offers no favourites to download before there are any.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expect(page.getByRole('link', { name: 'Download favourites' })).toBeHidden();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await noAxeViolations(page);

    const [a, , c] = d.names as [string, string, string];
    for (const name of [a, c]) {
      const saved = page.waitForResponse((r) => r.url().endsWith('/favourites/') && r.request().method() === 'PUT');
      await heart(page, name).click();
      await expect(heart(page, name)).toHaveAttribute('aria-pressed', 'true');
      expect((await saved).status()).toBe(200);
    }
    const favourites = page.getByRole('button', { name: /^Favourites/ });
    await expect(favourites).toContainText('2');

    await favourites.click();
    await expect(favourites).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('ul[data-delivery] > li')).toHaveCount(2);
    expect(await page.locator('ul[data-delivery] img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt))).toEqual([a, c]);

    // The favourites stay after a reload (saved on the server, cookie kept).
    await page.reload();
    await expect(heart(page, a)).toHaveAttribute('aria-pressed', 'true');
    await expect(heart(page, d.names[1]!)).toHaveAttribute('aria-pressed', 'false');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download favourites' }).click();
    const file = await (await download).path();
    expect((await zipEntries(file)).sort()).toEqual([a, c].sort());
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
  });

  test('the lightbox opens, moves, hearts and closes with the keyboard, and gives focus back', async ({ page, api }) => {
    const d = await createDelivery(api, 3);
    await page.goto(d.url);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();

    const first = page.locator('ul[data-delivery] a').first();
    await first.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('1 / 3')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('2 / 3')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText('3 / 3')).toBeVisible();
    await expect(viewer.getByRole('link', { name: `Download the original of ${d.names[2]}` })).toHaveAttribute(
      'href',
      /\/photos\/\d+\/original\/$/,
    );
    const inViewer = viewer.getByRole('button', { name: `Add ${d.names[2]} to favourites` });
    await inViewer.focus();
    await page.keyboard.press('Enter');
    await expect(inViewer).toHaveAttribute('aria-pressed', 'true');
    // A swipe to the left on a touch screen shows the next photo (round to the first).
    await viewer.evaluate((el) => {
      const touch = (x: number) => [new Touch({ identifier: 1, target: el, clientX: x, clientY: 400 })];
      el.dispatchEvent(new TouchEvent('touchstart', { touches: touch(300), changedTouches: touch(300), bubbles: true }));
      el.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: touch(120), bubbles: true }));
    });
    await expect(viewer.getByText('1 / 3')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText('3 / 3')).toBeVisible();
    // Tab stays inside the viewer.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // Focus returns to the tile of the photo last seen, whose heart now shows it.
    await expect(page.locator('ul[data-delivery] a').nth(2)).toBeFocused();
    await expect(heart(page, d.names[2]!)).toHaveAttribute('aria-pressed', 'true');
  });

  test('a heart that cannot be saved is taken back, with a message saying why', async ({ page, api }) => {
    const d = await createDelivery(api, 2);
    await page.goto(d.url);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
    // The studio makes a new link meanwhile: the open page's link is revoked.
    const renewed = await api.post(`/adminportal/manage-client-galleries/${d.id}/delivery/regenerate/`);
    expect(renewed.status()).toBe(200);
    const failed = page.waitForResponse((r) => r.url().endsWith('/favourites/') && r.request().method() === 'PUT');
    await heart(page, d.names[0]!).click();
    await expect(heart(page, d.names[0]!)).toHaveAttribute('aria-pressed', 'true');
    expect((await failed).status()).toBe(404);
    await expect(heart(page, d.names[0]!)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('alert')).toContainText('Your favourites could not be saved');
    await expect(page.getByRole('alert')).toContainText('This link no longer works');
    await expect(page.getByRole('button', { name: /^Favourites/ })).toContainText('0');
  });

  test('without JavaScript the password form still opens the gallery, and a wrong one says so', async ({ browser, baseURL, api }) => {
    const d = await createDelivery(api, 2);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(d.url);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await expect(page.getByText(DELIVERY_MESSAGES.passwordWrong)).toBeVisible();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await expect(page).toHaveURL(new RegExp(`${d.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
    await expect(page.locator('ul[data-delivery] > li')).toHaveCount(2);
    // The photos are the noscript copies; the copies that wait for the script stay hidden.
    await expect.poll(() => drawnPhotos(page)).toBe(2);
    for (const waiting of await page.locator('ul[data-delivery] img[data-src]').all()) await expect(waiting).toBeHidden();
    await context.close();
  });
});
