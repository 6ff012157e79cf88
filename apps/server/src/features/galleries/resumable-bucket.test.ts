import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_RESUMABLE_PATH, type GalleryUploadResponse } from '@darkroom/contracts';
import { assetIdOf, createTestApp, galleryPhotoRows, type TestApp, placeholderCover } from '../../../test/harness';
import { startTestBucket, type TestBucket } from '../../../test/s3rver';
import { services } from '../../db/schema';
import { sweepSpoolFiles } from '../../maintenance';
import { RESUMABLE_DIR, RESUMABLE_PREFIX, sweepStoredResumable } from '../../media/resumable';
import { spoolDir } from '../../media/spool';

const COVER = placeholderCover('2');

const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/**
 * Resumable uploads with media in a bucket: the partial upload lives in the bucket (so any host
 * can resume it), never on the host's disk, and goes when it is finished or abandoned.
 */
describe('resumable gallery uploads with media in a bucket (tus on s3rver)', () => {
  let bucket: TestBucket;
  let t: TestApp;
  let base: string;
  let token: string;
  let serviceId: number;

  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await createTestApp('pglite', { env: bucket.env });
    [{ id: serviceId }] = await t.database.db
      .insert(services)
      .values({ name: 'Weddings', description: 'd', coverAssetId: await assetIdOf(t, COVER) })
      .returning({ id: services.id });
    token = await t.token();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  const tus = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', authorization: `Token ${token}`, ...extra });
  const create = (size: number, filename: string) =>
    fetch(`${base}${GALLERY_RESUMABLE_PATH}/`, {
      method: 'POST',
      headers: tus({
        'upload-length': String(size),
        'upload-metadata': metadata({ filename, galleryType: 'service', galleryId: String(serviceId) }),
      }),
    });
  const offsetOf = async (location: string) => {
    const res = await fetch(`${base}${location}`, { method: 'HEAD', headers: tus() });
    return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
  };
  const keysOf = async (location: string) => {
    const id = location.split('/').filter(Boolean).pop()!;
    const keys: string[] = [];
    for await (const o of t.app.storage.list(`${RESUMABLE_PREFIX}${id}/`)) keys.push(o.key);
    return keys;
  };
  /** Bytes of a PATCH this process has received so far (the store spools each request before storing it). */
  const spooled = () =>
    (fs.existsSync(spoolDir()) ? fs.readdirSync(spoolDir()) : [])
      .filter((n) => n.startsWith('resumable-'))
      .reduce((sum, n) => sum + (fs.statSync(path.join(spoolDir(), n), { throwIfNoEntry: false })?.size ?? 0), 0);

  it('resumes an upload cut at half from the bucket: the original is byte-identical, and nothing is left behind', async () => {
    const [width, height] = [1000, 800];
    const source = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const created = await create(source.length, 'vows.png');
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // Half the bytes, then the connection is cut, as a network failure would.
    const half = Math.floor(source.length / 2);
    const req = http.request(new URL(`${base}${location}`), {
      method: 'PATCH',
      headers: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(source.length) }),
    });
    req.on('error', () => undefined);
    req.write(source.subarray(0, half));
    while (spooled() < half) await new Promise((r) => setTimeout(r, 10));
    req.destroy();

    // What arrived is kept in the bucket, not on this host's disk.
    await expect.poll(async () => (await offsetOf(location)).offset).toBe(half);
    expect((await keysOf(location)).length).toBe(2);
    expect(fs.existsSync(path.join(RESUMABLE_DIR, location.split('/').filter(Boolean).pop()!))).toBe(false);

    const done = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: tus({ 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }),
      body: new Uint8Array(source.subarray(half)),
    });
    expect(done.status).toBe(201);
    const answer = (await done.json()) as GalleryUploadResponse;
    expect(answer.stored.map((p) => p.name)).toEqual(['vows.png']);
    const [row] = await galleryPhotoRows(t, { type: 'service', parentId: serviceId });
    const original = await t.app.storage.read(row!.image.original);
    const chunks: Buffer[] = [];
    for await (const c of original! as AsyncIterable<Buffer>) chunks.push(c);
    expect(Buffer.concat(chunks).equals(source)).toBe(true);

    // The parts and the spooled copy went with the upload.
    expect(await keysOf(location)).toEqual([]);
    expect(spooled()).toBe(0);
    expect((await offsetOf(location)).status).toBe(404);
  });

  it('removes an abandoned upload from the bucket once it is past its expiry, and keeps a recent one', async () => {
    const abandoned = (await create(1000, 'left.jpg')).headers.get('location')!;
    const recent = (await create(1000, 'kept.jpg')).headers.get('location')!;
    const sent = await fetch(`${base}${abandoned}`, {
      method: 'PATCH',
      headers: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      body: new Uint8Array(Buffer.alloc(300, 1)),
    });
    expect(sent.status).toBe(204);
    expect((await offsetOf(abandoned)).offset).toBe(300);
    expect(await keysOf(abandoned)).toHaveLength(2);

    // Nothing is old enough yet; the media sweep never takes partial uploads for unreferenced media.
    await sweepSpoolFiles(t.ctx, false);
    await t.app.runtime.assets.sweepFiles(new Date(Date.now() + 60_000));
    expect(await keysOf(abandoned)).toHaveLength(2);

    // Seen from a day and a minute later, the abandoned one (and the untouched recent one) expire.
    const later = Date.now() + t.config.resumableExpiryMs + 60_000;
    expect(await sweepStoredResumable(t.app.storage, t.config.resumableExpiryMs, Date.now())).toBe(0);
    expect(await sweepStoredResumable(t.app.storage, t.config.resumableExpiryMs, later)).toBe(2);
    expect(await keysOf(abandoned)).toEqual([]);
    expect(await keysOf(recent)).toEqual([]);
    expect((await offsetOf(abandoned)).status).toBe(404);
  });
});
