import type { APIRequestContext } from '@playwright/test';
import { createCustomer, jpeg } from './story-helpers';
import { expect, noAxeViolations, pagesScrollingSideways, test, watchPageErrors, photosReady } from './fixtures';

/** The public website: what a visitor sees, with and without JavaScript. */

interface Seeded {
  service: { id: number; name: string };
  hiddenService: string;
  hiddenServiceId: number;
  story: { id: number; title: string };
  hiddenStory: string;
}

let seeded: Seeded | null = null;
let seed = 7000;

async function form(fields: Record<string, string | { name: string; mimeType: string; buffer: Buffer }[]>): Promise<FormData> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') fd.append(k, v);
    else for (const f of v) fd.append(k, new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  }
  return fd;
}

async function post(api: APIRequestContext, url: string, fields: Parameters<typeof form>[0], method: 'POST' | 'PATCH' = 'POST') {
  const res = await api.fetch(url, { method, multipart: await form(fields) });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { id: number };
}

/**
 * Puts a record first in its area's order (the home page shows the first three services). Another
 * worker may add one between the read and the write: that order is refused (400), and read again.
 */
async function putFirst(api: APIRequestContext, url: string, id: number) {
  await expect
    .poll(async () => {
      const ids = ((await (await api.get(url)).json()) as { id: number }[]).map((r) => r.id);
      return (await api.put(`${url}order/`, { data: { ids: [id, ...ids.filter((x) => x !== id)] } })).status();
    })
    .toBe(200);
}

/** Published and unpublished content of every kind the pages show, made once through the admin API. */
async function seedSite(api: APIRequestContext): Promise<Seeded> {
  if (seeded) return seeded;
  const tag = Date.now().toString(36);
  const customer = await createCustomer(api, 'Site');
  const services = '/adminportal/manage-services/';
  const serviceName = `Elopements ${tag}`;
  const service = await post(api, services, {
    name: serviceName,
    description: 'Small weddings, big views.',
    cover_image: [await jpeg(seed++)],
  });
  await post(api, `${services}${service.id}/`, { status: 'true' }, 'PATCH');
  await putFirst(api, services, service.id);
  const hiddenService = `Unreleased ${tag}`;
  const hiddenServiceId = (await post(api, services, { name: hiddenService, description: 'Not yet.', cover_image: [await jpeg(seed++)] }))
    .id;
  await post(api, '/adminportal/manage-gallery/', {
    service: String(service.id),
    land_scape_image: [await jpeg(seed++, 900, 600), await jpeg(seed++, 900, 600), await jpeg(seed++, 900, 600)],
  });
  const stories = '/adminportal/manage-love-stories/';
  const description = JSON.stringify({
    description1: 'They met at a bookshop.',
    description2: 'He proposed in the rain.',
    description3: '',
    description4: '',
    description5: 'A September wedding.',
  });
  const title = `Iris and Leo ${tag}`;
  const story = await post(api, stories, { title, user: String(customer.id), description, cover_image: [await jpeg(seed++)] });
  await post(api, `${stories}${story.id}/`, { status: 'true' }, 'PATCH');
  await post(api, '/adminportal/manage-gallery/', {
    'love-story': String(story.id),
    land_scape_image: [await jpeg(seed++, 900, 600), await jpeg(seed++, 900, 600)],
  });
  await photosReady(api, 'service', service.id);
  await photosReady(api, 'love-story', story.id);
  const hiddenStory = `Secret story ${tag}`;
  await post(api, stories, { title: hiddenStory, user: String(customer.id), description, cover_image: [await jpeg(seed++)] });
  const pageImages = '/adminportal/pages-images/';
  const hero = await post(api, pageImages, { page: '2', image: [await jpeg(seed++, 1600, 900)] });
  await post(api, `${pageImages}${hero.id}/`, { status: 'true' }, 'PATCH');
  await post(api, '/adminportal/pages/the-team/', {
    name: 'Noor Frame',
    email: 'noor@studio.test',
    phone: '+1 555 0101',
    title: 'Second shooter',
    cover_image: [await jpeg(seed++, 400, 400)],
  });
  // One about record per site: a worker restarted after a failure finds it already there.
  const about = await api.get('/adminportal/pages/about-content/');
  if (!((await about.json()) as unknown[]).length) {
    await post(api, '/adminportal/pages/about-content/', {
      header_text: 'About our studio',
      info_text1: 'Two photographers, one camera bag each.',
      info_image: [await jpeg(seed++, 800, 600)],
    });
  }
  await post(api, '/adminportal/manage-contact-us-info/', {
    email: 'hello@studio.example',
    phone: '+1 555 0142',
    address: '7 Quay Street, Harbourtown',
  });
  seeded = {
    service: { id: service.id, name: serviceName },
    hiddenService,
    hiddenServiceId,
    story: { id: story.id, title },
    hiddenStory,
  };
  return seeded;
}

const slug = (id: number, text: string) =>
  `${id}-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')}`;

test.describe('the public website', () => {
  test.beforeEach(async ({ api }) => {
    await seedSite(api);
  });

  test('a visitor opens home, a service and a love story, and sees only what is published', async ({ page }) => {
    const errors = watchPageErrors(page);
    const s = seeded!;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: s.service.name })).toBeVisible();
    await expect(page.getByText(s.hiddenService)).toHaveCount(0);
    await expect(page.getByText(s.hiddenStory)).toHaveCount(0);
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);

    await page.getByRole('link', { name: s.service.name }).click();
    await expect(page).toHaveURL(new RegExp(`/services/${slug(s.service.id, s.service.name)}/$`));
    await expect(page.getByRole('heading', { level: 1, name: s.service.name })).toBeVisible();
    await expect(page.locator('[data-gallery] a[data-lightbox]')).toHaveCount(3);

    await page.goto('/love-stories/');
    await expect(page.getByText(s.hiddenStory)).toHaveCount(0);
    await page.getByRole('link', { name: s.story.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: s.story.title })).toBeVisible();
    await expect(page.getByText('He proposed in the rain.')).toBeVisible();
    await expect(page.getByText('A September wedding.')).toBeVisible();

    expect((await page.request.get(`/services/${slug(s.hiddenServiceId, s.hiddenService)}/`)).status()).toBe(404);
    await page.goto('/about/');
    await expect(page.getByRole('heading', { name: 'Noor Frame' })).toBeVisible();
    await expect(page.getByText('noor@studio.test')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the gallery lightbox opens, moves and closes with the keyboard', async ({ page }) => {
    const s = seeded!;
    await page.goto(`/services/${slug(s.service.id, s.service.name)}/`);
    const first = page.locator('[data-gallery] a[data-lightbox]').first();
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
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // Back on the photo last shown, the third.
    await expect(page.locator('[data-gallery] a[data-lightbox]').nth(2)).toBeFocused();
  });

  test('an enquiry is sent without JavaScript: field messages, then a thank-you page', async ({ browser, baseURL, api }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/contact/');
    await expect(page.getByText('7 Quay Street, Harbourtown')).toBeVisible();
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await page.getByLabel('Full name').fill('Nadia NoScript');
    await page.getByLabel('Email').fill('nadia@example.com');
    await page.getByLabel('Message').fill('Do you travel to the coast?');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page).toHaveURL(/\/contact\/\?sent=1#enquiry$/);
    await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
    await context.close();
    const list = ((await (await api.get('/adminportal/user-enqueries/?page_size=100')).json()) as { items: { full_name: string }[] }).items;
    expect(list.map((e) => e.full_name)).toContain('Nadia NoScript');
  });

  test('an enquiry is sent with JavaScript, in place', async ({ page, api }) => {
    const errors = watchPageErrors(page);
    await page.goto('/contact/');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page).toHaveURL(/\/contact\/$/);
    await page.getByLabel('Full name').fill('Jonas Script');
    await page.getByLabel('Email').fill('jonas@example.com');
    await page.getByLabel('Message').fill('Is June 2027 free?');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
    await expect(page).toHaveURL(/\/contact\/$/);
    const list = ((await (await api.get('/adminportal/user-enqueries/?page_size=100')).json()) as { items: { full_name: string }[] }).items;
    expect(list.map((e) => e.full_name)).toContain('Jonas Script');
    expect(errors).toEqual([]);
  });

  test('an admin renames the studio and edits the menu in Site settings; the website follows at once', async ({ authed: page }) => {
    await page.goto('/admin-account/Site-settings');
    await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();
    const name = page.getByLabel('Studio name');
    await name.fill('');
    await name.blur();
    await expect(page.getByText('Studio name is required')).toBeVisible();
    await name.fill('Silver Halide Studio');
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Instagram');
    await page.getByLabel('Web address').fill('https://instagram.com/silverhalide');
    await page.getByRole('checkbox', { name: 'About' }).uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Site settings successfully updated')).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Silver Halide Studio' }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/silverhalide');
  });

  /** Every kind of public page, with content. */
  const publicPages = (s: Seeded) => [
    '/',
    '/services/',
    `/services/${slug(s.service.id, s.service.name)}/`,
    '/love-stories/',
    `/love-stories/${slug(s.story.id, s.story.title)}/`,
    '/about/',
    '/contact/',
    '/client-gallery/',
  ];

  test('every public page has no axe violations', async ({ page }) => {
    for (const url of publicPages(seeded!)) {
      await page.goto(url);
      await noAxeViolations(page);
    }
  });

  test('the footer sits at the foot of the window on a page shorter than it, at 1280 px and on a phone', async ({ page }) => {
    const floating: string[] = [];
    for (const size of [
      { width: 1280, height: 1600 },
      { width: 390, height: 1400 },
    ]) {
      await page.setViewportSize(size);
      for (const url of publicPages(seeded!)) {
        await page.goto(url);
        // Its bottom edge is the page's, and never above the window's (an empty About page once
        // left a band of background under it).
        const gap = await page.evaluate(() => {
          const footer = document.querySelector('body > footer')!.getBoundingClientRect();
          return Math.round(window.innerHeight - (footer.bottom + window.scrollY));
        });
        if (gap > 0) floating.push(`${url} at ${size.width} px: ${gap} px under the footer`);
      }
    }
    expect(floating, 'pages whose footer floats above the bottom of the window').toEqual([]);
  });

  test('no public page scrolls sideways on a 320 px phone or at 1280 px, long words included', async ({ page, api }) => {
    // A service whose name holds one long word (in its hero and its "Ask about" button: once cut
    // off and 62 px too wide) and an e-mail address shown in every page's footer and on the
    // contact page (once 6 to 251 px too wide).
    const longName = `Wolfeschlegelsteinhausenbergerdorff weddings ${Date.now().toString(36)}`;
    const longService = await post(api, '/adminportal/manage-services/', {
      name: longName,
      description: 'Destination weddings.',
      cover_image: [await jpeg(seed++)],
    });
    await post(api, `/adminportal/manage-services/${longService.id}/`, { status: 'true' }, 'PATCH');
    const contact = await api.post('/adminportal/manage-contact-us-info/', {
      data: { email: `reservations.${Date.now()}@silverhalidephotography.example`, phone: '+44 20 7946 0321', address: '2 Shutter Lane' },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    const contactId = ((await contact.json()) as { id: number }).id;
    try {
      const paths = [...publicPages(seeded!), `/services/${slug(longService.id, longName)}/`];
      expect(await pagesScrollingSideways(page, paths, [320, 1280]), 'pages that scroll sideways').toEqual([]);
    } finally {
      expect((await api.delete(`/adminportal/manage-contact-us-info/${contactId}/`)).status()).toBe(204);
      expect((await api.delete(`/adminportal/manage-services/${longService.id}/`)).status()).toBe(204);
    }
  });
});
