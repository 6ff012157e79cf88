import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { DASHBOARD_COUNT_KEYS, DASHBOARD_MESSAGES, type DashboardCountKey, type DashboardSummary } from '@darkroom/contracts';
import { formatBytes } from '../apps/admin/src/features/dashboard/api';
import { expect, test, watchPageErrors } from './fixtures';

/** Each card's label and the screen it opens, as the admin sees them. */
const CARDS: Record<DashboardCountKey, { label: string; to: string }> = {
  services: { label: 'Services', to: '/portfolio' },
  love_stories: { label: 'Love stories', to: '/Love-stories' },
  client_galleries: { label: 'Client galleries', to: '/Client-gallery' },
  gallery_photos: { label: 'Gallery photos', to: '/Client-gallery' },
  team_members: { label: 'Team members', to: '/the-team' },
  users: { label: 'Users', to: '/Manage-users' },
  admins: { label: 'Admins', to: '/Manage-admins' },
  enquiries: { label: 'Enquiries', to: '/User-enquiries' },
  page_images: { label: 'Page images', to: '/manage-page-images' },
  carousel_items: { label: 'Carousel images', to: '/manage-carousel-images' },
  home_gallery_images: { label: 'Home gallery images', to: '/manage-home-gallery' },
};

const card = (page: Page, key: DashboardCountKey) => page.getByRole('link', { name: new RegExp(`^${CARDS[key].label} \\d`) });

async function summaryOf(api: APIRequestContext): Promise<DashboardSummary> {
  const res = await api.get('/adminportal/dashboard/');
  expect(res.status()).toBe(200);
  return (await res.json()) as DashboardSummary;
}

test.describe('dashboard', () => {
  test('counts, newest enquiries and storage reflect data created through the API', async ({ authed: page, api, request }) => {
    const errors = watchPageErrors(page);
    const before = await summaryOf(api);
    const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

    const person = (prefix: string) => ({
      first_name: `${prefix}${n}`,
      last_name: 'Dash',
      email: `${prefix.toLowerCase()}${n}@example.test`,
      username: `${prefix.toLowerCase()}_${n}`,
      phone: '+44 20 7946 0000',
    });
    expect((await api.post('/adminportal/manage-users/', { data: person('User') })).status()).toBe(201);
    expect((await api.post('/adminportal/manage-admins/', { data: person('Admin') })).status()).toBe(201);
    const enquiry = { full_name: `Dash Visitor ${n}`, email: `visitor${n}@example.test`, message: `Is June free? ${n}` };
    const sent = await request.post('/site/enquiries/', { data: enquiry });
    expect(sent.status(), await sent.text()).toBe(201);
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6a7fb5' } })
      .jpeg()
      .toBuffer();
    const upload = await api.post('/adminportal/home-gallery-image/', {
      multipart: { name: `dash-${n}`, status: 'true', cover_image: { name: `dash-${n}.jpg`, mimeType: 'image/jpeg', buffer: image } },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    const after = await summaryOf(api);
    // Other spec files share the server, so counts only ever grow by at least what we added.
    expect(after.counts.users).toBeGreaterThanOrEqual(before.counts.users + 1);
    expect(after.counts.admins).toBeGreaterThanOrEqual(before.counts.admins + 1);
    expect(after.counts.enquiries).toBeGreaterThanOrEqual(before.counts.enquiries + 1);
    expect(after.counts.home_gallery_images).toBeGreaterThanOrEqual(before.counts.home_gallery_images + 1);
    expect(after.published.home_gallery_images).toBeGreaterThanOrEqual(before.published.home_gallery_images + 1);
    expect(after.latest_enquiries.map((e) => e.full_name)).toContain(enquiry.full_name);

    // What the screen shows is what the API says at that moment (retried if another spec wrote in between).
    await expect(async () => {
      await page.goto('/admin-account/dashboard');
      await expect(page.getByRole('heading', { name: DASHBOARD_MESSAGES.title, level: 1 })).toBeVisible();
      await expect(card(page, 'users')).toBeVisible();
      const now = await summaryOf(api);
      for (const key of DASHBOARD_COUNT_KEYS) {
        await expect(page.getByTestId(`count-${key}`), key).toHaveText(now.counts[key].toLocaleString('en-US'), { timeout: 1000 });
      }
      await expect(card(page, 'home_gallery_images')).toContainText(`${now.published.home_gallery_images} published`, { timeout: 1000 });
      const list = page.getByRole('list', { name: 'Newest enquiries' });
      await expect(list.getByRole('listitem')).toHaveCount(now.latest_enquiries.length, { timeout: 1000 });
      await expect(list.getByRole('listitem').first()).toContainText(now.latest_enquiries[0]!.full_name, { timeout: 1000 });
      await expect(page.getByTestId('storage-bytes')).toHaveText(formatBytes(now.storage.bytes), { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    const mine = page.getByRole('list', { name: 'Newest enquiries' }).getByRole('listitem').filter({ hasText: enquiry.full_name });
    await expect(mine).toContainText(enquiry.email);
    await expect(mine).toContainText(enquiry.message);
    await page.screenshot({ path: '/tmp/components-dashboard-light.png', fullPage: true });
    expect(errors).toEqual([]);
  });

  test('every card opens its screen, and so does "View all"', async ({ authed: page }) => {
    const errors = watchPageErrors(page);
    await page.goto('/admin-account/dashboard');
    for (const key of DASHBOARD_COUNT_KEYS) {
      await card(page, key).click();
      await expect(page).toHaveURL(new RegExp(`/admin-account${CARDS[key].to}$`));
      await page.goBack();
      await expect(card(page, key)).toBeVisible();
    }
    // Keyboard: the cards are links reachable with Tab and opened with Enter.
    await card(page, 'enquiries').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin-account\/User-enquiries$/);
    await page.goBack();
    await page.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/admin-account\/User-enquiries$/);
    expect(errors).toEqual([]);
  });

  test('shows skeletons while loading and an error with Retry when the API fails', async ({ authed: page }) => {
    let fail = true;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/adminportal/dashboard/', async (route) => {
      if (fail) return route.fulfill({ status: 500, json: { detail: 'Internal server error' } });
      await held;
      return route.continue();
    });
    await page.goto('/admin-account/dashboard');
    await expect(page.getByText(DASHBOARD_MESSAGES.loadFailed)).toBeVisible({ timeout: 15_000 });

    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('region', { name: 'Counts' })).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('.MuiSkeleton-root').first()).toBeVisible();
    release();
    await expect(card(page, 'services')).toBeVisible();
    await expect(page.getByText(DASHBOARD_MESSAGES.loadFailed)).toHaveCount(0);
  });

  test('reads well in dark mode', async ({ authed: page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/admin-account/dashboard');
    await expect(card(page, 'services')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Newest enquiries' })).toBeVisible();
    await page.screenshot({ path: '/tmp/components-dashboard-dark.png', fullPage: true });
  });
});
