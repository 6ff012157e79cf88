import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';

async function jpeg(width: number, height: number, seed: number, name: string) {
  const background = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 151) % 256 };
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function create<T>(
  api: APIRequestContext,
  url: string,
  multipart: Record<string, string | Awaited<ReturnType<typeof jpeg>>>,
): Promise<T> {
  const res = await api.post(url, { multipart });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

async function publish(api: APIRequestContext, url: string, id: number) {
  const res = await api.patch(`${url}${id}/`, { multipart: { status: 'true' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Steps through the carousel preview until the slide titled `title` shows; false if it never does. */
async function findSlide(region: Locator, title: string): Promise<boolean> {
  const dots = region.getByRole('button', { name: /^Go to slide \d+$/ });
  const count = Math.max(1, await dots.count());
  for (let i = 0; i < count; i++) {
    if (count > 1) await dots.nth(i).click();
    if (await region.getByText(title, { exact: true }).isVisible()) return true;
  }
  return false;
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('home page view', () => {
  test('shows the published page image, carousel and gallery with links to manage each; survives a reload', async ({
    authed: page,
    api,
  }) => {
    const errors = watchPageErrors(page);
    const n = Date.now() % 1_000_000;
    const hero = await create<{ id: number; image: string }>(api, '/adminportal/pages-images/', {
      page: '2',
      image: await jpeg(1600, 900, n, 'home.jpg'),
    });
    await publish(api, '/adminportal/pages-images/', hero.id);
    const shown = { header: `Hi ${n}`, title: `Slide ${n}`, message: `Welcome to the studio ${n}` };
    const hidden = { header: `Ho ${n}`, title: `Draft ${n}`, message: `Not yet ${n}` };
    const slide = await create<{ id: number }>(api, '/adminportal/manage-carousel/', {
      ...shown,
      image: await jpeg(1400, 700, n + 1, 'slide.jpg'),
    });
    await publish(api, '/adminportal/manage-carousel/', slide.id);
    await create(api, '/adminportal/manage-carousel/', { ...hidden, image: await jpeg(1400, 700, n + 2, 'draft.jpg') });
    const picture = await create<{ id: number }>(api, '/adminportal/home-gallery-image/', {
      name: `Bride ${n}`,
      cover_image: await jpeg(800, 600, n + 3, `bride-${n}.jpg`),
    });
    await publish(api, '/adminportal/home-gallery-image/', picture.id);
    await create(api, '/adminportal/home-gallery-image/', {
      name: `Unpublished ${n}`,
      cover_image: await jpeg(800, 600, n + 4, `draft-${n}.jpg`),
    });

    await page.goto('/admin-account/Home');
    await expect(page.getByRole('heading', { name: 'Home', exact: true })).toBeVisible();

    const check = async () => {
      // The page image: a published Home (page 2) image, as the API lists them now.
      const listed = (await (await api.get('/adminportal/pages-images/')).json()) as { page: number; image: string; status: boolean }[];
      const published = listed.filter((p) => p.page === 2 && p.status).map((p) => p.image);
      expect(published).toContain(hero.image);
      const img = section(page, 'Page image').getByRole('img', { name: 'Home page image' });
      await expect(img).toBeVisible();
      expect(published).toContain(await img.getAttribute('src'));

      const carousel = section(page, 'Carousel');
      expect(await findSlide(carousel, shown.title)).toBe(true);
      await expect(carousel.getByText(shown.message)).toBeVisible();
      expect(await findSlide(carousel, hidden.title)).toBe(false);

      const gallery = section(page, 'Gallery');
      await expect(gallery.getByRole('img', { name: `Bride ${n}` })).toBeVisible();
      await expect(gallery.getByText(`Unpublished ${n}`)).toHaveCount(0);
    };
    await check();
    await page.reload();
    await check();

    // The carousel answers the keyboard too.
    const carousel = section(page, 'Carousel').getByRole('region', { name: 'Carousel preview' });
    if ((await carousel.getByRole('button', { name: /^Go to slide/ }).count()) > 1) {
      await carousel.getByRole('button', { name: 'Go to slide 1' }).click();
      await carousel.focus();
      await page.keyboard.press('ArrowRight');
      await expect(carousel.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    }

    // Each block links to the screen that manages it.
    for (const [block, link, path] of [
      ['Page image', 'Manage page images', '/manage-page-images'],
      ['Carousel', 'Manage carousel', '/manage-carousel-images'],
      ['Gallery', 'Manage home gallery', '/manage-home-gallery'],
    ] as const) {
      await section(page, block).getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await page.goBack();
      await expect(page).toHaveURL(/\/Home$/);
    }
    expect(errors).toEqual([]);
  });

  test('shows empty and failed states', async ({ authed: page }) => {
    await page.route('**/adminportal/pages-images/', (route) =>
      route.fulfill({ json: [{ id: 1, page: 2, image: '/x.jpg', status: false }] }),
    );
    await page.route('**/adminportal/manage-carousel/', (route) => route.fulfill({ json: [] }));
    await page.route('**/adminportal/home-gallery-image/', (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await page.goto('/admin-account/Home');
    await expect(section(page, 'Page image')).toContainText('No published home page image');
    await expect(section(page, 'Page image')).toContainText('0 images published · 1 unpublished');
    await expect(section(page, 'Carousel')).toContainText('No published carousel slides.');
    await expect(section(page, 'Gallery').getByRole('alert')).toContainText(COMMON_MESSAGES.serverError, { timeout: 15_000 });
    await expect(section(page, 'Gallery').getByRole('link', { name: 'Manage home gallery' })).toBeVisible();
  });
});
