import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, fileStored, makeImage, type TestApp } from '../../test/harness';
import { teamMembers } from '../db/schema';
import { referencingColumns } from './assets.repository';
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
    expect(found).toHaveLength(12);
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
