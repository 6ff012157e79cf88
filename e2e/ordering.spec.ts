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

/** The 1-based place of the row labelled `label` in the dialog's list (every record of the area is listed). */
async function placeOf(list: Locator, label: string): Promise<number> {
  const texts = await list.getByTestId('reorder-item').allInnerTexts();
  const place = texts.findIndex((t) => t.split('\n').includes(label)) + 1;
  expect(place, `${label} is listed`).toBeGreaterThan(0);
  return place;
}

/**
 * Moves `label` by keyboard (Space, arrows, Space), `steps` places up (negative) or down. Each key
 * waits for dnd-kit's announcement of the move before the next: a key sent before the last move is
 * done would be lost.
 */
/** Saves the open dialog's order, reloads, and reads the order again in a new dialog. */
async function saveAndReadBack(page: Page, dialogName: string, prefix: string, expected: string[]): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: 'Save order' }).click();
  await expect(notice(page, ORDER_MESSAGES.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect.poll(() => rowsOf(page.getByRole('dialog', { name: dialogName }), prefix)).toEqual(expected);
  await page.keyboard.press('Escape');
}

async function moveByKeyboard(page: Page, dialog: Locator, label: string, steps: number): Promise<void> {
  const live = page.locator('[id^="DndLiveRegion"]');
  const from = await placeOf(dialog.getByTestId('reorder-list'), label);
  await dialog.getByRole('button', { name: `Move ${label}`, exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText(`${label} is over position ${from} of`);
  for (let i = 1; i <= Math.abs(steps); i++) {
    await page.keyboard.press(steps < 0 ? 'ArrowUp' : 'ArrowDown');
    await expect(live).toContainText(`${label} is over position ${from + Math.sign(steps) * i} of`);
  }
  await page.keyboard.press('Space');
  await expect(live).toContainText(`${label} dropped at position ${from + steps} of`);
}

/**
 * Drags `label` with the mouse onto the row of `onto`, and lets go only once dnd-kit has announced
 * that it is over that row's place: the drop never races the drag's last move.
 */
async function dragWithMouse(page: Page, dialog: Locator, label: string, onto: string): Promise<void> {
  const live = page.locator('[id^="DndLiveRegion"]');
  const list = dialog.getByTestId('reorder-list');
  const target = await placeOf(list, onto);
  const handle = dialog.getByRole('button', { name: `Move ${label}`, exact: true });
  const row = list.getByTestId('reorder-item').filter({ has: page.getByRole('button', { name: `Move ${onto}`, exact: true }) });
  const from = (await handle.boundingBox())!;
  const to = (await row.boundingBox())!;
  const x = from.x + from.width / 2;
  const y0 = from.y + from.height / 2;
  // Past the row's middle, in the direction of travel.
  const y1 = to.y + to.height * (to.y > from.y ? 0.75 : 0.25);
  await page.mouse.move(x, y0);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(x, y0 + ((y1 - y0) * i) / 12);
  await expect(live).toContainText(`${label} is over position ${target} of`);
  await page.mouse.up();
  await expect(live).toContainText(`${label} dropped at position ${target} of`);
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
    // Another admin adds a service meanwhile: the arranged order is kept and the new one goes last.
    const late = `${prefix} D`;
    await addService(late, 410);
    expected.push(late);

    // Kept after a reload, and the website lists the services in that order.
    await saveAndReadBack(page, 'Reorder services', prefix, expected);
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
    await dragWithMouse(page, dialog, names[0], names[2]);
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

  test('carousel slides: put in order by keyboard and by mouse, kept after a reload and shown so on the home page', async ({
    authed: page,
    api,
  }) => {
    test.setTimeout(240_000);
    const errors = watchPageErrors(page);
    const prefix = `Sl ${shortId()}`;
    // Header and title alike, so a slide reads the same in the hero (its title) and in the strip (its header).
    const names = ['A', 'B', 'C'].map((l) => `${prefix} ${l}`);
    for (const [i, name] of names.entries()) {
      const res = await api.post('/adminportal/manage-carousel/', {
        multipart: { header: name, title: name, message: 'Ordered in the browser', image: await image(600 + i, 1400, 800) },
      });
      expect(res.status(), await res.text()).toBe(201);
      const { id } = (await res.json()) as { id: number };
      expect((await api.patch(`/adminportal/manage-carousel/${id}/`, { multipart: { status: 'true' } })).status()).toBe(200);
    }
    const label = (name: string) => `${name}: ${name}`;

    await page.goto('/admin-account/manage-carousel-images');
    await page.getByRole('button', { name: 'Reorder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reorder carousel slides' });
    const list = dialog.getByRole('list', { name: 'Order of the carousel slides' });
    await expect.poll(() => rowsOf(list, prefix)).toEqual(names.map(label));
    expect(await dialogViolations(page)).toEqual([]);

    // Keyboard: C two places up (C A B); mouse: A onto B's place (C B A).
    await moveByKeyboard(page, dialog, label(names[2]), -2);
    await expect.poll(() => rowsOf(list, prefix)).toEqual([names[2], names[0], names[1]].map(label));
    await dragWithMouse(page, dialog, label(names[0]), label(names[1]));
    const expected = [names[2], names[1], names[0]];
    await expect.poll(() => rowsOf(list, prefix)).toEqual(expected.map(label));
    await saveAndReadBack(page, 'Reorder carousel slides', prefix, expected.map(label));

    // The home page: hero and "Moments" strip read in the saved order.
    await page.goto('/');
    const text = await page.locator('body').innerText();
    const shown = names.filter((n) => text.includes(n)).sort((a, b) => text.indexOf(a) - text.indexOf(b));
    expect(shown).toEqual(expected);
    expect(errors).toEqual([]);
  });

  test('team: put in order by mouse and by keyboard, kept after a reload and shown so on the about page', async ({ authed: page, api }) => {
    test.setTimeout(240_000);
    const errors = watchPageErrors(page);
    const prefix = `Member ${shortId()}`;
    const names = ['A', 'B', 'C'].map((l) => `${prefix} ${l}`);
    for (const [i, name] of names.entries()) {
      const res = await api.post('/adminportal/pages/the-team/', {
        multipart: {
          name,
          email: `${prefix.replace(' ', '-').toLowerCase()}-${i}@studio.test`,
          phone: '555',
          title: 'Photographer',
          cover_image: await image(700 + i, 600, 600),
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const label = (name: string) => `${name}, Photographer`;

    await page.goto('/admin-account/the-team');
    await page.getByRole('button', { name: 'Reorder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reorder team members' });
    const list = dialog.getByRole('list', { name: 'Order of the team members' });
    await expect.poll(() => rowsOf(list, prefix)).toEqual(names.map(label));

    // Mouse: A onto C's place (B C A); keyboard: C one place down (B A C).
    await dragWithMouse(page, dialog, label(names[0]), label(names[2]));
    await expect.poll(() => rowsOf(list, prefix)).toEqual([names[1], names[2], names[0]].map(label));
    await moveByKeyboard(page, dialog, label(names[2]), 1);
    const expected = [names[1], names[0], names[2]];
    await expect.poll(() => rowsOf(list, prefix)).toEqual(expected.map(label));
    await saveAndReadBack(page, 'Reorder team members', prefix, expected.map(label));

    await page.goto('/about/');
    const members = await page.getByRole('region', { name: 'The team' }).getByRole('heading', { level: 3 }).allInnerTexts();
    expect(members.map((m) => m.trim()).filter((m) => m.startsWith(prefix))).toEqual(expected);
    expect(errors).toEqual([]);
  });
});
