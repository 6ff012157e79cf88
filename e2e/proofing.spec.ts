import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { SELECTION_MESSAGES, selectionFullMessage, type Selection } from '@darkroom/contracts';
import { expect, noAxeViolations, test, watchPageErrors } from './fixtures';
import { clientGalleryWithPhotos } from './delivery-helpers';

/** Proofing on a phone: a visitor gives a name, hearts up to the limit, writes a note, submits, downloads with the PIN. */

const PIN = '2468';
let seed = 9700;

/** A published proofing gallery: names asked, at most two photos a list, web-size downloads behind a PIN. */
async function createProofing(api: APIRequestContext) {
  const { gallery, title, names } = await clientGalleryWithPhotos(api, {
    customer: 'Proofing',
    title: 'Lakeside portraits',
    count: 3,
    seed,
    photoSize: [3000, 2000],
  });
  seed += 4;
  const res = await api.patch(`/adminportal/manage-client-galleries/${gallery.id}/`, {
    data: { require_email: true, selection_limit: 2, allow_download: true, download_size: 'web', download_pin: PIN },
  });
  expect(res.status(), await res.text()).toBe(200);
  const patched = (await res.json()) as { delivery_url: string };
  return { id: gallery.id, url: patched.delivery_url, title, names };
}

/** axe runs as a script: the page drawn without scripts is checked as a copy of its document in a page that runs them. */
async function noAxeViolationsWithoutScript(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize()! });
  const copy = await context.newPage();
  await copy.setContent((await page.content()).replace(/<script\b[^>]*>[^<]*<\/script>/g, ''));
  await noAxeViolations(copy);
  await context.close();
}

const heart = (page: Page, name: string) => page.locator('ul[data-delivery]').getByRole('button', { name: `Add ${name} to favourites` });

test.describe('proofing, on a phone', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('a visitor registers, hearts past the limit, writes a note, submits, then downloads a web size with the PIN', async ({
    page,
    api,
  }) => {
    const errors = watchPageErrors(page);
    const d = await createProofing(api);
    const [a, b, c] = d.names as [string, string, string];

    await page.goto(d.url);
    await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
    await expect(page.locator('ul[data-delivery]')).toHaveCount(0);
    await noAxeViolations(page);
    await page.getByRole('button', { name: 'See the photos' }).click();
    await expect(page.getByText(SELECTION_MESSAGES.nameRequired)).toBeVisible();
    await page.getByLabel('Your name').fill('Ada');
    await page.getByLabel('Your e-mail').fill('ada@example.test');
    await page.getByRole('button', { name: 'See the photos' }).click();

    await expect(page.locator('ul[data-delivery] > li')).toHaveCount(3);
    await expect(page.getByText('Selecting as Ada.')).toBeVisible();
    for (const name of [a, b]) {
      const saved = page.waitForResponse((r) => r.url().endsWith('/favourites/') && r.request().method() === 'PUT');
      await heart(page, name).click();
      await expect(heart(page, name)).toHaveAttribute('aria-pressed', 'true');
      expect((await saved).status()).toBe(200);
    }
    // The third heart is past the limit: refused, with the count.
    await heart(page, c).click();
    await expect(page.locator('[data-status]')).toHaveText(selectionFullMessage(2, 2));
    await expect(heart(page, c)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('2 photos chosen')).toBeVisible();

    // A note on the second photo, in the viewer.
    await page.locator('ul[data-delivery] a.dl-open').nth(1).click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer.getByText('2 / 3')).toBeVisible();
    await viewer.getByLabel('Note for the studio').fill('crop tighter');
    await viewer.getByRole('button', { name: 'Save note' }).click();
    await expect(viewer.getByRole('status')).toHaveText('Note saved.');
    await noAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    await page.getByRole('button', { name: 'Submit selection' }).click();
    await expect(page.getByText(SELECTION_MESSAGES.submitted)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit selection' })).toBeHidden();
    // Frozen: a heart now says so instead of changing.
    await heart(page, a).click();
    await expect(page.locator('[data-status]')).toHaveText(SELECTION_MESSAGES.submitted);
    await expect(heart(page, a)).toHaveAttribute('aria-pressed', 'true');

    // The studio sees the list, its note, and that it was submitted.
    const lists = (await (await api.get(`/adminportal/manage-client-galleries/${d.id}/selections/`)).json()) as Selection[];
    const ada = lists.find((l) => l.email === 'ada@example.test')!;
    expect(ada.photos.map((p) => p.name)).toEqual([a, b]);
    expect(ada.notes.map((n) => `${n.name}: ${n.text}`)).toEqual([`${b}: crop tighter`]);
    expect(ada.submitted_at).not.toBeNull();

    // A web-size download of one photo asks the PIN once.
    await page.locator('ul[data-delivery] a.dl-open').first().click();
    await viewer.getByRole('link', { name: `Download ${a} (web size)` }).click();
    const pinDialog = page.getByRole('dialog', { name: 'Download PIN' });
    await expect(pinDialog).toBeVisible();
    await pinDialog.getByLabel(/four-digit PIN/).fill(PIN);
    const download = page.waitForEvent('download');
    await pinDialog.getByRole('button', { name: 'Download' }).click();
    const file = await (await download).path();
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBe(2048);
    expect(meta.exif).toBeUndefined();
    expect(errors).toEqual([]);
  });
});

test('the studio filters the photos by a visitor’s list, copies its file names and reopens it', async ({ authed: page, api, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const d = await createProofing(api);
  const token = /\/g\/([^/]+)\//.exec(d.url)![1]!;
  // Two visitors, each with a list, through the customer's API: Bob's registration replaces Ada's cookie, so Bob submits.
  for (const [who, picks] of [
    ['Ada', [0, 1]],
    ['Bob', [2]],
  ] as const) {
    const reg = await page.request.post(`/site/galleries/${token}/visitor/`, {
      data: { name: who, email: `${who.toLowerCase()}@example.test` },
    });
    expect(reg.status()).toBe(204);
    const gallery = (await (await page.request.get(`/site/galleries/${token}/`)).json()) as { photos: { id: number }[] };
    const put = await page.request.put(`/site/galleries/${token}/favourites/`, { data: { ids: picks.map((i) => gallery.photos[i]!.id) } });
    expect(put.status()).toBe(200);
  }
  const submit = await page.request.post(`/site/galleries/${token}/favourites/submit/`);
  expect(submit.status()).toBe(200);

  await page.goto(`/admin-account/ClientGalleries?id=${d.id}`);
  await page.getByRole('combobox', { name: "Visitor's list" }).click();
  await page.getByRole('option', { name: /^Ada \(ada@example\.test\): 2 photos$/ }).click();
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('combobox', { name: "Visitor's list" }).click();
  await page.getByRole('option', { name: /^Bob \(bob@example\.test\): 1 photo, submitted$/ }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Spaces' }).click();
  await page.getByRole('button', { name: 'Copy for Lightroom' }).click();
  await expect(page.getByText('File names copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(d.names[2]!.replace(/\.jpg$/, ''));
  await page.getByRole('button', { name: 'Reopen selection' }).click();
  await expect(page.getByText('The selection is open again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen selection' })).toBeHidden();
});

test('without JavaScript, on a phone, a visitor gives a name and sees the photos; a wrong e-mail is said, styled and kept', async ({
  browser,
  baseURL,
  api,
}) => {
  test.setTimeout(150_000);
  const d = await createProofing(api);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 375, height: 812 }, isMobile: true });
  const page = await context.newPage();
  // A page whose styles the policy refused says so in the console.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.goto(d.url);
  await page.getByLabel('Your name').fill('Grace');
  await page.getByLabel('Your e-mail').fill('grace@not an address');
  await page.getByRole('button', { name: 'See the photos' }).click();

  // The form again (the visitor route answered a page), with the message, what was typed, the field focused.
  await expect(page.getByText(SELECTION_MESSAGES.emailInvalid)).toBeVisible();
  const email = page.getByLabel('Your e-mail');
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('grace@not an address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Your name')).toHaveValue('Grace');
  expect(await page.locator('#dl-email-error').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 30)');
  expect(await page.getByRole('button', { name: 'See the photos' }).evaluate((el) => getComputedStyle(el).color)).toBe(
    'rgb(255, 255, 255)',
  );
  await noAxeViolationsWithoutScript(browser, page);

  await email.fill('grace@example.test');
  await page.getByRole('button', { name: 'See the photos' }).click();
  await expect(page).toHaveURL(new RegExp(`${d.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
  await expect(page.locator('ul[data-delivery] > li')).toHaveCount(3);
  await expect(page.getByText('Selecting as Grace.')).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === 'darkroom_visitor' && c.httpOnly)).toBe(true);
  await noAxeViolationsWithoutScript(browser, page);
  expect(refused).toEqual([]);
  await context.close();
});
