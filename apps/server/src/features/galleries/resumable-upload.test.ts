import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  COMMON_MESSAGES,
  GALLERY_MESSAGES,
  GALLERY_RESUMABLE_PATH,
  GALLERY_SKIP_MESSAGES,
  MAX_IMAGE_BYTES,
  type GalleryPhoto,
  type GalleryUploadResponse,
} from '@darkroom/contracts';
import {
  assetIdOf,
  createTestApp,
  describeEachDatabase,
  galleryPhotoRows,
  makeImage,
  type TestApp,
  placeholderCover,
} from '../../../test/harness';
import { auditLog, loveStories, services } from '../../db/schema';
import { sweepSpoolFiles } from '../../maintenance';
import { RESUMABLE_DIR } from '../../media/resumable';

const FAKE_COVER = placeholderCover('1');

const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

describeEachDatabase('resumable gallery uploads (tus)', (kind) => {
  let t: TestApp;
  let base: string;
  let token: string;
  let serviceId: number;
  let storyId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const cover = await assetIdOf(t, FAKE_COVER);
    [{ id: serviceId }] = await t.database.db
      .insert(services)
      .values({ name: 'Weddings', description: 'd', coverAssetId: cover })
      .returning({ id: services.id });
    [{ id: storyId }] = await t.database.db
      .insert(loveStories)
      .values({ title: 'Anna & Ben', description: {}, coverAssetId: cover })
      .returning({ id: loveStories.id });
    token = await t.token();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const tus = (extra: Record<string, string> = {}, auth = true) => ({
    'tus-resumable': '1.0.0',
    ...(auth ? { authorization: `Token ${token}` } : {}),
    ...extra,
  });

  const create = (size: number, meta: Record<string, string>, auth = true) =>
    fetch(`${base}${GALLERY_RESUMABLE_PATH}/`, {
      method: 'POST',
      headers: tus({ 'upload-length': String(size), 'upload-metadata': metadata(meta) }, auth),
    });

  const patch = (location: string, offset: number, body: Buffer) =>
    fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: tus({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
      body: new Uint8Array(body),
    });

  const offsetOf = async (location: string) => {
    const res = await fetch(`${base}${location}`, { method: 'HEAD', headers: tus() });
    return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
  };

  const partialFile = (location: string) => path.join(RESUMABLE_DIR, location.split('/').filter(Boolean).pop()!);

  /**
   * Sends the first `sent` bytes of a PATCH that announces the whole rest, waits until the server
   * has written them to the partial file, then cuts the connection, as a network failure would.
   */
  async function cutPatch(location: string, body: Buffer, sent: number): Promise<void> {
    const url = new URL(`${base}${location}`);
    const req = http.request(url, {
      method: 'PATCH',
      headers: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(body.length) }),
    });
    req.on('error', () => undefined);
    req.write(body.subarray(0, sent));
    const file = partialFile(location);
    while ((fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0) < sent) await new Promise((r) => setTimeout(r, 10));
    req.destroy();
  }

  it('resumes an upload cut at half: the original is byte-identical and the photo is in the gallery', async () => {
    // Incompressible pixels: a few MB, so the cut lands in the middle of the pixel data.
    const width = 1200;
    const height = 900;
    const source = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const created = await create(source.length, { filename: 'first-dance.png', galleryType: 'service', galleryId: String(serviceId) });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${GALLERY_RESUMABLE_PATH}/[0-9a-f]+/$`));
    expect(created.headers.get('upload-expires')).toBeTruthy();
    expect(created.headers.get('x-content-type-options')).toBe('nosniff');

    const half = Math.floor(source.length / 2);
    await cutPatch(location, source, half);
    // The server kept exactly what arrived; nothing is stored yet.
    await expect.poll(async () => (await offsetOf(location)).offset).toBe(half);
    expect(await galleryPhotoRows(t, { type: 'service', parentId: serviceId })).toHaveLength(0);

    const done = await patch(location, half, source.subarray(half));
    expect(done.status).toBe(201);
    const answer = (await done.json()) as GalleryUploadResponse;
    expect(answer.skipped).toEqual([]);
    expect(answer.stored).toHaveLength(1);
    expect(answer.stored[0]).toMatchObject({ name: 'first-dance.png', gal: serviceId, type: 'service', img_width: width });

    const [row] = await galleryPhotoRows(t, { type: 'service', parentId: serviceId });
    expect(fs.readFileSync(path.join(t.config.mediaDir, row!.image.original)).equals(source)).toBe(true);
    const listed = await t.as({ method: 'GET', url: `/adminportal/service-galleries/${serviceId}/` });
    expect((listed.json() as GalleryPhoto[]).map((p) => p.name)).toEqual(['first-dance.png']);
    const entries = await t.database.db.select().from(auditLog);
    expect(entries.map((e) => [e.action, e.area, e.actorName])).toContainEqual([AUDIT_ACTIONS.upload, 'galleries', 'owner']);
    // The partial file went with the upload; asking again finds nothing to resume.
    expect(fs.existsSync(partialFile(location))).toBe(false);
    expect((await offsetOf(location)).status).toBe(404);
  });

  it('skips a photo the gallery already holds, by name and by content, and says why', async () => {
    const photo = await makeImage({ width: 640, height: 480, seed: 7 });
    const send = async (filename: string) => {
      const created = await create(photo.length, { filename, galleryType: 'love-story', galleryId: String(storyId) });
      expect(created.status).toBe(201);
      const res = await patch(created.headers.get('location')!, 0, photo);
      return { status: res.status, body: (await res.json()) as GalleryUploadResponse };
    };
    expect((await send('kiss.jpg')).status).toBe(201);
    expect(await send('kiss.jpg')).toEqual({
      status: 200,
      body: { stored: [], skipped: [{ name: 'kiss.jpg', reason: 'name', message: GALLERY_SKIP_MESSAGES.name }] },
    });
    expect(await send('kiss-copy.jpg')).toEqual({
      status: 200,
      body: { stored: [], skipped: [{ name: 'kiss-copy.jpg', reason: 'content', message: GALLERY_SKIP_MESSAGES.content }] },
    });
    expect(await galleryPhotoRows(t, { type: 'love-story', parentId: storyId })).toHaveLength(1);
  });

  it('refuses every tus call without an admin token', async () => {
    const created = await create(100, { filename: 'a.jpg', galleryType: 'service', galleryId: String(serviceId) }, false);
    expect(created.status).toBe(401);
    const ok = await create(100, { filename: 'a.jpg', galleryType: 'service', galleryId: String(serviceId) });
    const location = ok.headers.get('location')!;
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const res = await fetch(`${base}${location}`, {
        method,
        headers: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, false),
        body: method === 'PATCH' ? 'x'.repeat(100) : undefined,
      });
      expect(res.status, method).toBe(401);
    }
    expect((await offsetOf(location)).offset).toBe(0);
    expect((await fetch(`${base}${location}`, { method: 'DELETE', headers: tus() })).status).toBe(204);
    expect(fs.existsSync(partialFile(location))).toBe(false);
  });

  it('refuses an over-size upload, a wrong type, and a gallery that does not exist, with clear 4xx', async () => {
    const meta = { filename: 'huge.jpg', galleryType: 'service', galleryId: String(serviceId) };
    const huge = await create(MAX_IMAGE_BYTES + 1, meta);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ land_scape_image: [COMMON_MESSAGES.imageTooLarge] });

    const pdf = await create(1000, { ...meta, filename: 'contract.pdf' });
    expect(pdf.status).toBe(400);
    expect(await pdf.json()).toEqual({ land_scape_image: [COMMON_MESSAGES.imageType] });

    const noGallery = await create(1000, { ...meta, galleryId: '999999' });
    expect(noGallery.status).toBe(404);
    expect(await noGallery.json()).toEqual({ detail: GALLERY_MESSAGES.noGallery });

    const noType = await create(1000, { filename: 'a.jpg', galleryId: String(serviceId) });
    expect(noType.status).toBe(400);
    expect(await noType.json()).toEqual({ galleryType: [GALLERY_MESSAGES.typeRequired] });

    // A .jpg that is no image: refused by content once it has arrived, and nothing is stored.
    const fake = Buffer.from('%PDF-1.7 not an image at all'.repeat(20));
    const created = await create(fake.length, { ...meta, filename: 'fake.jpg' });
    expect(created.status).toBe(201);
    const res = await patch(created.headers.get('location')!, 0, fake);
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()) as object)).toEqual(['land_scape_image']);
    expect(fs.existsSync(partialFile(created.headers.get('location')!))).toBe(false);
    expect((await galleryPhotoRows(t, { type: 'service', parentId: serviceId })).map((r) => r.name)).not.toContain('fake.jpg');
  });

  it('removes an abandoned upload once it is older than its expiry, and keeps a recent one', async () => {
    const meta = { filename: 'left.jpg', galleryType: 'service', galleryId: String(serviceId) };
    const abandoned = (await create(1000, meta)).headers.get('location')!;
    const recent = (await create(1000, meta)).headers.get('location')!;
    expect((await patch(abandoned, 0, Buffer.alloc(300, 1))).status).toBe(204);
    // Its last byte and its record were written a day and a minute ago.
    const old = new Date(Date.now() - t.config.resumableExpiryMs - 60_000);
    for (const f of [partialFile(abandoned), `${partialFile(abandoned)}.json`]) fs.utimesSync(f, old, old);

    await sweepSpoolFiles(t.ctx, false);
    expect(fs.existsSync(partialFile(abandoned))).toBe(false);
    expect(fs.existsSync(`${partialFile(abandoned)}.json`)).toBe(false);
    expect((await offsetOf(abandoned)).status).toBe(404);
    expect(fs.existsSync(partialFile(recent))).toBe(true);
    expect((await offsetOf(recent)).status).toBe(200);
    // A process's start-up sweep keeps a live resumable upload: it outlives processes.
    await sweepSpoolFiles(t.ctx, true);
    expect(fs.existsSync(partialFile(recent))).toBe(true);
  });
});
