import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';

export { expect };

export interface Session {
  authToken: string;
  userDetails: { id: number; username: string };
  maxTimeOut: number;
}

/** Signs in through the API (faster than the form) and returns the session. */
export async function apiLogin(request: APIRequestContext, creds = E2E_ADMIN): Promise<Session> {
  const res = await request.post('/accounts/auth-admin/login/', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Session;
}

/** Puts a session into localStorage before the portal loads, as a signed-in admin has. */
export async function signIn(page: Page, session: Session): Promise<void> {
  await page.addInitScript((s) => {
    if (!localStorage.getItem('user')) {
      localStorage.setItem(
        'user',
        JSON.stringify({ isLoggedIn: true, userDetail: s.userDetails, authToken: s.authToken, maxTimeOut: s.maxTimeOut }),
      );
    }
  }, session);
}

/** `authed`: a page whose admin is signed in; `api`: requests carrying that admin's token. */
export const test = base.extend<{ session: Session; authed: Page; api: APIRequestContext }>({
  session: async ({ request }, use) => {
    await use(await apiLogin(request));
  },
  authed: async ({ page, session }, use) => {
    await signIn(page, session);
    await use(page);
  },
  api: async ({ playwright, baseURL, session }, use) => {
    const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Token ${session.authToken}` } });
    await use(ctx);
    await ctx.dispose();
  },
});

/** axe's violations on the page as it is, each as its rule and the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails the test, naming the page, on any axe violation. */
export async function noAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), page.url()).toEqual([]);
}

/** Fails the test on any uncaught page error, so a crash never hides behind a passing assertion. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Opens each path at each width and lists those that scroll sideways, each with how far and the
 * element that reaches furthest right (see `sidewaysOverflow`).
 */
export async function pagesScrollingSideways(page: Page, paths: string[], widths: number[]): Promise<string[]> {
  const wide: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const sideways = await sidewaysOverflow(page);
      if (sideways) wide.push(`${path} at ${width} px, ${sideways}`);
    }
  }
  return wide;
}

/**
 * How far the page scrolls sideways, with the element that reaches furthest right (tag, class
 * and text, to find it by), or null when it fits its window.
 */
async function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const by = document.documentElement.scrollWidth - window.innerWidth;
    if (by <= 0) return null;
    let widest: Element | null = null;
    let right = 0;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      // An element past the page's scroll width is clipped by a box of its own (a carousel's row).
      if (r.width > 0 && r.right > right && r.right <= document.documentElement.scrollWidth + 1) [widest, right] = [el, r.right];
    }
    const what = widest
      ? `${widest.tagName.toLowerCase()}.${String(widest.className).slice(0, 60)} "${(widest.textContent ?? '').trim().slice(0, 40)}"`
      : '?';
    return `by ${by} px (${what} ends at ${Math.round(right)} px)`;
  });
}

const PHOTO_LISTS = {
  service: '/adminportal/service-galleries/',
  'love-story': '/adminportal/galleries/love-stories/',
  'client-gallery': '/adminportal/client-photos/',
} as const;

/**
 * Waits until no photo of the gallery is processing (uploads answer before their photos are
 * derived, and visitors see derived photos only). The test's own timeout bounds the wait.
 */
export async function photosReady(api: APIRequestContext, type: keyof typeof PHOTO_LISTS, id: number): Promise<void> {
  for (;;) {
    const res = await api.get(`${PHOTO_LISTS[type]}${id}/`);
    expect(res.status()).toBe(200);
    const photos = (await res.json()) as { state: string }[];
    if (!photos.some((p) => p.state === 'processing')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}
