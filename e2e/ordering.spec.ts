import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { ORDER_MESSAGES } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import { image, notice, shortId } from './site-content-helpers';

/** axe on the open dialogs only (the page under a modal is hidden from it). */
async function dialogViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await new AxeBuilder({ page }).include('[role=dialog]').analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The labels of the reorder dialog's rows that start with `prefix`, top to bottom. */
async function rowsOf(list: Locator, prefix: string): Promise<string[]> {
  const texts = await list.getByTestId('reorder-item').allInnerTexts();
  return texts.map((t) => t.split('\n').find((line) => line.startsWith(prefix)) ?? '').filter(Boolean);
}

test.describe('ordering', () => {
  test('services: put in order by keyboard (Space, arrows, Space) and listed so on the website', async ({ authed: page, api }) => {
    test.setTimeout(180_000);
    const errors = watchPageErrors(page);
    const prefix = `Order ${shortId()}`;
    const names = ['A', 'B', 'C'].map((l) => `${prefix} ${l}`);
    const addService = async (name: string, seed: number) => {
      const res = await api.post('/adminportal/manage-services/', {
        multipart: { name, description: 'Ordered in the browser', status: 'true', cover_image: await image(seed, 1200, 800) },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    for (const [i, name] of names.entries()) await addService(name, 400 + i);

    await page.goto('/admin-account/portfolio');
    await page.getByRole('button', { name: 'Reorder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reorder services' });
    const list = dialog.getByRole('list', { name: 'Order of the services' });
    // New services went last, in the order they were made.
    await expect.poll(() => rowsOf(list, prefix)).toEqual(names);
    expect(await dialogViolations(page)).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'Save order' })).toBeDisabled();

    // The keyboard: pick up C, two places up, drop.
    // Each key waits for dnd-kit's announcement of the move before the next: a second arrow sent
    // before the first one's move is done would be lost.
    const live = page.locator('[id^="DndLiveRegion"]');
    await dialog.getByRole('button', { name: `Move ${names[2]}`, exact: true }).focus();
    await page.keyboard.press('Space');
    // Picked up, it is over its own place (the region keeps only the latest announcement).
    await expect(live).toContainText(`${names[2]} is over position`);
    const from = Number(/position (\d+) of/.exec((await live.textContent()) ?? '')?.[1]);
    await page.keyboard.press('ArrowUp');
    await expect(live).toContainText(`${names[2]} is over position ${from - 1} of`);
    await page.keyboard.press('ArrowUp');
    await expect(live).toContainText(`${names[2]} is over position ${from - 2} of`);
    await page.keyboard.press('Space');
    await expect.poll(() => rowsOf(list, prefix)).toEqual([names[2], names[0], names[1]]);
    // The up/down buttons too: B one up.
    await dialog.getByRole('button', { name: `Move ${names[1]} up` }).click();
    const expected = [names[2], names[1], names[0]];
    await expect.poll(() => rowsOf(list, prefix)).toEqual(expected);
    await page.screenshot({ path: '/tmp/hord-reorder-services.png' });
    // Another admin adds a service meanwhile: the arranged order is kept and the new one goes last.
    const late = `${prefix} D`;
    await addService(late, 410);
    await dialog.getByRole('button', { name: 'Save order' }).click();
    await expect(notice(page, ORDER_MESSAGES.saved)).toBeVisible();
    await expect(dialog).toBeHidden();
    expected.push(late);

    // Kept after a reload, and the website lists the services in that order.
    await page.reload();
    await page.getByRole('button', { name: 'Reorder' }).click();
    await expect.poll(() => rowsOf(page.getByRole('dialog', { name: 'Reorder services' }), prefix)).toEqual(expected);
    await page.keyboard.press('Escape');
    await page.goto('/services/');
    const headings = await page.getByRole('heading', { name: prefix }).allInnerTexts();
    expect(headings.map((h) => h.trim())).toEqual(expected);
    expect(errors).toEqual([]);
  });

  test('home gallery: three images uploaded and published in one step, then dragged into order with the mouse', async ({
    authed: page,
    api,
  }) => {
    test.setTimeout(240_000);
    const errors = watchPageErrors(page);
    const prefix = `multi-${shortId()}`;
    const files = await Promise.all([1, 2, 3].map(async (n) => ({ ...(await image(500 + n, 900, 600)), name: `${prefix}-${n}.jpg` })));
    const names = files.map((f) => f.name);

    await page.goto('/admin-account/manage-home-gallery');
    await page.getByRole('button', { name: 'Upload images' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload gallery images' });
    await upload.locator('input[type=file]').setInputFiles(files);
    await expect(upload.getByTestId('upload-entry')).toHaveCount(3);
    for (const name of names) await expect(upload.getByRole('progressbar', { name: `${name}: upload progress` })).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/hord-upload-chosen.png' });
    await upload.getByRole('button', { name: 'Upload 3 images' }).click();
    // One confirmation for all three.
    const confirm = page.getByRole('dialog', { name: 'Confirm publish' });
    await expect(confirm).toContainText('3 images will be uploaded');
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(notice(page, '3 gallery images successfully uploaded')).toBeVisible({ timeout: 60_000 });
    await expect(upload).toBeHidden();
    for (const name of names) {
      const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card.getByText('Published', { exact: true })).toBeVisible();
    }
    const listed = (await (await api.get('/adminportal/home-gallery-image/')).json()) as { name: string; status: boolean }[];
    expect(listed.filter((g) => g.name.startsWith(prefix)).map((g) => [g.name, g.status])).toEqual(names.map((n) => [n, true]));
    // New images go last.
    expect(listed.slice(-3).map((g) => g.name)).toEqual(names);

    // The mouse: drag the first below the third.
    await page.getByRole('button', { name: 'Reorder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reorder gallery images' });
    const list = dialog.getByRole('list', { name: 'Order of the gallery images' });
    await expect.poll(() => rowsOf(list, prefix)).toEqual(names);
    const handle = dialog.getByRole('button', { name: `Move ${names[0]}`, exact: true });
    const target = list.getByTestId('reorder-item').filter({ hasText: names[2] });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y + to.height * 0.75 - from.y) * i) / 12);
    await page.mouse.up();
    const expected = [names[1], names[2], names[0]];
    await expect.poll(() => rowsOf(list, prefix)).toEqual(expected);
    await dialog.getByRole('button', { name: 'Save order' }).click();
    await expect(notice(page, ORDER_MESSAGES.saved)).toBeVisible();

    // The home page's gallery follows.
    await page.goto('/');
    const alts = await page.locator('[data-gallery] img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''));
    expect(alts.filter((a) => a.startsWith(prefix))).toEqual(expected);
    expect(errors).toEqual([]);
  });
});
