import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { COMMON_MESSAGES, GALLERY_MESSAGES, GALLERY_RESUMABLE_PATH, type GalleryPhoto } from '@darkroom/contracts';
import { expect, test, watchPageErrors, photosReady } from './fixtures';

/** A real JPEG; each seed gives different pixels (so a different SHA-256). */
async function photo(seed: number, width = 900, height = 600): Promise<Buffer> {
  const bg = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 193) % 256 };
  const mark = Buffer.from(
    `<svg width="${width}" height="${height}"><circle cx="${(seed * 37) % width}" cy="${(seed * 61) % height}" r="${80 + (seed % 90)}" fill="#fff" fill-opacity="0.8"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: bg } })
    .composite([{ input: mark }])
    .jpeg({ quality: 82 })
    .toBuffer();
}
const fileOf = async (name: string, seed: number) => ({ name, mimeType: 'image/jpeg', buffer: await photo(seed) });

/** A service to hang photos on, made through the services API (polled until that route exists). */
async function createService(api: APIRequestContext, name: string): Promise<number> {
  const cover = { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await photo(7, 1200, 800) };
  let res = await api.post('/adminportal/manage-services/', {
    multipart: { name, description: 'Photographed with care', cover_image: cover },
  });
  for (let tries = 0; res.status() === 404 && tries < 60; tries++) {
    await new Promise((r) => setTimeout(r, 2000));
    res = await api.post('/adminportal/manage-services/', {
      multipart: { name, description: 'Photographed with care', cover_image: cover },
    });
  }
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Photos added through the upload API, one request per file (as the portal sends them). */
async function addPhotos(api: APIRequestContext, serviceId: number, names: string[], seedBase: number): Promise<void> {
  for (const [i, name] of names.entries()) {
    const res = await api.post('/adminportal/manage-gallery/', {
      multipart: { service: String(serviceId), land_scape_image: await fileOf(name, seedBase + i) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await photosReady(api, 'service', serviceId);
}

const tileNames = (page: Page) => page.getByTestId('photo-tile').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

test.describe('photo galleries', () => {
  test('uploads five photos with progress to 100%, then refuses duplicates', async ({ authed: page, api }) => {
    const errors = watchPageErrors(page);
    const name = `Weddings ${Date.now()}`;
    await createService(api, name);
    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}`);
    // An empty named gallery: the spec's page variant names it.
    await expect(page.getByText(GALLERY_MESSAGES.noGalleryFor(name), { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Upload photos' }).click();
    const dialog = page.getByRole('dialog', { name: `Upload photos to ${name}` });
    await expect(dialog).toBeVisible();
    // Nothing chosen.
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText(GALLERY_MESSAGES.imageRequired)).toBeVisible();

    const files = await Promise.all([1, 2, 3, 4, 5].map((i) => fileOf(`photo-${i}.jpg`, 100 + i)));
    // The same file twice in one selection is kept once.
    await dialog.getByTestId('gallery-file-input').setInputFiles([...files, files[0]!]);
    await expect(dialog.getByTestId('upload-item')).toHaveCount(5);
    await expect(dialog.getByText('Left out: 1 chosen twice.')).toBeVisible();
    await page.screenshot({ path: '/tmp/photos-upload-dialog.png' });

    // Record every overall-progress value the dialog shows while it works.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="upload-overall"]');
        if (el?.textContent && seen[seen.length - 1] !== el.textContent) seen.push(el.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(GALLERY_MESSAGES.uploaded)).toBeVisible();
    const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    expect(progress[progress.length - 1]).toBe('100%');
    expect(progress.map((p) => parseInt(p, 10))).toEqual([...progress.map((p) => parseInt(p, 10))].sort((a, b) => a - b));
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('photo-tile')).toHaveCount(5);
    expect(await tileNames(page)).toEqual(['photo-1', 'photo-2', 'photo-3', 'photo-4', 'photo-5']);

    // Names already in the gallery: nothing remains.
    await page.getByRole('button', { name: 'Upload photos' }).click();
    await dialog.getByTestId('gallery-file-input').setInputFiles(files.slice(0, 2));
    await expect(dialog.getByText(GALLERY_MESSAGES.duplicate)).toBeVisible();
    await expect(dialog.getByTestId('upload-item')).toHaveCount(0);
    // Pressing Upload keeps the spec's duplicate message (not 'Image is required').
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText(GALLERY_MESSAGES.duplicate)).toBeVisible();
    await expect(dialog.getByText(GALLERY_MESSAGES.imageRequired)).toHaveCount(0);
    // Same content under new names: the browser's hash check finds them, nothing is sent, and it says so.
    await dialog.getByTestId('gallery-file-input').setInputFiles([{ ...files[2]!, name: 'copy-of-3.jpg' }]);
    await expect(dialog.getByTestId('upload-item')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert').filter({ hasText: GALLERY_MESSAGES.duplicate }).first()).toBeVisible();
    await expect(dialog.getByTestId('upload-item').getByText('Already in the gallery')).toBeVisible();
    await expect(dialog.getByTestId('upload-summary')).toHaveText('0 uploaded, 1 skipped: copy-of-3.jpg: Already in the gallery');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.reload();
    await expect(page.getByTestId('photo-tile')).toHaveCount(5);
    expect(errors).toEqual([]);
  });

  test('a partly refused batch ends in a success summary naming each refused or skipped file; refused files are not retried', async ({
    authed: page,
    api,
  }) => {
    const name = `Portraits ${Date.now()}`;
    const id = await createService(api, name);
    await addPhotos(api, id, ['kept.jpg'], 310);
    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: 'Upload photos' }).click();
    const dialog = page.getByRole('dialog', { name: `Upload photos to ${name}` });
    await dialog.getByTestId('gallery-file-input').setInputFiles([
      await fileOf('good.jpg', 301),
      // A text file named .jpg: refused in the browser with what is wrong with it.
      { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a picture') },
      // A JPEG signature with nothing after it: the server refuses it.
      { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]) },
      // A renamed copy of a photo already in the gallery.
      { ...(await fileOf('kept.jpg', 310)), name: 'renamed.jpg' },
    ]);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const summary = dialog.getByTestId('upload-summary');
    await expect(summary).toHaveText(
      '1 uploaded, 1 skipped: renamed.jpg: Already in the gallery, 2 refused: broken.jpg: The file is not a JPEG or PNG image; fake.jpg: The file is not a JPEG or PNG image',
    );
    await expect(summary).toHaveClass(/MuiAlert-colorSuccess/);
    await expect(page.getByText(GALLERY_MESSAGES.uploadFailed)).toHaveCount(0);
    await expect(dialog.getByText(COMMON_MESSAGES.imageType)).toHaveCount(0);
    await expect(dialog.getByText('Uploaded', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Refused', { exact: true })).toHaveCount(2);
    // Nothing left that a retry could change.
    await expect(dialog.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  });

  test('a network failure is retryable: Retry failed sends only that file again', async ({ authed: page, api }) => {
    const name = `Retry ${Date.now()}`;
    await createService(api, name);
    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: 'Upload photos' }).click();
    const dialog = page.getByRole('dialog', { name: `Upload photos to ${name}` });
    // Photos go through the resumable (tus) endpoint; every request of it fails.
    const resumable = `**${GALLERY_RESUMABLE_PATH}/**`;
    await page.route(resumable, (route) => route.abort());
    await dialog.getByTestId('gallery-file-input').setInputFiles([await fileOf('net.jpg', 321)]);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    // tus-js-client's own retries, within each of the queue's attempts, come first.
    await expect(dialog.getByRole('button', { name: 'Retry failed' })).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByTestId('upload-summary')).toHaveClass(/MuiAlert-colorError/);
    await page.unroute(resumable);
    await dialog.getByRole('button', { name: 'Retry failed' }).click();
    await expect(page.getByText(GALLERY_MESSAGES.uploaded)).toBeVisible();
    await expect(page.getByTestId('photo-tile')).toHaveCount(1);
  });

  test('a photo shows processing on its tile, then its image, without a reload', async ({ authed: page, api }) => {
    const name = `Phase ${Date.now()}`;
    const id = await createService(api, name);
    await addPhotos(api, id, ['p.jpg'], 331);
    // The list's first answer as it is while the job works (the photo processing, no files yet),
    // whatever the speed of this machine; later reads reach the server.
    let first = true;
    await page.route(`**/adminportal/service-galleries/${id}/`, async (route) => {
      if (!first) return route.fallback();
      first = false;
      const res = await route.fetch();
      const photos = (await res.json()) as GalleryPhoto[];
      const pending = photos.map((p) => ({
        ...p,
        state: 'processing',
        land_scape_img: '',
        land_scape_img_view: { ...p.land_scape_img_view, url: '', srcset: '', placeholder: null, square: null, wide: null },
      }));
      await route.fulfill({ response: res, json: pending });
    });
    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}`);
    await expect(page.getByRole('status', { name: `p: ${GALLERY_MESSAGES.processing}` })).toBeVisible();
    // The portal asks again while a photo is processing: the image replaces the spinner.
    await expect(page.getByTestId('photo-tile').first().locator('img')).toHaveAttribute('srcset', /480w/);
    await expect(page.getByRole('status', { name: `p: ${GALLERY_MESSAGES.processing}` })).toHaveCount(0);
  });

  test('opens the lightbox, sorts and saves an order that survives a reload', async ({ authed: page, api }) => {
    const errors = watchPageErrors(page);
    const name = `Events ${Date.now()}`;
    const id = await createService(api, name);
    await addPhotos(api, id, ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'], 200);

    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('photo-tile')).toHaveCount(4);
    expect(await tileNames(page)).toEqual(['a', 'b', 'c', 'd']);
    // Tiles load their size from srcset over a placeholder.
    const img = page.getByTestId('photo-tile').first().locator('img');
    await expect(img).toHaveAttribute('srcset', /480w/);
    await expect(img).toHaveAttribute('loading', 'lazy');

    // View: the lightbox.
    await page.getByTestId('photo-tile').nth(1).click();
    const lightbox = page.locator('.yarl__root');
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByText('2 / 4')).toBeVisible();
    await page.screenshot({ path: '/tmp/photos-lightbox.png' });
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    // Sort: drag 'a' onto 'c'.
    await page.getByRole('button', { name: 'Sort' }).click();
    await expect(page.getByText(GALLERY_MESSAGES.dragToRearrange)).toBeVisible();
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    const from = (await page.getByTestId('photo-tile').nth(0).boundingBox())!;
    const to = (await page.getByTestId('photo-tile').nth(2).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => tileNames(page)).toEqual(['Move b', 'Move c', 'Move a', 'Move d']);
    await page.screenshot({ path: '/tmp/photos-sort.png' });
    await save.click();
    await expect(page.getByText(GALLERY_MESSAGES.orderSaved)).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('photo-tile')).toHaveCount(4);
    expect(await tileNames(page)).toEqual(['b', 'c', 'a', 'd']);
    const api2 = await api.get(`/adminportal/service-galleries/${id}/`);
    expect(((await api2.json()) as { name: string }[]).map((p) => p.name)).toEqual(['b.jpg', 'c.jpg', 'a.jpg', 'd.jpg']);
    expect(errors).toEqual([]);
  });

  test('selects all photos and deletes them after confirming', async ({ authed: page, api }) => {
    const name = `Family ${Date.now()}`;
    const id = await createService(api, name);
    await addPhotos(api, id, ['one.jpg', 'two.jpg', 'three.jpg'], 400);
    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}`);
    await expect(page.getByTestId('photo-tile')).toHaveCount(3);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(GALLERY_MESSAGES.selectToDelete)).toBeVisible();
    // Single selection, then select-all.
    await page.getByRole('checkbox', { name: 'two' }).click();
    await expect(page.getByRole('button', { name: 'Delete (1)' })).toBeEnabled();
    await page.getByLabel('Select all').check();
    await expect(page.getByRole('button', { name: 'Delete (3)' })).toBeEnabled();
    await page.screenshot({ path: '/tmp/photos-delete-mode.png' });

    // Cancelling keeps everything.
    await page.getByRole('button', { name: 'Delete (3)' }).click();
    await expect(page.getByText(COMMON_MESSAGES.deleteConfirm)).toBeVisible();
    await page.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(page.getByTestId('photo-tile')).toHaveCount(3);

    await page.getByRole('button', { name: 'Delete (3)' }).click();
    await page.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(page.getByText(GALLERY_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByText(GALLERY_MESSAGES.noGalleryFor(name), { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText(GALLERY_MESSAGES.noGalleryFor(name), { exact: true })).toBeVisible();
    const res = await api.get(`/adminportal/service-galleries/${id}/`);
    expect(await res.json()).toEqual([]);
  });

  test('says which named gallery is missing, and opens from navigation state too', async ({ authed: page, api }) => {
    await page.goto('/admin-account/view-gallery?service=No%20such%20service');
    await expect(page.getByText(GALLERY_MESSAGES.noGalleryFor('No such service'))).toBeVisible();
    await page.goto('/admin-account/view-gallery');
    await expect(page.getByText(GALLERY_MESSAGES.noGallery, { exact: true })).toBeVisible();

    // From the portal: a card click passes {id, title, type} in the state.
    const name = `Studio ${Date.now()}`;
    const id = await createService(api, name);
    await addPhotos(api, id, ['s1.jpg'], 500);
    await page.goto('/admin-account/dashboard');
    await page.evaluate(
      ({ id, name }) => {
        window.history.pushState(
          { usr: { id, title: name, type: 'service' }, key: 'x', idx: 1 },
          '',
          `/admin-account/view-gallery?service=${encodeURIComponent(name)}`,
        );
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      },
      { id, name },
    );
    await expect(page.getByTestId('photo-tile')).toHaveCount(1);
  });

  test('two services with one name: the link carries the id, so it opens the gallery it was made for', async ({ authed: page, api }) => {
    const name = `Twins ${Date.now()}`;
    const first = await createService(api, name);
    const second = await createService(api, name);
    await addPhotos(api, second, ['t1.jpg'], 600);

    // From the portfolio: the card's image opens its own gallery, and the URL names it by id.
    await page.goto('/admin-account/portfolio');
    // New services go last (maybe past the first page): the search shows both; the older first.
    const box = page.getByRole('searchbox', { name: 'Search services' });
    await expect(
      page
        .getByRole('button', { name: `View ${name}` })
        .or(box)
        .first(),
    ).toBeVisible();
    if (await box.isVisible()) await box.fill(name);
    await page
      .getByRole('button', { name: `View ${name}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${first}$`));
    await expect(page.getByText(GALLERY_MESSAGES.noGalleryFor(name), { exact: true })).toBeVisible();
    await expect(page.getByText('Service gallery · 0 photos')).toBeVisible();

    // A bookmark of either link opens the same gallery after a reload.
    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}&id=${second}`);
    await expect(page.getByTestId('photo-tile')).toHaveCount(1);
    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}&id=${first}`);
    await expect(page.getByTestId('photo-tile')).toHaveCount(0);
    await expect(page.getByText(GALLERY_MESSAGES.noGalleryFor(name), { exact: true })).toBeVisible();
  });

  test('the gallery table lists, previews, searches and bulk-deletes photos', async ({ authed: page, api }) => {
    const name = `Table ${Date.now()}`;
    const id = await createService(api, name);
    await addPhotos(api, id, ['red.jpg', 'green.jpg', 'blue.jpg'], 600);
    await page.goto(`/admin-account/ManageCategory?id=${id}`);
    const grid = page.getByRole('grid', { name: 'Gallery photos' });
    await expect(grid).toBeVisible();
    for (const header of ['#', 'Image', 'Name', 'Date Created', 'Action']) {
      await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(grid.getByRole('row')).toHaveCount(4);
    await page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill('gre');
    await expect(grid.getByRole('row')).toHaveCount(2);
    await page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill('nothing-like-this');
    await expect(grid.getByText(COMMON_MESSAGES.noData)).toBeVisible();
    await page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill('');

    await grid.getByRole('button', { name: 'View red.jpg' }).click();
    const preview = page.getByRole('dialog', { name: 'red.jpg' });
    await expect(preview.getByRole('img')).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).click();

    await grid
      .getByRole('row', { name: /red\.jpg/ })
      .getByRole('checkbox')
      .check();
    await grid
      .getByRole('row', { name: /blue\.jpg/ })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(page.getByText(GALLERY_MESSAGES.deleted)).toBeVisible();
    await expect(grid.getByRole('row')).toHaveCount(2);
    await page.screenshot({ path: '/tmp/photos-table.png' });
  });
});
