import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, fileStored, makeImage, type TestApp } from '../../test/harness';
import { teamMembers } from '../db/schema';
import { referencingColumns } from './assets.repository';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { ValidationError } from '../lib/errors';
import { imageKeys } from './image-pipeline';
import type { StoredImage } from './stored-image';

describeEachDatabase('assets', (kind) => {
  let t: TestApp;
  let seed = 900;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { UPLOAD_CONCURRENCY: '1' } });
  });
  afterAll(() => t.close());

  const ingest = async (): Promise<StoredImage> => {
    const file = path.join(t.config.dataDir, `in-${seed}.jpg`);
    fs.writeFileSync(file, await makeImage({ width: 800, height: 600, seed: seed++ }));
    return (await t.app.runtime.assets.ingest({ path: file, bytes: fs.statSync(file).size }, { field: 'x', use: 'galleryPhoto' }))!;
  };
  const rows = <T>(res: unknown) => (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
  const stored = async (img: StoredImage) => Promise.all(imageKeys(img).map((k) => fileStored(t.app.storage, k)));

  it('finds every column that holds an image from the foreign keys, with no list to keep', async () => {
    const found = (await referencingColumns(t.database.db)).map((r) => `${r.table}.${r.column}`).sort();
    const columns = rows<{ c: string }>(
      await t.database.db.execute(
        sql`select table_name || '.' || column_name as c from information_schema.columns where table_schema = 'public' and column_name like '%asset_id' order by 1`,
      ),
    ).map((r) => r.c);
    expect(found).toEqual(columns);
    expect(found).toHaveLength(15);
  });

  it('releases an asset only when nothing references it, and keeps its files until then', async () => {
    const assets = t.app.runtime.assets;
    const img = await ingest();
    const id = await t.database.db.transaction((tx) => assets.record(tx, img, null));
    const [member] = await t.database.db
      .insert(teamMembers)
      .values({ name: 'A', email: 'a@x.io', phone: '1', title: 'T', coverAssetId: id })
      .returning();
    expect(await assets.release([id])).toBe(0);
    expect(await stored(img)).not.toContain(false);
    // The database itself refuses to delete an asset a row points at.
    await expect(t.database.db.execute(sql`delete from media_assets where id = ${id}`)).rejects.toThrow();
    await t.database.db.delete(teamMembers).where(sql`${teamMembers.id} = ${member!.id}`);
    expect(await assets.release([id])).toBe(1);
    expect(await stored(img)).not.toContain(true);
    expect(await assets.image(id)).toBeNull();
  });

  it('records the same content once, and discarding a failed write keeps files a recorded asset uses', async () => {
    const assets = t.app.runtime.assets;
    const img = await ingest();
    const again = { ...img };
    const [a, b] = await t.database.db.transaction(async (tx) => [
      await assets.record(tx, img, null),
      await assets.record(tx, again, null),
    ]);
    expect(a).toBe(b);
    await assets.discard([again]);
    expect(await stored(img)).not.toContain(false);
  });

  it('does not process content it already holds: the same files, nothing new written, and the minimum size still applies', async () => {
    const assets = t.app.runtime.assets;
    const jpeg = await makeImage({ width: 800, height: 600, seed: 4242 });
    const sha256 = createHash('sha256').update(jpeg).digest('hex');
    const put = (name: string) => {
      const file = path.join(t.config.dataDir, name);
      fs.writeFileSync(file, jpeg);
      return { path: file, bytes: jpeg.length, sha256 };
    };
    const first = (await assets.ingest(put('a.jpg'), { field: 'x', use: 'galleryPhoto' }))!;
    await t.database.db.transaction((tx) => assets.record(tx, first, null));
    const usage = await t.app.storage.usage();
    // Never read: the hash the spool computed on arrival names content already held.
    const unread = { path: path.join(t.config.dataDir, 'not-there.jpg'), bytes: jpeg.length, sha256 };
    const second = (await assets.ingest(unread, { field: 'x', use: 'galleryPhoto' }))!;
    expect(imageKeys(second)).toEqual(imageKeys(first));
    expect(await t.app.storage.usage()).toEqual(usage);
    // 800x600 is too small for a page image (1280x720): the message comes as for any upload.
    const err = await assets.ingest(put('c.jpg'), { field: 'image', use: 'pageImage' }).catch((e: unknown) => e);
    expect((err as ValidationError).fields).toEqual({ image: [COMMON_MESSAGES.dimension] });
  });

  it('derives a gallery photo without crops, and makes them when the same content becomes a cover', async () => {
    const assets = t.app.runtime.assets;
    const jpeg = await makeImage({ width: 900, height: 600, seed: 4343 });
    const put = (name: string) => {
      const file = path.join(t.config.dataDir, name);
      fs.writeFileSync(file, jpeg);
      return { path: file, bytes: jpeg.length };
    };
    const photo = (await assets.ingestOriginal(put('photo.jpg'), { field: 'x', use: 'galleryPhoto' }))!;
    const id = await t.database.db.transaction((tx) => assets.record(tx, photo, null));
    const derived = (await assets.derive(id))!;
    expect(derived.variants.map((v) => v.width)).toEqual([480, 720, 900]);
    expect([derived.square, derived.wide]).toEqual([undefined, undefined]);

    // The same content as a service's cover: derived again, crops and all, on the same asset.
    const cover = (await assets.ingest(put('cover.jpg'), { field: 'cover_image', use: 'serviceCover' }))!;
    expect(cover.square).toBeTruthy();
    expect(await t.database.db.transaction((tx) => assets.record(tx, cover, null))).toBe(id);
    const now = (await assets.image(id))!;
    expect([now.square, now.wide]).toEqual([cover.square, cover.wide]);
    expect(now.variants).toEqual(derived.variants);
    expect(await stored(now)).not.toContain(false);
    // Content that has its crops is not derived a third time.
    const again = (await assets.ingest(put('again.jpg'), { field: 'cover_image', use: 'serviceCover' }))!;
    expect(imageKeys(again)).toEqual(imageKeys(now));
  });

  it('puts every image through the one limit', async () => {
    const assets = t.app.runtime.assets;
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, assets.limit.active)), 5);
    try {
      await Promise.all([ingest(), ingest(), ingest()]);
    } finally {
      clearInterval(watch);
    }
    expect(most).toBe(1);
  });
});
