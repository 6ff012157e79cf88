import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import {
  DELIVERY_MESSAGES,
  WATERMARK_MESSAGES,
  type ClientGallery,
  type DeliveryGallery,
  type GalleryPhoto,
  type Watermark,
} from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, fileStored, makeImage, multipart, photosDerived, type TestApp } from '../../../test/harness';
import { CLIENT_GALLERIES, createClientGallery, deliveryToken, uploadClientPhotos } from '../../../test/client-gallery-fixtures';
import { createAccount } from '../../auth/accounts.repository';
import { describeEachStorage } from '../../../test/s3';
import { clientGalleries, services } from '../../db/schema';
import { imageKeys } from '../../media/image-pipeline';
import { watermarksSettled } from '../watermark/watermark.service';

const WATERMARK = '/adminportal/site-settings/watermark/';

/** Every URL of a srcset, and the display URL. */
const urlsOf = (p: { url: string; srcset: string }) => [p.url, ...p.srcset.split(', ').map((s) => s.split(' ')[0]!)];

describeEachDatabase('client delivery: private previews and the watermark', (kind) => {
  let t: TestApp;
  let gallery: ClientGallery;
  let token: string;
  let photoIds: number[];
  const originals: Buffer[] = [];

  const patch = (payload: Record<string, unknown>) => t.as({ method: 'PATCH', url: `${CLIENT_GALLERIES}${gallery.id}/`, payload });
  const site = (rest = '') => `/site/galleries/${token}/${rest}`;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const json = async (): Promise<DeliveryGallery> => {
    const res = await get(site());
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const saveWatermark = async (fields: Record<string, string | { filename: string; content: Buffer; type: string }>) => {
    const body = await multipart(fields);
    return t.as({ method: 'PUT', url: WATERMARK, payload: body.payload, headers: body.headers });
  };
  /** The assets of the gallery's photos and cover, as stored. */
  const galleryImages = async () => {
    const rows = (await t.database.db.execute(sql`
      select p.asset_id as id from gallery_photos p join galleries g on g.id = p.gallery_id where g.client_gallery_id = ${gallery.id}
      union select cover_asset_id from client_galleries where id = ${gallery.id}`)) as unknown as
      { rows?: { id: number }[] } | { id: number }[];
    const ids = (Array.isArray(rows) ? rows : rows.rows!).map((r) => Number(r.id));
    return [...(await t.app.runtime.assets.images(ids)).values()];
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ada = await createAccount(t.database.db, {
      username: 'ada',
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'L',
      email: 'ada@example.test',
    });
    ({ gallery, token } = await createClientGallery(t, { title: 'Private', customerId: ada.id, coverSeed: 5001 }));
    await patch({ status: true, download_size: 'both' });
    for (const seed of [5101, 5102]) originals.push(await makeImage({ width: 1800, height: 1200, seed }));
    photoIds = await uploadClientPhotos(
      t,
      gallery.id,
      originals.map((content, i) => ({ filename: `p${i}.jpg`, content })),
    );
    await photosDerived(t);
  });
  afterAll(() => t?.close());

  it('serves every preview through the token only: private, revalidated, and /media/ refuses its files', async () => {
    const seen = await json();
    expect(seen.photos.map((p) => p.id)).toEqual(photoIds);
    const urls = [...seen.photos.flatMap(urlsOf), ...urlsOf(seen.cover!)];
    for (const url of urls) {
      expect(url.startsWith(site())).toBe(true);
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['cache-control']).not.toContain('public');
      // Revalidation is cheap: the same file answers 304 to its ETag.
      const again = await get(url, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    // Another gallery's photo id is not found through this token.
    expect((await get(site(`photos/${photoIds[0]! + 1000}/preview/480/`))).statusCode).toBe(404);

    // No derived file of the gallery (photos and cover, every width and crop) answers from /media/.
    const images = await galleryImages();
    expect(images).toHaveLength(3);
    for (const img of images) {
      for (const key of imageKeys(img).filter((k) => k.startsWith('d/'))) {
        const res = await get(`/media/${key}`);
        expect(res.statusCode, key).toBe(404);
      }
      if (img.wide) expect((await get(`/media/og/${img.wide.replace(/\.webp$/, '.jpg')}`)).statusCode).toBe(404);
    }
  });

  it('shows the portal its client gallery photos through signed links, and nobody else', async () => {
    const photos = (await t.as({ method: 'GET', url: `/adminportal/client-photos/${gallery.id}/` })).json() as GalleryPhoto[];
    const url = photos[0]!.land_scape_img;
    expect(url).toMatch(/^\/media\/d\/.+\.webp\?exp=\d+&sig=[\w-]+$/);
    const ok = await get(url);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, max-age=3600');
    const [path, query] = url.split('?');
    const exp = /exp=(\d+)/.exec(query!)![1]!;
    const sig = /sig=([\w-]+)/.exec(query!)![1]!;
    expect((await get(path!)).statusCode).toBe(404);
    expect((await get(`${path}?exp=${exp}&sig=${sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`)).statusCode).toBe(404);
    expect((await get(`${path}?exp=${Number(exp) + 3600}&sig=${sig}`)).statusCode).toBe(404);
    // A link past its time no longer works, even with the right signature.
    expect(await t.app.runtime.assets.verifySigned(path!.slice('/media/'.length), exp, sig, Number(exp) * 1000 + 1)).toBe(false);
    const list = (await t.as({ method: 'GET', url: CLIENT_GALLERIES })).json() as ClientGallery[];
    expect(list.find((g) => g.id === gallery.id)!.cover_image).toMatch(/\?exp=\d+&sig=/);
  });

  it("keeps the website's images public and immutable", async () => {
    const cover = await makeImage({ seed: 5201 });
    const body = await multipart({
      name: 'Weddings',
      description: 'd',
      cover_image: { filename: 'c.jpg', content: cover, type: 'image/jpeg' },
    });
    const created = await t.as({ method: 'POST', url: '/adminportal/manage-services/', payload: body.payload, headers: body.headers });
    expect(created.statusCode, created.body).toBe(201);
    const up = await multipart({
      service: created.json().id,
      land_scape_image: [{ filename: 's.jpg', content: await makeImage({ seed: 5202 }), type: 'image/jpeg' }],
    });
    expect((await t.as({ method: 'POST', url: '/adminportal/manage-gallery/', payload: up.payload, headers: up.headers })).statusCode).toBe(
      201,
    );
    await photosDerived(t);
    const photos = (await t.as({ method: 'GET', url: `/adminportal/service-galleries/${created.json().id}/` })).json() as GalleryPhoto[];
    for (const url of [created.json().cover_image as string, photos[0]!.land_scape_img]) {
      expect(url).toMatch(/^\/media\/d\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    await t.database.db.delete(services).where(eq(services.id, created.json().id));
  });

  it('stops previews at once on revocation, unpublishing, expiry and a new password', async () => {
    const url = (await json()).photos[0]!.url;
    expect((await get(url)).statusCode).toBe(200);

    await patch({ status: false });
    expect((await get(url)).statusCode).toBe(404);
    await patch({ status: true });
    expect((await get(url)).statusCode).toBe(200);

    // Past its last day (set in the database: the API refuses past dates): 410 at once.
    await t.database.db.update(clientGalleries).set({ deliveryExpiresAt: '2001-01-01' }).where(eq(clientGalleries.id, gallery.id));
    const expired = await get(url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ detail: DELIVERY_MESSAGES.expired });
    await t.database.db.update(clientGalleries).set({ deliveryExpiresAt: null }).where(eq(clientGalleries.id, gallery.id));

    await patch({ delivery_password: 'open sesame' });
    expect((await get(url)).statusCode).toBe(401);
    await patch({ delivery_password: '' });
    expect((await get(url)).statusCode).toBe(200);

    const renewed = await t.as({ method: 'POST', url: `${CLIENT_GALLERIES}${gallery.id}/delivery/regenerate/` });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    token = deliveryToken(renewed.json() as ClientGallery);
    const fresh = await json();
    expect(fresh.photos[0]!.url.startsWith(site())).toBe(true);
    expect((await get(fresh.photos[0]!.url)).statusCode).toBe(200);
  });

  it('puts the studio watermark on every preview and web size once its copy exists; originals stay as uploaded', async () => {
    // Nothing to put on yet: turning it on is refused, naming the field.
    const early = await patch({ watermark: true });
    expect(early.statusCode).toBe(400);
    expect(Object.keys(early.json())).toEqual(['watermark']);
    const bad = await saveWatermark({ text: '', position: 'middle', size: '300', opacity: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      position: [WATERMARK_MESSAGES.positionInvalid],
      size: [WATERMARK_MESSAGES.sizeInvalid],
      opacity: [WATERMARK_MESSAGES.opacityInvalid],
    });
    const notPng = await saveWatermark({
      position: 'center',
      size: '30',
      opacity: '60',
      logo: { filename: 'l.png', content: originals[0]!, type: 'image/png' },
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json()).toEqual({ logo: [WATERMARK_MESSAGES.logoType] });

    const plainFirst = (await json()).photos[0]!;
    const plainPreview = (await get(plainFirst.url)).rawPayload;
    const plainCover = (await get((await json()).cover!.url)).rawPayload;
    const plainWeb = (await get(site(`photos/${photoIds[0]}/download/?size=web`))).rawPayload;

    const saved = await saveWatermark({ text: 'PROOF', position: 'center', size: '60', opacity: '80' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      text: 'PROOF',
      logo: null,
      position: 'center',
      size: 60,
      opacity: 80,
    } satisfies Partial<Watermark>);
    const on = await patch({ watermark: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((on.json() as ClientGallery).watermark).toBe(true);

    // Whatever the jobs have done so far, every photo shown (and the cover, if shown) is watermarked.
    const during = await json();
    for (const p of during.photos) expect((await get(p.url)).rawPayload.equals(plainPreview)).toBe(false);
    if (during.cover) expect((await get(during.cover.url)).rawPayload.equals(plainCover)).toBe(false);
    await watermarksSettled(t.ctx);
    const marked = await json();
    expect(marked.photos.map((p) => p.id)).toEqual(photoIds);
    const first = marked.photos[0]!;
    const markedPreview = await get(first.url);
    expect(markedPreview.statusCode).toBe(200);
    expect(markedPreview.headers['cache-control']).toBe('private, no-cache');
    expect(markedPreview.rawPayload.equals(plainPreview)).toBe(false);
    const [a, b] = await Promise.all([sharp(plainPreview).metadata(), sharp(markedPreview.rawPayload).metadata()]);
    expect([b.width, b.height]).toEqual([a.width, a.height]);

    // The cover too, at every width of its srcset: the watermarked copy's bytes, never the plain ones.
    const [{ coverAssetId }] = await t.database.db
      .select({ coverAssetId: clientGalleries.coverAssetId })
      .from(clientGalleries)
      .where(eq(clientGalleries.id, gallery.id));
    const coverImg = (await t.app.runtime.assets.image(coverAssetId!))!;
    expect(coverImg.watermarked?.widths.length).toBeGreaterThan(0);
    for (const url of urlsOf(marked.cover!)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const width = Number(/\/cover\/(\d+)\/$/.exec(url)![1]);
      const key = t.app.runtime.assets.previewKey(coverImg, width, true)!;
      expect(key.startsWith('w/')).toBe(true);
      const stored = await t.app.runtime.storage.read(key);
      expect(res.rawPayload.equals(Buffer.concat(await stored!.toArray()))).toBe(true);
      expect(res.rawPayload.equals(plainCover)).toBe(false);
    }
    // The page's hero is drawn from those addresses.
    const page = await get(`/g/${token}/`);
    expect(page.body).toContain(marked.cover!.url.replaceAll('&', '&amp;'));

    // A web size carries it too; the original is the uploaded file, byte for byte.
    const web = await get(site(`photos/${photoIds[0]}/download/?size=web`));
    expect(web.statusCode).toBe(200);
    expect(web.headers['content-type']).toBe('image/jpeg');
    expect(web.rawPayload.equals(plainWeb)).toBe(false);
    expect((await sharp(web.rawPayload).metadata()).width).toBe(1800);
    const original = await get(site(`photos/${photoIds[0]}/download/?size=original`));
    expect(original.rawPayload.equals(originals[0]!)).toBe(true);

    // The watermarked files are never public either.
    const images = await galleryImages();
    const wKeys = images.flatMap((i) => (i.watermarked?.widths ?? []).map((w) => w.key));
    expect(wKeys.length).toBeGreaterThan(0);
    for (const key of wKeys) expect((await get(`/media/${key}`)).statusCode).toBe(404);

    // A photo without its watermarked copy is not shown, nor its preview or download.
    const target = images.find((i) => i.watermarked && i.variants.length && i.id !== coverAssetId)!;
    const saveVariants = target.watermarked!;
    await t.database.db.execute(sql`update media_assets set variants = variants - 'watermarked' where id = ${target.id}`);
    await t.ctx.cache.invalidate('delivery');
    const hidden = await json();
    expect(hidden.photos.length).toBe(1);
    const hiddenId = photoIds.find((id) => !hidden.photos.some((p) => p.id === id))!;
    expect((await get(site(`photos/${hiddenId}/preview/480/`))).statusCode).toBe(404);
    expect((await get(site(`photos/${hiddenId}/download/?size=web`))).statusCode).toBe(404);
    await t.database.db.execute(
      sql`update media_assets set variants = variants || jsonb_build_object('watermarked', ${JSON.stringify(saveVariants)}::jsonb) where id = ${target.id}`,
    );
    await t.ctx.cache.invalidate('delivery');

    // A cover without its watermarked copy is not shown at all (never the plain one).
    const coverMarks = coverImg.watermarked!;
    await t.database.db.execute(sql`update media_assets set variants = variants - 'watermarked' where id = ${coverAssetId!}`);
    await t.ctx.cache.invalidate('delivery');
    expect((await json()).cover).toBeNull();
    expect((await get(site('cover/960/'))).statusCode).toBe(404);
    const bare = await get(`/g/${token}/`);
    expect(bare.statusCode).toBe(200);
    expect(bare.body).not.toContain(site('cover/'));
    await t.database.db.execute(
      sql`update media_assets set variants = variants || jsonb_build_object('watermarked', ${JSON.stringify(coverMarks)}::jsonb) where id = ${coverAssetId!}`,
    );
    await t.ctx.cache.invalidate('delivery');

    // A changed watermark is drawn again in the background; the old copies are removed.
    const logo = await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 0.8 } } })
      .png()
      .toBuffer();
    const changed = await saveWatermark({
      text: '',
      position: 'bottom-right',
      size: '30',
      opacity: '70',
      logo: { filename: 'logo.png', content: logo, type: 'image/png' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as Watermark).logo).toMatch(/^\/adminportal\/media\/originals\/[0-9a-f]{64}\/$/);
    await watermarksSettled(t.ctx);
    const relabelled = await get((await json()).photos[0]!.url);
    expect(relabelled.rawPayload.equals(markedPreview.rawPayload)).toBe(false);
    expect(relabelled.rawPayload.equals(plainPreview)).toBe(false);
    for (const key of wKeys) expect(await fileStored(t.app.runtime.storage, key)).toBe(false);
    expect(((await t.as({ method: 'GET', url: WATERMARK })).json() as Watermark).pending).toBe(0);

    // Turned off: the plain previews again.
    const off = await patch({ watermark: false });
    expect((off.json() as ClientGallery).watermark).toBe(false);
    expect((await get((await json()).photos[0]!.url)).rawPayload.equals(plainPreview)).toBe(true);
  });
});

describeEachStorage('client delivery: private previews from each storage', (storageKind, storageEnv) => {
  let t: TestApp;
  let token: string;
  let photo: GalleryPhoto;

  beforeAll(async () => {
    // A CDN for public files and presigned links for private ones: previews must use neither's public road.
    t = await createTestApp('pglite', {
      env: { ...storageEnv(), MEDIA_PUBLIC_URL: 'https://cdn.studio.test/media/', S3_REDIRECT_ORIGINALS: 'true' },
    });
    const bo = await createAccount(t.database.db, {
      username: 'bo',
      passwordHash: 'x',
      firstName: 'Bo',
      lastName: 'K',
      email: 'bo@example.test',
    });
    const made = await createClientGallery(t, { title: 'Bucket', customerId: bo.id, coverSeed: 5301 });
    const g = made.gallery;
    token = made.token;
    await t.as({ method: 'PATCH', url: `${CLIENT_GALLERIES}${g.id}/`, payload: { status: true } });
    await uploadClientPhotos(t, g.id, [{ filename: 'b.jpg', content: await makeImage({ seed: 5302 }) }]);
    await photosDerived(t);
    [photo] = (await t.as({ method: 'GET', url: `/adminportal/client-photos/${g.id}/` })).json() as GalleryPhoto[];
  });
  afterAll(() => t?.close());

  it('answers a preview itself from either storage, never by a redirect to the bucket or the CDN', async () => {
    const seen = (await t.app.inject({ method: 'GET', url: `/site/galleries/${token}/` })).json() as DeliveryGallery;
    const res = await t.app.inject({ method: 'GET', url: seen.photos[0]!.url });
    expect(res.statusCode, storageKind).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    // /media/ neither redirects a client gallery's file to the CDN nor serves it.
    const key = photo.land_scape_img.split('?')[0]!;
    const direct = await t.app.inject({ method: 'GET', url: key });
    expect(direct.statusCode).toBe(404);
    expect(direct.headers.location).toBeUndefined();
    // The portal's signed link is served by the server, never the CDN.
    const signed = await t.app.inject({ method: 'GET', url: photo.land_scape_img });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/webp');
  });
});
