import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  COMMON_MESSAGES,
  GALLERY_MESSAGES,
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
  insertGalleryPhotos,
  makeImage,
  multipart,
  photosDerived,
  type FormValue,
  type TestApp,
  placeholderCover,
} from '../../../test/harness';
import { clientGalleries, loveStories, services } from '../../db/schema';
import { imageKeys } from '../../media/image-pipeline';
import { pngBomb } from '../../../test/image-fixtures';
import { addSpooledPhoto, removeGallery } from './galleries.service';

const sha = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
const jpg = (seed: number, width = 640, height = 480) => makeImage({ width, height, seed });
const file = (filename: string, content: Buffer, type = 'image/jpeg'): FormValue => ({ filename, content, type });

const FAKE_COVER = placeholderCover('0');

describeEachDatabase('galleries', (kind) => {
  let t: TestApp;
  let serviceId: number;
  let otherServiceId: number;
  let storyId: number;
  let clientId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    const cover = await assetIdOf(t, FAKE_COVER);
    [{ id: serviceId }] = await db
      .insert(services)
      .values({ name: 'Weddings', description: 'd', coverAssetId: cover })
      .returning({ id: services.id });
    [{ id: otherServiceId }] = await db
      .insert(services)
      .values({ name: 'Portraits', description: 'd', coverAssetId: cover })
      .returning({ id: services.id });
    [{ id: storyId }] = await db
      .insert(loveStories)
      .values({ title: 'Anna & Ben', description: {}, coverAssetId: cover })
      .returning({ id: loveStories.id });
    [{ id: clientId }] = await db
      .insert(clientGalleries)
      .values({ title: 'Smith family', coverAssetId: cover })
      .returning({ id: clientGalleries.id });
  });
  afterAll(() => t.close());

  const upload = async (fields: Record<string, FormValue | FormValue[]>) => {
    const body = await multipart(fields);
    return t.as({ method: 'POST', url: '/adminportal/manage-gallery/', ...body });
  };
  const photosOf = async (url: string): Promise<GalleryPhoto[]> => {
    const res = await t.as({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const servicePhotos = (id = serviceId) => photosOf(`/adminportal/service-galleries/${id}/`);
  const fileExists = (key: string) => fs.existsSync(path.join(t.config.mediaDir, key));
  const rowsIn = async (type: 'service' | 'love-story' | 'client-gallery', id: number) => galleryPhotoRows(t, { type, parentId: id });

  it('answers an upload with its photos processing, then derives them in a job', async () => {
    const a = await jpg(1, 1600, 1000);
    const res = await upload({
      service: String(serviceId),
      land_scape_image: [
        file('a.jpg', a),
        file('b.jpg', await jpg(2)),
        file('c.png', await makeImage({ width: 500, height: 700, format: 'png', seed: 3 }), 'image/png'),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body: GalleryUploadResponse = res.json();
    expect(body.skipped).toEqual([]);
    expect(body.stored.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg', 'c.png']);
    // The answer comes once the originals are safe: nothing derived yet, nothing to show.
    expect(body.stored.map((p) => [p.state, p.land_scape_img])).toEqual([
      ['processing', ''],
      ['processing', ''],
      ['processing', ''],
    ]);
    expect(body.stored[0]).toMatchObject({ img_width: 1600, img_height: 1000, error: null });
    expect((await servicePhotos()).map((p) => p.state)).toEqual(['processing', 'processing', 'processing']);

    await photosDerived(t);
    const list = await servicePhotos();
    expect(list.map((p) => p.state)).toEqual(['ready', 'ready', 'ready']);
    expect(list.map((p) => [p.name, p.position])).toEqual([
      ['a.jpg', 0],
      ['b.jpg', 1],
      ['c.png', 2],
    ]);
    const first = list[0]!;
    expect(first).toMatchObject({ name: 'a.jpg', title: 'a', img_width: 1600, img_height: 1000, gal: serviceId, type: 'service' });
    expect(first.land_scape_img).toMatch(/^\/media\/d\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(first.land_scape_img_view.srcset).toMatch(/ 480w, .* 960w, .* 1600w$/);
    expect(first.land_scape_img_view.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(new Date(first.time_created).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(first.time_updated).toBeTruthy();
    expect(list[2]).toMatchObject({ img_width: 500, img_height: 700 });
    // Served files exist, typed and cached.
    const media = await t.app.inject({ method: 'GET', url: first.land_scape_img });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');

    const names = await t.as({ method: 'GET', url: `/adminportal/service-galleries-image-names/${serviceId}/` });
    expect(names.json()).toEqual(['a.jpg', 'b.jpg', 'c.png']);
  });

  it('skips files whose name or content is already in the gallery, and reports why', async () => {
    const before = (await servicePhotos()).length;
    const res = await upload({
      service: String(serviceId),
      land_scape_image: [file('a.jpg', await jpg(10)), file('renamed.jpg', await jpg(2)), file('new.jpg', await jpg(11))],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body: GalleryUploadResponse = res.json();
    expect(body.stored.map((p) => p.name)).toEqual(['new.jpg']);
    expect(body.skipped).toEqual([
      { name: 'a.jpg', reason: 'name', message: GALLERY_SKIP_MESSAGES.name },
      { name: 'renamed.jpg', reason: 'content', message: GALLERY_SKIP_MESSAGES.content },
    ]);
    const after = await servicePhotos();
    expect(after).toHaveLength(before + 1);
    expect(after[after.length - 1]!.name).toBe('new.jpg');
  });

  it('drops duplicates within one request and answers 200 when nothing was new', async () => {
    const same = await jpg(20);
    const res = await upload({
      service: String(serviceId),
      land_scape_image: [file('x1.jpg', same), file('x1.jpg', await jpg(21)), file('x2.jpg', same)],
    });
    expect(res.statusCode).toBe(201);
    const body: GalleryUploadResponse = res.json();
    expect(body.stored.map((p) => p.name)).toEqual(['x1.jpg']);
    expect(body.skipped.map((s) => [s.name, s.reason])).toEqual([
      ['x1.jpg', 'name'],
      ['x2.jpg', 'content'],
    ]);

    const again = await upload({ service: String(serviceId), land_scape_image: [file('x1.jpg', same)] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ stored: [], skipped: [{ name: 'x1.jpg', reason: 'name', message: GALLERY_SKIP_MESSAGES.name }] });
  });

  it('accepts the parent field before or after the files, in hyphen or underscore spelling', async () => {
    const late = await upload({ land_scape_image: [file('late.jpg', await jpg(30))], love_story: String(storyId) });
    expect(late.statusCode, late.body).toBe(201);
    const story = await photosOf(`/adminportal/galleries/love-stories/${storyId}/`);
    expect(story.map((p) => p.name)).toEqual(['late.jpg']);
    expect(story[0]).toMatchObject({ gal: storyId, type: 'love-story' });
    const names = await t.as({ method: 'GET', url: `/adminportal/lovestory-galleries-image-names/${storyId}/` });
    expect(names.json()).toEqual(['late.jpg']);
  });

  it('treats a client gallery orig_image sent with its land_scape_image as one photo', async () => {
    const photo = await jpg(40, 1200, 800);
    const res = await upload({
      'client-gallery': String(clientId),
      land_scape_image: [file('wed-1.jpg', photo), file('wed-2.jpg', await jpg(41))],
      orig_image: [file('wed-1.jpg', photo), file('wed-2-original.jpg', await jpg(41))],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body: GalleryUploadResponse = res.json();
    expect(body.stored.map((p) => p.name)).toEqual(['wed-1.jpg', 'wed-2.jpg']);
    expect(body.skipped).toEqual([]);
    const list = await photosOf(`/adminportal/client-photos/${clientId}/`);
    expect(list.map((p) => p.name)).toEqual(['wed-1.jpg', 'wed-2.jpg']);
    const names = await t.as({ method: 'GET', url: `/adminportal/client-galleries-image-names/${clientId}/` });
    expect(names.json()).toEqual(['wed-1.jpg', 'wed-2.jpg']);
    // An orig_image on its own is a photo too.
    const alone = await upload({ client_gallery: String(clientId), orig_image: [file('only-orig.jpg', await jpg(42))] });
    expect(alone.statusCode).toBe(201);
    expect(alone.json().stored[0].name).toBe('only-orig.jpg');
  });

  it('answers missing or unknown parents and missing files with field messages', async () => {
    const img = await jpg(50);
    const noParent = await upload({ land_scape_image: [file('p.jpg', img)] });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json()).toEqual({ gal: [GALLERY_MESSAGES.parentRequired] });
    const junk = await upload({ service: 'abc', land_scape_image: [file('p.jpg', img)] });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toEqual({ service: [GALLERY_MESSAGES.parentRequired] });
    const unknown = await upload({ service: '999999', land_scape_image: [file('p.jpg', img)] });
    expect(unknown.statusCode).toBe(404);
    const noFiles = await upload({ service: String(serviceId) });
    expect(noFiles.statusCode).toBe(400);
    expect(noFiles.json()).toEqual({ land_scape_image: [GALLERY_MESSAGES.imageRequired] });
    const json = await t.as({ method: 'POST', url: '/adminportal/manage-gallery/', payload: { service: serviceId } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ land_scape_image: [GALLERY_MESSAGES.imageRequired] });
    const emptyPart = await upload({ service: String(serviceId), land_scape_image: [file('', Buffer.alloc(0))] });
    expect(emptyPart.json()).toEqual({ land_scape_image: [GALLERY_MESSAGES.imageRequired] });
    expect(await rowsIn('service', 999999)).toHaveLength(0);
  });

  it.each([
    [
      'a wrong type (GIF named .jpg)',
      () =>
        sharp({ create: { width: 300, height: 300, channels: 3, background: '#777' } })
          .gif()
          .toBuffer(),
      COMMON_MESSAGES.imageType,
    ],
    ['a text file', async () => Buffer.from('hello, not an image'), COMMON_MESSAGES.imageType],
    ['a pixel bomb', async () => pngBomb(12_000, 12_000), COMMON_MESSAGES.imageTooLarge],
    ['a photo below the minimum size', () => jpg(61, 120, 120), COMMON_MESSAGES.dimension],
  ])('rejects a batch holding %s with 400, storing nothing', async (_label, make, message) => {
    // Earlier uploads' derived files are made first, so the count below is this upload's alone.
    await photosDerived(t);
    const rowsBefore = (await servicePhotos()).length;
    const filesBefore = await t.app.storage.usage();
    const res = await upload({
      service: String(serviceId),
      land_scape_image: [
        file(`good-${Math.random()}.jpg`, await jpg(Math.floor(Math.random() * 1e6) + 1000)),
        file('bad.jpg', await make()),
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ land_scape_image: [message] });
    expect(await servicePhotos()).toHaveLength(rowsBefore);
    expect(await t.app.storage.usage()).toEqual(filesBefore);
  });

  it('marks a photo whose pixels are corrupt failed with the bad-image message, and removes it', async () => {
    // A valid header (dimensions known) and pixels cut short: found out only by decoding.
    const broken = (await jpg(60, 1200, 900)).subarray(0, 9000);
    const res = await upload({
      service: String(otherServiceId),
      land_scape_image: [file('broken.jpg', broken), file('fine.jpg', await jpg(62))],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [bad, good] = (res.json() as GalleryUploadResponse).stored;
    expect([bad!.state, good!.state]).toEqual(['processing', 'processing']);
    await photosDerived(t);
    const list = await servicePhotos(otherServiceId);
    expect(list.find((p) => p.id === bad!.id)).toMatchObject({ state: 'failed', error: COMMON_MESSAGES.imageCorrupt, land_scape_img: '' });
    expect(list.find((p) => p.id === good!.id)).toMatchObject({ state: 'ready', error: null });
    const [row] = await galleryPhotoRows(t, { id: bad!.id });
    const original = row!.image.original;
    expect(fileExists(original)).toBe(true);

    const removed = await t.as({ method: 'DELETE', url: `/adminportal/manage-gallery/${bad!.id}/` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await servicePhotos(otherServiceId)).map((p) => p.id)).toEqual([good!.id]);
    expect(fileExists(original)).toBe(false);
  });

  it('adds a photo spooled by another route the same way (addSpooledPhoto)', async () => {
    const content = await jpg(63, 900, 600);
    const spooled = path.join(t.config.dataDir, 'spooled-63.jpg');
    fs.writeFileSync(spooled, content);
    const file = { path: spooled, bytes: content.length, sha256: sha(content), crc32: zlib.crc32(content), truncated: false };
    const discarded: string[] = [];
    const discard = async (f: string) => void discarded.push(f);
    const photo = { field: 'land_scape_image', filename: 'resumed.jpg', file };
    const first = await addSpooledPhoto(t.ctx, { type: 'love-story', id: storyId }, photo, discard);
    expect(first.status).toBe(201);
    expect(first.body.stored.map((p) => [p.name, p.state])).toEqual([['resumed.jpg', 'processing']]);
    expect(discarded).toEqual([spooled]);
    // The same file again is a duplicate, as in a multipart upload.
    const again = await addSpooledPhoto(t.ctx, { type: 'love-story', id: storyId }, photo, discard);
    expect(again).toMatchObject({ status: 200, body: { stored: [], skipped: [{ name: 'resumed.jpg', reason: 'name' }] } });
    await photosDerived(t);
    const listed = await photosOf(`/adminportal/galleries/love-stories/${storyId}/`);
    expect(listed.find((p) => p.name === 'resumed.jpg')).toMatchObject({ state: 'ready' });
  });

  it('rejects a file past the size limit', async () => {
    const big = Buffer.concat([await jpg(70), randomBytes(MAX_IMAGE_BYTES + 1024)]);
    const res = await upload({ service: String(serviceId), land_scape_image: [file('huge.jpg', big)] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ land_scape_image: [COMMON_MESSAGES.imageTooLarge] });
  });

  it('streams a 30 MB photo to disk and keeps the original byte for byte', async () => {
    // Incompressible pixels in an uncompressed PNG: ~30 MB on the wire.
    const width = 3300;
    const height = 3100;
    const big = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(30_000_000);
    const body = await multipart({ service: String(otherServiceId), land_scape_image: [file('big.png', big, 'image/png')] });
    // Sent as a stream in 64 KiB chunks, as a browser does.
    const chunks = Array.from({ length: Math.ceil(body.payload.length / 65536) }, (_, i) =>
      body.payload.subarray(i * 65536, (i + 1) * 65536),
    );
    const res = await t.as({ method: 'POST', url: '/adminportal/manage-gallery/', headers: body.headers, payload: Readable.from(chunks) });
    expect(res.statusCode, res.body).toBe(201);
    const [photo] = (await rowsIn('service', otherServiceId)).filter((r) => r.name === 'big.png');
    expect(photo!.image).toMatchObject({ width, height, sha256: sha(big), bytes: big.length });
    expect(fs.readFileSync(path.join(t.config.mediaDir, photo!.image.original)).equals(big)).toBe(true);
  });

  it('stores the same file once when two uploads race', async () => {
    const img = await jpg(80);
    const [a, b] = await Promise.all([
      upload({ service: String(otherServiceId), land_scape_image: [file('race.jpg', img)] }),
      upload({ service: String(otherServiceId), land_scape_image: [file('race.jpg', img)] }),
    ]);
    const bodies = [a.json(), b.json()] as GalleryUploadResponse[];
    expect(bodies.flatMap((x) => x.stored).map((p) => p.name)).toEqual(['race.jpg']);
    expect(bodies.flatMap((x) => x.skipped).map((s) => s.name)).toEqual(['race.jpg']);
    expect((await servicePhotos(otherServiceId)).filter((p) => p.name === 'race.jpg')).toHaveLength(1);
  });

  it('tells the browser which hashes a gallery holds already', async () => {
    const known = sha(await jpg(1, 1600, 1000));
    const unknown = 'f'.repeat(64);
    const res = await t.as({
      method: 'POST',
      url: '/adminportal/manage-gallery/check/',
      payload: { type: 'service', id: serviceId, hashes: [known, unknown, known] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ existing: [known] });
    const elsewhere = await t.as({
      method: 'POST',
      url: '/adminportal/manage-gallery/check/',
      payload: { type: 'love-story', id: storyId, hashes: [known] },
    });
    expect(elsewhere.json()).toEqual({ existing: [] });
    const bad = await t.as({
      method: 'POST',
      url: '/adminportal/manage-gallery/check/',
      payload: { type: 'service', id: serviceId, hashes: ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().hashes).toEqual([GALLERY_MESSAGES.hashesInvalid]);
    const badType = await t.as({
      method: 'POST',
      url: '/adminportal/manage-gallery/check/',
      payload: { type: 'album', id: 1, hashes: [] },
    });
    expect(badType.json()).toEqual({ type: [GALLERY_MESSAGES.typeRequired] });
    const gone = await t.as({
      method: 'POST',
      url: '/adminportal/manage-gallery/check/',
      payload: { type: 'service', id: 999999, hashes: [] },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('saves a new order that persists, and refuses mixed or unknown photos', async () => {
    const list = await servicePhotos();
    const reversed = list.map((p) => p.id).reverse();
    const res = await t.as({ method: 'PATCH', url: '/adminportal/manage-gallery/order/', payload: { ids: reversed } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await servicePhotos();
    expect(after.map((p) => p.id)).toEqual(reversed);
    expect(after.map((p) => p.position)).toEqual(after.map((_, i) => i));

    // A partial order moves the listed photos first; the rest keep their order after them.
    const [x, y] = [after[3]!.id, after[1]!.id];
    await t.as({ method: 'PATCH', url: '/adminportal/manage-gallery/order/', payload: { ids: [String(x), String(y)] } });
    const partial = (await servicePhotos()).map((p) => p.id);
    expect(partial).toEqual([x, y, ...reversed.filter((id) => id !== x && id !== y)]);

    const storyPhoto = (await photosOf(`/adminportal/galleries/love-stories/${storyId}/`))[0]!;
    const mixed = await t.as({ method: 'PATCH', url: '/adminportal/manage-gallery/order/', payload: { ids: [x, storyPhoto.id] } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ ids: [GALLERY_MESSAGES.orderMixed] });
    const unknown = await t.as({ method: 'PATCH', url: '/adminportal/manage-gallery/order/', payload: { ids: [x, 999999] } });
    expect(unknown.statusCode).toBe(404);
    const empty = await t.as({ method: 'PATCH', url: '/adminportal/manage-gallery/order/', payload: { ids: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ ids: [GALLERY_MESSAGES.idsRequired] });
    expect((await servicePhotos()).map((p) => p.id)).toEqual(partial);
  });

  it('deletes photos by ids and removes their files, keeping files another gallery still uses', async () => {
    const shared = await jpg(90);
    await upload({ service: String(serviceId), land_scape_image: [file('shared.jpg', shared), file('solo.jpg', await jpg(91))] });
    await upload({ service: String(otherServiceId), land_scape_image: [file('shared-too.jpg', shared)] });
    const list = await servicePhotos();
    const sharedRow = list.find((p) => p.name === 'shared.jpg')!;
    const soloRow = list.find((p) => p.name === 'solo.jpg')!;
    const [sharedDb] = await galleryPhotoRows(t, { id: sharedRow.id });
    const [soloDb] = await galleryPhotoRows(t, { id: soloRow.id });
    expect(imageKeys(soloDb!.image).every(fileExists)).toBe(true);

    const res = await t.as({ method: 'DELETE', url: `/adminportal/manage-gallery/${sharedRow.id},${soloRow.id}/` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    const after = await servicePhotos();
    expect(after.map((p) => p.id)).not.toContain(sharedRow.id);
    expect(after.map((p) => p.id)).not.toContain(soloRow.id);
    expect(imageKeys(soloDb!.image).some(fileExists)).toBe(false);
    expect(imageKeys(sharedDb!.image).every(fileExists)).toBe(true);

    expect((await t.as({ method: 'DELETE', url: `/adminportal/manage-gallery/${soloRow.id}/` })).statusCode).toBe(404);
    expect((await t.as({ method: 'DELETE', url: '/adminportal/manage-gallery/1,abc/' })).statusCode).toBe(404);
    expect((await t.as({ method: 'DELETE', url: '/adminportal/manage-gallery/' })).statusCode).toBe(404);
  });

  it('deletes large selections in one call (past the 100-character parameter cap)', async () => {
    await upload({
      service: String(otherServiceId),
      land_scape_image: [file('bulk-1.jpg', await jpg(95)), file('bulk-2.jpg', await jpg(96))],
    });
    const ids = (await servicePhotos(otherServiceId)).filter((p) => p.name.startsWith('bulk-')).map((p) => p.id);
    const padding = Array.from({ length: 60 }, (_, i) => 900_000 + i);
    const res = await t.as({ method: 'DELETE', url: `/adminportal/manage-gallery/${[...ids, ...padding].join(',')}/` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
  });

  it('deletes a whole gallery with its files', async () => {
    const rows = await rowsIn('love-story', storyId);
    expect(rows.length).toBeGreaterThan(0);
    const keys = rows.flatMap((r) => imageKeys(r.image));
    const res = await t.as({ method: 'DELETE', url: `/adminportal/galleries/delete/${storyId}/?type=love-story` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: rows.length });
    expect(await photosOf(`/adminportal/galleries/love-stories/${storyId}/`)).toEqual([]);
    expect(keys.some(fileExists)).toBe(false);
    expect((await t.as({ method: 'DELETE', url: '/adminportal/galleries/delete/999999/' })).statusCode).toBe(404);
    expect((await t.as({ method: 'DELETE', url: `/adminportal/galleries/delete/${storyId}/?type=album` })).statusCode).toBe(400);
  });

  it('removeGallery (used when a parent is deleted) removes photos and files', async () => {
    const rows = await rowsIn('service', otherServiceId);
    expect(rows.length).toBeGreaterThan(0);
    // Warm the cache, so the test also proves the list is invalidated.
    await servicePhotos(otherServiceId);
    expect(await removeGallery(t.ctx, 'service', otherServiceId)).toBe(rows.length);
    expect(await servicePhotos(otherServiceId)).toEqual([]);
    const stillShared = (await servicePhotos()).length;
    expect(stillShared).toBeGreaterThan(0);
    expect(await removeGallery(t.ctx, 'service', otherServiceId)).toBe(0);
  });

  it('sends large lists compressed when the client accepts it', async () => {
    const [svc] = await t.database.db
      .insert(services)
      .values({ name: 'Big day', description: 'd', coverAssetId: await assetIdOf(t, FAKE_COVER) })
      .returning({ id: services.id });
    const [sample] = await galleryPhotoRows(t);
    await insertGalleryPhotos(
      t,
      Array.from({ length: 80 }, (_, i) => ({
        parentType: 'service' as const,
        parentId: svc!.id,
        name: `IMG_${i}.jpg`,
        image: { ...sample!.image, sha256: i.toString(16).padStart(64, '0') },
      })),
    );
    const url = `/adminportal/service-galleries/${svc!.id}/`;
    const plain = await t.as({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(80);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.as({ method: 'GET', url, headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
    // An encoding refused with q=0 is not sent.
    const refused = await t.as({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('looks a gallery up by its name or title for /view-gallery', async () => {
    const svc = await t.as({ method: 'GET', url: '/adminportal/galleries/lookup/?type=service&name=Weddings' });
    expect(svc.json()).toEqual({ id: serviceId, title: 'Weddings', type: 'service' });
    const story = await t.as({
      method: 'GET',
      url: `/adminportal/galleries/lookup/?type=love-story&name=${encodeURIComponent('Anna & Ben')}`,
    });
    expect(story.json()).toEqual({ id: storyId, title: 'Anna & Ben', type: 'love-story' });
    const client = await t.as({ method: 'GET', url: '/adminportal/galleries/lookup/?type=client-gallery&name=Smith%20family' });
    expect(client.json()).toEqual({ id: clientId, title: 'Smith family', type: 'client-gallery' });
    const missing = await t.as({ method: 'GET', url: '/adminportal/galleries/lookup/?type=service&name=Nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: GALLERY_MESSAGES.noGalleryFor('Nope') });
    const badType = await t.as({ method: 'GET', url: '/adminportal/galleries/lookup/?type=album&name=x' });
    expect(badType.statusCode).toBe(400);
  });

  it('answers 404 for unknown or junk gallery ids, and 401 without a token', async () => {
    for (const url of [
      '/adminportal/service-galleries/999999/',
      '/adminportal/galleries/love-stories/abc/',
      '/adminportal/client-photos/0/',
      '/adminportal/service-galleries-image-names/999999/',
    ]) {
      expect((await t.as({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const anon = await t.app.inject({ method: 'GET', url: `/adminportal/service-galleries/${serviceId}/` });
    expect(anon.statusCode).toBe(401);
    const anonUpload = await t.app.inject({
      method: 'POST',
      url: '/adminportal/manage-gallery/',
      ...(await multipart({ service: String(serviceId) })),
    });
    expect(anonUpload.statusCode).toBe(401);
  });
});
