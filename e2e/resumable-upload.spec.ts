import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { GALLERY_MESSAGES, GALLERY_RESUMABLE_PATH } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';

/** A photo of noise: about a megabyte, so half of it is a real cut in the middle of the pixels. */
async function noisyPhoto(width = 1200, height = 800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

test.describe('resumable photo uploads', () => {
  test('a photo whose connection drops halfway resumes where the server stopped', async ({ authed: page, api }) => {
    const errors = watchPageErrors(page);
    const name = `Resumed ${Date.now()}`;
    const cover = { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await noisyPhoto(1000, 700) };
    const created = await api.post('/adminportal/manage-services/', { multipart: { name, description: 'Resumable', cover_image: cover } });
    expect(created.status(), await created.text()).toBe(201);
    const serviceId = ((await created.json()) as { id: number }).id;

    const source = await noisyPhoto();
    const half = Math.floor(source.length / 2);
    const patches: number[] = [];
    // The first PATCH delivers half of the file to the server, then its connection is reset, as a
    // network cut would leave it; later requests go through untouched.
    await page.route(`**${GALLERY_RESUMABLE_PATH}/*/`, async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      const offset = Number(request.headers()['upload-offset']);
      patches.push(offset);
      if (patches.length > 1) return route.continue();
      const partial = await api.fetch(request.url(), {
        method: 'PATCH',
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        data: source.subarray(offset, half),
      });
      expect(partial.status(), await partial.text()).toBe(204);
      return route.abort('connectionreset');
    });

    await page.goto(`/admin-account/view-gallery?service=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: 'Upload photos' }).click();
    const dialog = page.getByRole('dialog', { name: `Upload photos to ${name}` });
    await dialog.getByTestId('gallery-file-input').setInputFiles({ name: 'cut-off.jpg', mimeType: 'image/jpeg', buffer: source });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(GALLERY_MESSAGES.uploaded)).toBeVisible({ timeout: 30_000 });

    // Sent from the start once, then from where the server stopped: never from zero again.
    expect(patches).toEqual([0, half]);
    const sha = createHash('sha256').update(source).digest('hex');
    const check = await api.post('/adminportal/manage-gallery/check/', { data: { type: 'service', id: serviceId, hashes: [sha] } });
    expect(((await check.json()) as { existing: string[] }).existing).toEqual([sha]);
    const photos = await api.get(`/adminportal/service-galleries/${serviceId}/`);
    expect(((await photos.json()) as { name: string }[]).map((p) => p.name)).toEqual(['cut-off.jpg']);
    // The upload's URL is not kept once it is done: the same file chosen again starts afresh.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tus::')))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
