import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ROUTE_TITLES } from '../apps/admin/src/app/route-paths';
import { expect, test, photosReady } from './fixtures';
import { image } from './site-content-helpers';

/** Every screen of the portal: the login page and each route inside the layout. */
const PATHS = ['/login', ...ROUTE_TITLES.map((r) => r.path), '/no-such-screen'];

async function violations(page: Page): Promise<string[]> {
  // A screen shows before its data: wait for the answers, then for transitions they started (a
  // button leaving its disabled look) to end, so colours are measured as they settle.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const mode of ['light', 'dark'] as const) {
  test.describe(`axe-core, ${mode} mode`, () => {
    test(`every route has no violations (${mode})`, async ({ authed, api }) => {
      test.setTimeout((PATHS.length + 1) * 15_000);
      // Content on the screens: a service card (its Edit/Delete/Manage buttons) and a photo grid.
      const name = `Axe ${mode} ${Date.now()}`;
      const service = await api.post('/adminportal/manage-services/', {
        multipart: { name, description: 'Checked by axe', cover_image: await image(71, 1200, 800) },
      });
      expect(service.status(), await service.text()).toBe(201);
      const id = ((await service.json()) as { id: number }).id;
      const photo = await api.post('/adminportal/manage-gallery/', {
        multipart: { service: String(id), land_scape_image: await image(72) },
      });
      expect(photo.status(), await photo.text()).toBe(201);
      await photosReady(api, 'service', id);
      const paths = [...PATHS, `/view-gallery?service=${encodeURIComponent(name)}`];
      await authed.addInitScript((m) => localStorage.setItem('darkroom:color-mode', m), mode);
      const found: Record<string, string[]> = {};
      for (const path of paths) {
        if (path === '/login') {
          const context = await authed.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
          const anon = await context.newPage();
          await anon.addInitScript((m) => localStorage.setItem('darkroom:color-mode', m), mode);
          await anon.goto('/admin-account/login');
          await expect(anon.getByRole('button', { name: 'Sign in' })).toBeVisible();
          const v = await violations(anon);
          if (v.length) found[path] = v;
          await context.close();
          continue;
        }
        await authed.goto(`/admin-account${path}`);
        await expect(authed.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Lists settle (their loading state is not what an admin works with).
        await expect(authed.getByText('Fetching data...')).toHaveCount(0);
        await expect(authed.getByRole('dialog', { name: 'Loading...' })).toHaveCount(0);
        const v = await violations(authed);
        if (v.length) found[path] = v;
      }
      expect(found).toEqual({});

      // Card buttons carry the item's name ('Edit Weddings'), not only 'Edit'.
      await authed.goto('/admin-account/portfolio');
      for (const action of ['Edit', 'Delete', 'Manage']) {
        await expect(authed.getByRole('button', { name: `${action} ${name}`, exact: true })).toBeVisible();
      }

      // The dialogs over a page: its edit form and its delete confirmation (a red 'Yes, Delete'
      // in dark mode had white text at 3.68:1).
      const dialogs: Record<string, string[]> = {};
      for (const action of ['Edit', 'Delete']) {
        await authed.getByRole('button', { name: `${action} ${name}`, exact: true }).click();
        const dialog = authed.locator('[role=dialog], [role=alertdialog]').last();
        await expect(dialog).toBeVisible();
        await authed.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        const result = await new AxeBuilder({ page: authed }).include('[role=dialog], [role=alertdialog]').analyze();
        const v = result.violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
        if (v.length) dialogs[action] = v;
        await authed.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      expect(dialogs).toEqual({});
    });
  });
}
