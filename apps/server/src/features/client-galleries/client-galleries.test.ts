import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLIENT_GALLERY_MESSAGES, COMMON_MESSAGES, type ClientGallery } from '@darkroom/contracts';
import {
  createTestApp,
  describeEachDatabase,
  makeImage,
  mediaKeyOf,
  multipart,
  type FormValue,
  type TestApp,
  fileStored,
  insertGalleryPhotos,
  galleryPhotoRows,
  userTextAroundRename,
} from '../../../test/harness';
import { accounts } from '../../db/schema';
import { createAccount } from '../../auth/accounts.repository';
import { imageKeys, processImage } from '../../media/image-pipeline';

const URL_BASE = '/adminportal/manage-client-galleries/';

describeEachDatabase('client galleries', (kind) => {
  let t: TestApp;
  let ada: number;
  let ben: number;
  let staff: number;
  let seed = 300;
  const image = (opts: { width?: number; height?: number; format?: 'jpeg' | 'png' } = {}) =>
    makeImage({ width: 1200, height: 800, ...opts, seed: seed++ });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    ada = (await createAccount(db, { username: 'ada', passwordHash: 'x', firstName: 'Ada', lastName: 'Lovelace' })).id;
    ben = (await createAccount(db, { username: 'ben', passwordHash: 'x', firstName: 'Ben', lastName: 'Kite' })).id;
    staff = (await createAccount(db, { username: 'staffer', passwordHash: 'x', isStaff: true })).id;
  });
  afterAll(() => t.close());

  const send = async (method: 'POST' | 'PATCH', url: string, fields: Record<string, FormValue>) => {
    const body = await multipart(fields);
    return t.as({ method, url, payload: body.payload, headers: body.headers });
  };
  const createOk = async (title: string, extra: Record<string, FormValue> = {}): Promise<ClientGallery> => {
    const res = await send('POST', URL_BASE, {
      title,
      user: ada,
      gallery_link: 'https://photos.example.com/ada',
      cover_image: { filename: 'cover.jpg', content: await image(), type: 'image/jpeg' },
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  // The portal's cover URL is a signed link to the stored file (client galleries are private).
  const coverExists = (g: ClientGallery) => fileStored(t.app.storage, mediaKeyOf(g.cover_image.split('?')[0]!));

  it('needs an admin token', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL_BASE })).statusCode).toBe(401);
  });

  it('starts with an empty list', async () => {
    expect((await t.as({ method: 'GET', url: URL_BASE })).json()).toEqual([]);
  });

  it('creates a client gallery with cover, link and customer', async () => {
    const res = await send('POST', URL_BASE, {
      title: 'Smith wedding',
      user: String(ada),
      gallery_link: 'https://photos.example.com/smith',
      cover_image: { filename: 'cover.png', content: await image({ format: 'png' }), type: 'image/png' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const g: ClientGallery = res.json();
    expect(g).toMatchObject({
      title: 'Smith wedding',
      gallery_link: 'https://photos.example.com/smith',
      user: ada,
      user_text: 'Ada Lovelace',
      status: false,
    });
    expect(g.cover_image).toMatch(/^\/media\/.+\.webp\?exp=\d+&sig=[\w-]+$/);
    expect(g.cover_image_view.url).toBe(g.cover_image);
    expect(await coverExists(g)).toBe(true);
  });

  it('allows an empty gallery link', async () => {
    const g = await createOk('No link yet', { gallery_link: '' });
    expect(g.gallery_link).toBe('');
  });

  it('answers an empty create with the spec messages', async () => {
    const res = await send('POST', URL_BASE, { title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      title: [CLIENT_GALLERY_MESSAGES.titleRequired],
      user: [CLIENT_GALLERY_MESSAGES.userRequired],
      cover_image: [CLIENT_GALLERY_MESSAGES.coverRequired],
    });
  });

  it('refuses an admin or unknown account as the user, and a link that is not a web address', async () => {
    for (const user of [staff, 424242]) {
      const res = await send('POST', URL_BASE, { title: 'x', user, cover_image: { filename: 'c.jpg', content: await image() } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ user: [CLIENT_GALLERY_MESSAGES.userRequired] });
    }
    const bad = await send('POST', URL_BASE, {
      title: 'x',
      user: ada,
      gallery_link: 'javascript:alert(1)',
      cover_image: { filename: 'c.jpg', content: await image() },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ gallery_link: [CLIENT_GALLERY_MESSAGES.linkInvalid] });
  });

  it('refuses non-images and small images', async () => {
    const base = { title: 'x', user: ada };
    const gif = await send('POST', URL_BASE, {
      ...base,
      cover_image: { filename: 'a.gif', content: Buffer.from('GIF89a....'), type: 'image/gif' },
    });
    expect(gif.json()).toEqual({ cover_image: [COMMON_MESSAGES.imageType] });
    const small = await send('POST', URL_BASE, {
      ...base,
      cover_image: { filename: 's.jpg', content: await image({ width: 500, height: 300 }) },
    });
    expect(small.json()).toEqual({ cover_image: [COMMON_MESSAGES.dimension] });
  });

  it('lists newest first and reads one by id; unknown ids are 404', async () => {
    const a = await createOk('First');
    const b = await createOk('Second');
    const list: ClientGallery[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(list.findIndex((g) => g.id === b.id)).toBeLessThan(list.findIndex((g) => g.id === a.id));
    expect((await t.as({ method: 'GET', url: `${URL_BASE}${a.id}/` })).json()).toEqual(a);
    for (const m of ['GET', 'PATCH', 'DELETE'] as const) {
      expect((await t.as({ method: m, url: `${URL_BASE}987654/`, payload: m === 'PATCH' ? { title: 'x' } : undefined })).statusCode).toBe(
        404,
      );
      expect((await t.as({ method: m, url: `${URL_BASE}x1/` })).statusCode).toBe(404);
    }
  });

  it('publishes and unpublishes through PATCH status', async () => {
    const g = await createOk('Toggle');
    const on = await t.as({
      method: 'PATCH',
      url: `${URL_BASE}${g.id}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=true',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ ...g, status: true });
    expect((await send('PATCH', `${URL_BASE}${g.id}/`, { status: 'false' })).json().status).toBe(false);
  });

  it('updates fields, keeps the cover when none is sent, and validates what is sent', async () => {
    const g = await createOk('Edit');
    const res = await send('PATCH', `${URL_BASE}${g.id}/`, {
      title: 'Edited',
      user: ben,
      gallery_link: 'http://photos.example.com/edited',
      cover_image: { filename: '', content: Buffer.alloc(0) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Edited',
      user: ben,
      user_text: 'Ben Kite',
      gallery_link: 'http://photos.example.com/edited',
      cover_image: g.cover_image,
    });
    const bad = await t.as({ method: 'PATCH', url: `${URL_BASE}${g.id}/`, payload: { title: ' ', user: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ title: [CLIENT_GALLERY_MESSAGES.titleRequired], user: [CLIENT_GALLERY_MESSAGES.userRequired] });
    expect((await t.as({ method: 'GET', url: `${URL_BASE}${g.id}/` })).json().title).toBe('Edited');
  });

  it('replaces the cover and removes the old files', async () => {
    const g = await createOk('Recover');
    const res = await send('PATCH', `${URL_BASE}${g.id}/`, { cover_image: { filename: 'n.jpg', content: await image() } });
    expect(res.statusCode, res.body).toBe(200);
    const updated: ClientGallery = res.json();
    expect(updated.cover_image).not.toBe(g.cover_image);
    expect(await coverExists(updated)).toBe(true);
    expect(await coverExists(g)).toBe(false);
  });

  it('deletes a client gallery with its photos, originals included', async () => {
    const g = await createOk('Remove');
    const tmp = path.join(os.tmpdir(), `cg-photo-${Date.now()}.jpg`);
    fs.writeFileSync(tmp, await image());
    const photo = await processImage(
      t.app.storage,
      { field: 'land_scape_image', filename: 'p.jpg', mimetype: 'image/jpeg', path: tmp, bytes: fs.statSync(tmp).size },
      { field: 'land_scape_image', use: 'galleryPhoto' },
    );
    fs.rmSync(tmp);
    await insertGalleryPhotos(t, [{ parentType: 'client-gallery', parentId: g.id, name: 'p.jpg', image: photo }]);
    expect(await fileStored(t.app.storage, photo.original)).toBe(true);

    expect((await t.as({ method: 'DELETE', url: `${URL_BASE}${g.id}/` })).statusCode).toBe(204);
    expect((await t.as({ method: 'GET', url: `${URL_BASE}${g.id}/` })).statusCode).toBe(404);
    expect(await coverExists(g)).toBe(false);
    const rows = await galleryPhotoRows(t, { type: 'client-gallery', parentId: g.id });
    expect(rows).toEqual([]);
    for (const key of imageKeys(photo)) expect(await fileStored(t.app.storage, key)).toBe(false);
  });

  it("the list, served from the response cache, shows the customer's new name at once", async () => {
    const cleo = (await createAccount(t.database.db, { username: 'cleo', passwordHash: 'x', firstName: 'Cleo', lastName: 'Hart' })).id;
    const g = await createOk('Cleo & Dan', { user: cleo });
    expect(await userTextAroundRename(t, URL_BASE, g.id, cleo, { first_name: 'Cleo', last_name: 'Stone' })).toEqual([
      'Cleo Hart',
      'Cleo Stone',
    ]);
  });

  it('keeps the gallery when its customer account is deleted', async () => {
    const gone = await createAccount(t.database.db, { username: 'gone', passwordHash: 'x' });
    const g = await createOk('Orphan', { user: gone.id });
    await t.database.db.delete(accounts).where(eq(accounts.id, gone.id));
    expect((await t.as({ method: 'GET', url: `${URL_BASE}${g.id}/` })).json()).toMatchObject({ user: null, user_text: '' });
  });
});
