import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMON_MESSAGES, SERVICE_MESSAGES, type Service } from '@darkroom/contracts';
import {
  createTestApp,
  describeEachDatabase,
  makeImage,
  multipart,
  type FormValue,
  type TestApp,
  fileStored,
  rowWithImages,
  insertGalleryPhotos,
  galleryPhotoRows,
} from '../../../test/harness';
import { services } from '../../db/schema';
import { imageKeys, processImage } from '../../media/image-pipeline';
import type { StoredImage } from '../../media/stored-image';

const URL = '/adminportal/manage-services/';

describeEachDatabase('services', (kind) => {
  let t: TestApp;
  let seed = 100;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const jpeg = async (opts: { width?: number; height?: number } = {}) => ({
    filename: 'cover.jpg',
    content: await makeImage({ width: opts.width ?? 1200, height: opts.height ?? 800, seed: seed++ }),
    type: 'image/jpeg',
  });
  const send = async (method: 'POST' | 'PATCH', url: string, fields: Record<string, FormValue | FormValue[]>) => {
    const { payload, headers } = await multipart(fields);
    return t.as({ method, url, payload, headers });
  };
  const create = async (fields: Record<string, FormValue> = {}) => {
    const res = await send('POST', URL, {
      name: `Weddings ${seed}`,
      description: 'Full-day coverage',
      cover_image: await jpeg(),
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Service;
  };
  const rowOf = async (id: number) => {
    const [row] = await t.database.db.select().from(services).where(eq(services.id, id));
    return row && rowWithImages(t, row);
  };
  const filesExist = async (img: StoredImage) => Promise.all(imageKeys(img).map((k) => fileStored(t.app.storage, k)));
  const list = async () => {
    const res = await t.as({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    return res.json() as Service[];
  };

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: URL, payload: {} })).statusCode).toBe(401);
  });

  it('lists nothing at first', async () => {
    expect(await list()).toEqual([]);
  });

  it('creates a service from one file sent as cover_image, site_cover_image and orig_image', async () => {
    const file = await jpeg();
    const res = await send('POST', URL, {
      name: '  Portraits ',
      description: 'Studio portraits',
      description2: 'Half-day sessions',
      cover_image: file,
      site_cover_image: file,
      orig_image: file,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Service;
    expect(body).toMatchObject({ name: 'Portraits', description: 'Studio portraits', description2: 'Half-day sessions', status: false });
    expect(body.cover_image).toMatch(/^\/media\/d\/.+\.webp$/);
    expect(body.site_cover_image).toMatch(/^\/media\/d\/.+\.webp$/);
    // The original is private: an admin-only address, refused without a token.
    expect(body.orig_image).toMatch(/^\/adminportal\/media\/originals\/[0-9a-f]{64}\/$/);
    expect(body.cover_image_view).toMatchObject({ width: 1200, height: 800 });
    expect(body.cover_image_view.placeholder).toMatch(/^data:image\/\w+;base64,/);
    const row = await rowOf(body.id);
    expect((await filesExist(row!.cover)).every(Boolean)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: body.orig_image })).statusCode).toBe(401);
    const media = await t.as({ method: 'GET', url: body.orig_image });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    expect(media.rawPayload.equals(file.content)).toBe(true);
  });

  it('lists in the saved order, a new service last, and reflects each write', async () => {
    const a = await create({ name: 'Older' });
    const b = await create({ name: 'Newer' });
    const names = (await list()).map((s) => s.name);
    expect(names.slice(-2)).toEqual(['Older', 'Newer']);
    expect((await t.as({ method: 'GET', url: `${URL}${a.id}/` })).json()).toMatchObject({ id: a.id, name: 'Older' });
    await t.as({ method: 'PATCH', url: `${URL}${b.id}/`, payload: { name: 'Newest' } });
    expect((await list()).find((s) => s.id === b.id)?.name).toBe('Newest');
  });

  it('accepts a cover sent only as orig_image', async () => {
    const res = await send('POST', URL, { name: 'Events', description: 'Parties', orig_image: await jpeg() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().description2).toBe('');
  });

  it('answers missing fields with every spec message', async () => {
    const res = await send('POST', URL, { name: '   ', description: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: [SERVICE_MESSAGES.nameRequired],
      description: [SERVICE_MESSAGES.descriptionRequired],
      cover_image: [SERVICE_MESSAGES.coverRequired],
    });
    const json = await t.as({ method: 'POST', url: URL, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ name: [SERVICE_MESSAGES.nameRequired], cover_image: [SERVICE_MESSAGES.coverRequired] });
  });

  it('rejects a cover below the minimum dimensions and stores nothing', async () => {
    const before = await t.app.storage.usage();
    const res = await send('POST', URL, { name: 'Tiny', description: 'x', cover_image: await jpeg({ width: 500, height: 300 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ cover_image: [COMMON_MESSAGES.dimension] });
    expect(await t.app.storage.usage()).toEqual(before);
    expect((await list()).some((s) => s.name === 'Tiny')).toBe(false);
  });

  it('rejects files that are not JPEG or PNG, whatever their name', async () => {
    const res = await send('POST', URL, {
      name: 'Fake',
      description: 'x',
      cover_image: { filename: 'cover.jpg', content: Buffer.from('GIF89a not really'), type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ cover_image: [COMMON_MESSAGES.imageType] });
  });

  it('accepts PNG covers', async () => {
    const png = {
      filename: 'c.png',
      content: await makeImage({ width: 900, height: 700, format: 'png', seed: seed++ }),
      type: 'image/png',
    };
    const res = await send('POST', URL, { name: 'Png', description: 'x', cover_image: png });
    expect(res.statusCode, res.body).toBe(201);
    const original = await t.as({ method: 'GET', url: res.json().orig_image });
    expect(original.headers['content-type']).toBe('image/png');
  });

  it('publishes and unpublishes with form-encoded and JSON status', async () => {
    const s = await create();
    const on = await t.as({
      method: 'PATCH',
      url: `${URL}${s.id}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=true',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: true, name: s.name, cover_image: s.cover_image });
    expect((await list()).find((x) => x.id === s.id)?.status).toBe(true);
    const off = await send('PATCH', `${URL}${s.id}/`, { status: 'false' });
    expect(off.json().status).toBe(false);
    expect((await rowOf(s.id))!.status).toBe(false);
    const bad = await t.as({ method: 'PATCH', url: `${URL}${s.id}/`, payload: { status: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('status');
  });

  it('updates only the sent fields and keeps the cover when none (or an empty file) is sent', async () => {
    const s = await create({ description2: 'keep me' });
    const res = await send('PATCH', `${URL}${s.id}/`, {
      name: 'Renamed',
      description: 'New text',
      cover_image: { filename: '', content: Buffer.alloc(0) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', description: 'New text', description2: 'keep me', cover_image: s.cover_image });
    const cleared = await t.as({ method: 'PATCH', url: `${URL}${s.id}/`, payload: { description2: '' } });
    expect(cleared.json()).toMatchObject({ name: 'Renamed', description2: '' });
  });

  it('validates sent fields on update with the spec messages', async () => {
    const s = await create();
    const res = await send('PATCH', `${URL}${s.id}/`, { name: '', description: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [SERVICE_MESSAGES.nameRequired], description: [SERVICE_MESSAGES.descriptionRequired] });
    const small = await send('PATCH', `${URL}${s.id}/`, { cover_image: await jpeg({ width: 599, height: 800 }) });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ cover_image: [COMMON_MESSAGES.dimension] });
    expect((await rowOf(s.id))!.name).toBe(s.name);
  });

  it('replaces the cover and deletes the old files', async () => {
    const s = await create();
    const old = (await rowOf(s.id))!.cover;
    const res = await send('PATCH', `${URL}${s.id}/`, { cover_image: await jpeg({ width: 1000, height: 700 }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cover_image).not.toBe(s.cover_image);
    expect((await filesExist(old)).some(Boolean)).toBe(false);
    expect((await filesExist((await rowOf(s.id))!.cover)).every(Boolean)).toBe(true);
  });

  it('keeps files another record still uses', async () => {
    const file = await jpeg();
    const a = await create({ cover_image: file });
    const b = await create({ cover_image: file });
    expect((await t.as({ method: 'DELETE', url: `${URL}${a.id}/` })).statusCode).toBe(204);
    expect((await filesExist((await rowOf(b.id))!.cover)).every(Boolean)).toBe(true);
  });

  it('deletes a service with its gallery photos and every file', async () => {
    const s = await create();
    const cover = (await rowOf(s.id))!.cover;
    const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'svc-')), 'p.jpg');
    fs.writeFileSync(tmp, await makeImage({ width: 800, height: 600, seed: seed++ }));
    const photo = await processImage(
      t.app.storage,
      { field: 'land_scape_image', filename: 'p.jpg', mimetype: 'image/jpeg', path: tmp, bytes: fs.statSync(tmp).size },
      { field: 'land_scape_image', use: 'galleryPhoto' },
    );
    await insertGalleryPhotos(t, [{ parentType: 'service', parentId: s.id, name: 'p.jpg', image: photo }]);
    const res = await t.as({ method: 'DELETE', url: `${URL}${s.id}/` });
    expect(res.statusCode).toBe(204);
    expect(await rowOf(s.id)).toBeUndefined();
    expect(await galleryPhotoRows(t, { type: 'service', parentId: s.id })).toEqual([]);
    expect((await filesExist(cover)).some(Boolean)).toBe(false);
    expect((await filesExist(photo)).some(Boolean)).toBe(false);
    expect((await list()).some((x) => x.id === s.id)).toBe(false);
  });

  it('keeps its own SEO title and description, which its website page uses', async () => {
    const svc = await create({ seo_title: 'Wedding photographer in Seaview', seo_description: 'Unhurried wedding photography.' });
    expect([svc.seo_title, svc.seo_description]).toEqual(['Wedding photographer in Seaview', 'Unhurried wedding photography.']);
    const long = await send('PATCH', `${URL}${svc.id}/`, { seo_title: 'x'.repeat(71) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json() as object)).toEqual(['seo_title']);
    expect((await send('PATCH', `${URL}${svc.id}/`, { status: 'true' })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/services/${svc.id}/`, headers: { accept: 'text/html' } });
    const html = (page.statusCode === 301 ? await t.app.inject({ method: 'GET', url: page.headers.location as string }) : page).body;
    expect(html).toContain('<title>Wedding photographer in Seaview |');
    expect(html).toContain('<meta name="description" content="Unhurried wedding photography."/>');
  });

  it('answers unknown or malformed ids with 404', async () => {
    for (const id of ['999999', 'abc', '0']) {
      expect((await t.as({ method: 'GET', url: `${URL}${id}/` })).statusCode).toBe(404);
      expect((await t.as({ method: 'PATCH', url: `${URL}${id}/`, payload: { name: 'x' } })).statusCode).toBe(404);
      const del = await t.as({ method: 'DELETE', url: `${URL}${id}/` });
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ detail: COMMON_MESSAGES.notFound });
    }
  });
});
