import type { APIRequestContext, Page } from '@playwright/test';
import { SITE_GALLERY_PAGE_SIZE } from '@darkroom/contracts';
import { createCustomer, jpeg } from './story-helpers';
import { expect, noAxeViolations, photosReady, test, watchPageErrors } from './fixtures';

/**
 * The website's layout on a phone and a desktop (issue 38): spacing under the hero, a one-row
 * phone header, short inner heroes, justified grids that keep each photo whole, the Moments
 * strip's arrows, "More photos" and the lightbox's addresses.
 */

type File = Awaited<ReturnType<typeof jpeg>>;

interface Seeded {
  servicePath: string;
  storyPath: string;
  /** The service's photo ids in gallery order. */
  photoIds: number[];
}

let seeded: Seeded | null = null;
let seed = 9100;

async function post(api: APIRequestContext, url: string, fields: Record<string, string | File[]>, method: 'POST' | 'PATCH' = 'POST') {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') fd.append(k, v);
    else for (const f of v) fd.append(k, new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  }
  const res = await api.fetch(url, { method, multipart: fd });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { id: number };
}

const publish = (api: APIRequestContext, url: string, id: number) => post(api, `${url}${id}/`, { status: 'true' }, 'PATCH');

/** Landscapes with a portrait every third photo: a grid that crops to squares loses the portraits' heads. */
const mixed = (n: number, short = 200) =>
  Promise.all(Array.from({ length: n }, (_, i) => (i % 3 === 1 ? jpeg(seed++, short, short * 1.5) : jpeg(seed++, short * 1.5, short))));

async function seedSite(api: APIRequestContext): Promise<Seeded> {
  if (seeded) return seeded;
  const tag = Date.now().toString(36);
  // Heroes on every page (Home 2, Love story 4, Services 5, About 7).
  for (const page of ['2', '4', '5', '7']) {
    const hero = await post(api, '/adminportal/pages-images/', { page, image: [await jpeg(seed++, 1600, 900)] });
    await publish(api, '/adminportal/pages-images/', hero.id);
  }
  const service = await post(api, '/adminportal/manage-services/', {
    name: `Portraits ${tag}`,
    description: 'Studio and outdoor portraits.',
    cover_image: [await jpeg(seed++)],
  });
  await publish(api, '/adminportal/manage-services/', service.id);
  // Two full pages and one photo more: "More photos" is followed twice.
  const total = SITE_GALLERY_PAGE_SIZE * 2 + 1;
  for (let done = 0; done < total; done += 25) {
    await post(api, '/adminportal/manage-gallery/', {
      service: String(service.id),
      land_scape_image: await mixed(Math.min(25, total - done)),
    });
  }
  // Visitors see a photo once its derivation job has made its files.
  await photosReady(api, 'service', service.id);
  const customer = await createCustomer(api, 'Layout');
  const description = JSON.stringify({
    description1: 'A city wedding.',
    description2: 'Rain, then sun.',
    description3: '',
    description4: '',
    description5: '',
  });
  const story = await post(api, '/adminportal/manage-love-stories/', {
    title: `Mara and Jo ${tag}`,
    user: String(customer.id),
    description,
    cover_image: [await jpeg(seed++)],
  });
  await publish(api, '/adminportal/manage-love-stories/', story.id);
  await post(api, '/adminportal/manage-gallery/', { 'love-story': String(story.id), land_scape_image: await mixed(5) });
  await photosReady(api, 'love-story', story.id);
  for (let i = 0; i < 3; i++) {
    const slide = await post(api, '/adminportal/manage-carousel/', {
      header: `Moment ${i + 1}`,
      title: `Slide ${i + 1}`,
      message: 'A day to remember',
      image: [await jpeg(seed++, 1400, 700)],
    });
    await publish(api, '/adminportal/manage-carousel/', slide.id);
  }
  for (const file of await mixed(3, 400)) {
    const picture = await post(api, '/adminportal/home-gallery-image/', { name: `Home ${file.name}`, cover_image: [file] });
    await publish(api, '/adminportal/home-gallery-image/', picture.id);
  }
  const about = await api.get('/adminportal/pages/about-content/');
  if (!((await about.json()) as unknown[]).length) {
    await post(api, '/adminportal/pages/about-content/', {
      header_text: 'About our studio',
      info_text1: 'Two photographers, one camera bag each.',
      info_image: [await jpeg(seed++, 800, 600)],
    });
  }
  const services = (await (await api.get(`/site/services/${service.id}/`)).json()) as { slug?: string; gallery: { id: number }[] };
  const slugged = (id: number, text: string) => `${id}-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  seeded = {
    servicePath: `/services/${slugged(service.id, `Portraits ${tag}`)}/`,
    storyPath: `/love-stories/${slugged(story.id, `Mara and Jo ${tag}`)}/`,
    photoIds: services.gallery.map((p) => p.id),
  };
  return seeded;
}

/**
 * The grid's photos are drawn whole (each box has its photo's stored aspect ratio, from the
 * width/height attributes, so before it loads too), a portrait among them, and each row's photos
 * share one height (a justified grid).
 */
async function expectJustified(page: Page, selector: string, where: string, { drawnOnly = false } = {}) {
  const all = await page.locator(selector).evaluateAll((imgs) =>
    imgs.map((img) => {
      const r = img.getBoundingClientRect();
      const stored = Number(img.getAttribute('width')) / Number(img.getAttribute('height'));
      return { ratio: r.width / r.height, stored, top: Math.round(r.top), height: r.height };
    }),
  );
  // The delivery grid skips the layout of tiles far from view (content-visibility): those in view are measured.
  const boxes = drawnOnly ? all.filter((b) => b.height > 0) : all;
  expect(boxes.length, where).toBeGreaterThan(2);
  expect(
    boxes.some((b) => b.stored < 1),
    `${where}: a portrait`,
  ).toBe(true);
  boxes.forEach((b, i) => expect(Math.abs(b.ratio / b.stored - 1), `${where}, photo ${i + 1}`).toBeLessThan(0.03));
  const rows = new Map<number, number[]>();
  for (const b of boxes) rows.set(b.top, [...(rows.get(b.top) ?? []), b.height]);
  for (const heights of rows.values()) expect(Math.max(...heights) - Math.min(...heights), where).toBeLessThan(2);
}

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const photos = (page: Page) => page.locator('[data-gallery] a[data-lightbox]');

test.describe('the website layout', () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ api }) => {
    await seedSite(api);
  });

  test('content keeps its distance from the hero on Services, Love stories and About', async ({ page }) => {
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const path of ['/services/', '/love-stories/', '/about/']) {
        await page.goto(path);
        const gap = await page.evaluate(() => {
          const hero = document.querySelector('main .hero')!.getBoundingClientRect();
          const first = document.querySelector('main .hero + .wrap')!.firstElementChild!.getBoundingClientRect();
          return Math.round(first.top - hero.bottom);
        });
        expect(gap, `${path} at ${size.width} px`).toBeGreaterThanOrEqual(24);
      }
    }
  });

  test('a phone has a one-row header whose menu folds behind a button, with and without script', async ({ page, browser, baseURL }) => {
    await page.setViewportSize(PHONE);
    const errors = watchPageErrors(page);
    await page.goto('/services/');
    await page.screenshot({ path: '/tmp/hw-phone-services.png' });
    const header = page.locator('header.bar');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(80);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();
    // The keyboard opens it (a disclosure button), Escape closes it.
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // studio
    await page.keyboard.press('Tab');
    await expect(nav.getByText('Menu')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
    await page.screenshot({ path: '/tmp/hw-phone-menu.png' });
    await noAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();
    await expect(nav.getByText('Menu')).toBeFocused();
    // Inner heroes leave room for the page (they took 753 of 812 px).
    for (const path of ['/services/', '/love-stories/', '/about/', seeded!.servicePath, seeded!.storyPath]) {
      await page.goto(path);
      const hero = (await page.locator('main .hero').boundingBox())!;
      expect(hero.height, path).toBeLessThanOrEqual(PHONE.height / 2);
    }
    expect(errors).toEqual([]);

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: PHONE });
    const noScript = await context.newPage();
    await noScript.goto('/services/');
    const noScriptNav = noScript.getByRole('navigation', { name: 'Main' });
    await noScriptNav.getByText('Menu').click();
    await noScriptNav.getByRole('link', { name: 'About' }).click();
    await expect(noScript).toHaveURL(/\/about\/$/);
    await context.close();

    // From 700 px the links stand in a row, and the button is gone.
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(nav.getByText('Menu')).toBeHidden();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(80);
  });

  test('grids keep each photo whole, sized before it loads, on service, story and home pages', async ({ page }) => {
    const errors = watchPageErrors(page);
    // Photos never arrive: the boxes must already have their shapes.
    await page.route('**/media/**', () => {});
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const path of [seeded!.servicePath, seeded!.storyPath, '/']) {
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await expectJustified(page, '[data-gallery] img', `${path} at ${size.width} px`);
      }
    }
    await page.unroute('**/media/**');
    await page.setViewportSize(DESKTOP);
    await page.goto(seeded!.servicePath);
    await page.screenshot({ path: '/tmp/hw-desktop-service.png' });
    await page.setViewportSize(PHONE);
    await page.goto(seeded!.servicePath);
    await page.screenshot({ path: '/tmp/hw-phone-service.png', fullPage: true });
    expect(errors).toEqual([]);
  });

  test("a customer's delivery grid keeps each photo whole, the photos appended as they scroll too", async ({ page, api }) => {
    const errors = watchPageErrors(page);
    const customer = await createCustomer(api, 'Justified');
    const gallery = await post(api, '/adminportal/manage-client-galleries/', {
      title: `Justified ${Date.now().toString(36)}`,
      user: String(customer.id),
      status: 'true',
      cover_image: [await jpeg(seed++, 1600, 1000)],
    });
    // More than the page's first 24: the rest come from the JSON as the customer scrolls.
    await post(api, '/adminportal/manage-gallery/', { 'client-gallery': String(gallery.id), land_scape_image: await mixed(27) });
    await photosReady(api, 'client-gallery', gallery.id);
    const url = ((await (await api.get(`/adminportal/manage-client-galleries/${gallery.id}/`)).json()) as { delivery_url: string })
      .delivery_url;
    // The page itself holds the first 24; the script appends the rest from the JSON.
    expect((await (await page.request.get(url)).text()).match(/<li data-id=/g)).toHaveLength(24);
    const tiles = page.locator('ul[data-delivery] img');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(url);
      await expectJustified(page, 'ul[data-delivery] img', `delivery at ${size.width} px`, { drawnOnly: true });
    }
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return tiles.count();
      })
      .toBe(27);
    await expectJustified(page, 'ul[data-delivery] img', 'delivery at 1280 px, all photos', { drawnOnly: true });
    expect(errors).toEqual([]);
  });

  test('"More photos" appends the next page in place and then names the page after it', async ({ page }) => {
    const errors = watchPageErrors(page);
    const path = seeded!.servicePath;
    // A short window: the link is out of the script's reach (800 px below it) until a scroll.
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto(path);
    await expect(photos(page)).toHaveCount(SITE_GALLERY_PAGE_SIZE);
    const more = page.getByRole('link', { name: 'More photos' });
    await expect(more).toHaveAttribute('href', /\?page=2$/);
    expect((await more.boundingBox())!.y).toBeGreaterThan(400 + 800);
    // Followed with the keyboard before any scroll: the loaded photos stay, the next page joins them.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(photos(page)).toHaveCount(SITE_GALLERY_PAGE_SIZE * 2);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(more).toHaveAttribute('href', /\?page=3$/);
    await expect(photos(page).nth(SITE_GALLERY_PAGE_SIZE)).toBeFocused();
    // Scrolling brings the last page; the link goes with it.
    await more.scrollIntoViewIfNeeded();
    await expect(photos(page)).toHaveCount(SITE_GALLERY_PAGE_SIZE * 2 + 1);
    await expect(more).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the lightbox gives each photo an address, and Escape returns to the photo last shown', async ({ page }) => {
    const errors = watchPageErrors(page);
    const { servicePath, photoIds } = seeded!;
    await page.goto(servicePath);
    await photos(page).first().click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#photo-${photoIds[0]}$`));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`3 / ${SITE_GALLERY_PAGE_SIZE}`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#photo-${photoIds[2]}$`));
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(photos(page).nth(2)).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${servicePath}$`));

    // The address opens the viewer on its photo.
    await page.goto(`${servicePath}#photo-${photoIds[4]}`);
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText(`5 / ${SITE_GALLERY_PAGE_SIZE}`)).toBeVisible();
    await noAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(photos(page).nth(4)).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('the Moments strip has arrow buttons that scroll it, usable with the keyboard', async ({ page }) => {
    const errors = watchPageErrors(page);
    // Steps land at once (no smooth scrolling), as the visitor who asks for less motion sees them.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/');
      const strip = page.locator('[data-slides]');
      const next = page.getByRole('button', { name: 'Next moments' });
      const prev = page.getByRole('button', { name: 'Previous moments' });
      await expect(next).toBeVisible();
      await expect(prev).toBeDisabled();
      const scrolled = () => strip.evaluate((el) => el.scrollLeft);
      await next.focus();
      await page.keyboard.press('Enter');
      await expect.poll(scrolled).toBeGreaterThan(100);
      await expect(prev).toBeEnabled();
      // Step by step to the end (a worker that seeded again has more slides), where the arrow is disabled.
      await expect
        .poll(async () => {
          if (await next.isEnabled()) await next.press('Enter');
          return next.isDisabled();
        })
        .toBe(true);
      const end = await scrolled();
      await prev.press('Enter');
      await expect.poll(scrolled).toBeLessThan(end);
      await expect
        .poll(async () => {
          if (await prev.isEnabled()) await prev.press('Enter');
          return scrolled();
        })
        .toBe(0);
      await expect(prev).toBeDisabled();
      if (size === PHONE) await page.screenshot({ path: '/tmp/hw-phone-home.png', fullPage: true });
      else await page.screenshot({ path: '/tmp/hw-desktop-home.png', fullPage: true });
      await noAxeViolations(page);
    }
    expect(errors).toEqual([]);
  });
});
