import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DELIVERY_PAGE_SIZE, type ClientGallery, type DeliveryGallery } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, insertGalleryPhotos, makeImage, multipart, type TestApp } from '../../../test/harness';
import { CLIENT_GALLERIES, createClientGallery } from '../../../test/client-gallery-fixtures';
import { createAccount } from '../../auth/accounts.repository';
import { clientGalleries, galleryPhotos, galleries } from '../../db/schema';
import type { WatermarkSettings } from '../../media/assets';
import { processImage } from '../../media/image-pipeline';
import { watermarkSig } from '../../media/watermark';
import { watermarksSettled } from './watermark.service';

/**
 * A changed watermark on a gallery bigger than a page: its first page is drawn first, in the
 * grid's width only (a partial copy the customer sees at once), then every photo whole.
 */

const WATERMARK = '/adminportal/site-settings/watermark/';

/** Rows of a raw query, from either driver. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

describeEachDatabase('watermark: the first page first', (kind) => {
  let t: TestApp;
  let gallery: ClientGallery;
  let token: string;
  let tmp: string;
  /** The gallery's photos' assets, in the gallery's order. */
  let assetIds: number[];
  let coverAssetId: number;

  const json = async (): Promise<DeliveryGallery> => {
    const res = await t.app.inject({ method: 'GET', url: `/site/galleries/${token}/` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-watermark-test-'));
    const ada = await createAccount(t.database.db, {
      username: 'ada',
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'L',
      email: 'a@example.test',
    });
    ({ gallery, token } = await createClientGallery(t, { title: 'Proofs', customerId: ada.id, coverSeed: 6001 }));
    // One photo's files under a page and two of other hashes: each its own asset, derived once (no job runs).
    const file = path.join(tmp, 'p.jpg');
    fs.writeFileSync(file, await makeImage({ width: 1000, height: 700, seed: 6002 }));
    const image = await processImage(
      t.app.runtime.storage,
      { field: 'image', filename: 'p.jpg', mimetype: 'image/jpeg', path: file, bytes: fs.statSync(file).size },
      { field: 'image', use: 'galleryPhoto' },
    );
    await insertGalleryPhotos(
      t,
      Array.from({ length: DELIVERY_PAGE_SIZE + 2 }, (_, i) => ({
        parentType: 'client-gallery' as const,
        parentId: gallery.id,
        name: `p${i}.jpg`,
        image: { ...image, sha256: `${image.sha256.slice(0, 56)}${String(i).padStart(8, '0')}` },
      })),
    );
    const rows = await t.database.db
      .select({ assetId: galleryPhotos.assetId })
      .from(galleryPhotos)
      .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
      .where(eq(galleries.clientGalleryId, gallery.id))
      .orderBy(galleryPhotos.position, galleryPhotos.id);
    assetIds = rows.map((r) => r.assetId);
    const [row] = await t.database.db.select().from(clientGalleries).where(eq(clientGalleries.id, gallery.id));
    coverAssetId = row!.coverAssetId;
  });
  afterAll(async () => {
    await t?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("queues the first page's grid width first, then the cover and every photo whole", async () => {
    const body = await multipart({ text: 'PROOF', position: 'center', size: '50', opacity: '70' });
    expect((await t.as({ method: 'PUT', url: WATERMARK, payload: body.payload, headers: body.headers })).statusCode).toBe(200);
    const on = await t.as({ method: 'PATCH', url: `${CLIENT_GALLERIES}${gallery.id}/`, payload: { watermark: true } });
    expect(on.statusCode, on.body).toBe(200);

    // No worker has started: the queue as the workers will take it.
    const jobs = rowsOf<{ data: { assetId: number; first?: boolean }; priority: number }>(
      await t.database.db.execute(
        sql`select data, priority from pgboss.job where name = 'watermark-photo' and state = 'created' order by priority desc, created_on, id`,
      ),
    );
    const page = assetIds.slice(0, DELIVERY_PAGE_SIZE);
    // Jobs of one priority queued in the same instant are taken in no set order (their ids are
    // random): the first page's grid widths come first, then the whole copies, each group in any order.
    const taken = jobs.map((j) => `${j.data.assetId}:${j.data.first === true}`);
    expect(new Set(taken.slice(0, page.length))).toEqual(new Set(page.map((id) => `${id}:true`)));
    expect(new Set(taken.slice(page.length))).toEqual(new Set([coverAssetId, ...assetIds].map((id) => `${id}:false`)));
    expect(taken).toHaveLength(page.length + 1 + assetIds.length);

    await watermarksSettled(t.ctx);
    const images = await t.app.runtime.assets.images([coverAssetId, ...assetIds]);
    for (const img of images.values()) {
      expect(img.watermarked?.partial).toBeUndefined();
      expect(img.watermarked?.widths.map((w) => w.width)).toEqual(img.id === coverAssetId ? expect.any(Array) : [480, 720, 960, 1000]);
    }
    expect(((await t.as({ method: 'GET', url: WATERMARK })).json() as { pending: number }).pending).toBe(0);
  });

  it('shows a partial copy in the grid width at once, keeps its file in the whole copy, and never goes back to it', async () => {
    const { assets } = t.app.runtime;
    const next: WatermarkSettings = { text: 'SECOND', logoAssetId: null, position: 'top-left', size: 40, opacity: 50, sig: '' };
    next.sig = watermarkSig({ ...next, logoSha: null });
    const id = assetIds[0]!;
    const before = (await assets.image(id))!.watermarked!;

    expect(await assets.deriveWatermarked(id, next, { first: true })).toBe(true);
    const partial = (await assets.image(id))!.watermarked!;
    expect(partial).toMatchObject({ sig: next.sig, partial: true });
    expect(partial.widths.map((w) => w.width)).toEqual([720]);
    await t.ctx.cache.invalidate('delivery');
    const shown = (await json()).photos.find((p) => p.name === 'p0.jpg')!;
    expect(shown.srcset).toBe(`/site/galleries/${token}/photos/${shown.id}/preview/720/ 720w`);
    // Every width asked is the new mark's one file meanwhile, never the earlier mark's nor a plain one.
    for (const width of [480, 960, 1600]) {
      const res = await t.app.inject({ method: 'GET', url: `/site/galleries/${token}/photos/${shown.id}/preview/${width}/` });
      expect(res.statusCode).toBe(200);
      const stored = await t.app.runtime.storage.read(partial.widths[0]!.key);
      expect(res.rawPayload.equals(Buffer.concat(await stored!.toArray()))).toBe(true);
    }
    expect(partial.widths[0]!.key).not.toBe(before.widths.find((w) => w.width === 720)!.key);

    // The whole copy adds the other widths and keeps the partial's file.
    expect(await assets.deriveWatermarked(id, next)).toBe(true);
    const whole = (await assets.image(id))!.watermarked!;
    expect(whole.partial).toBeUndefined();
    expect(whole.widths.map((w) => w.width)).toEqual([480, 720, 960, 1000]);
    expect(whole.widths[1]).toEqual(partial.widths[0]);
    // A first pass after it has nothing to do.
    expect(await assets.deriveWatermarked(id, next, { first: true })).toBe(false);
    expect((await assets.image(id))!.watermarked).toEqual(whole);
  });
});
