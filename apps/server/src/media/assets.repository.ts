import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mediaAssets, serverSecrets } from '../db/schema';
import { brandKeys } from './brand-files';
import type { BrandFiles, StoredImage, WatermarkedVariants } from './stored-image';

/** The only code that touches the assets table. */
export type AssetRow = typeof mediaAssets.$inferSelect;

/** Serialises everything that writes or removes one content's files: recording, discarding, collecting. */
const SHA_LOCK_CLASS = 727_200;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export function toStoredImage(row: AssetRow): StoredImage {
  const v = row.variants;
  return {
    id: row.id,
    original: v.original,
    mime: row.mime,
    bytes: row.bytes,
    sha256: row.sha256,
    ...(row.crc32 !== null ? { crc32: row.crc32 } : {}),
    width: row.width,
    height: row.height,
    variants: v.widths,
    ...(v.square ? { square: v.square } : {}),
    ...(v.wide ? { wide: v.wide } : {}),
    ...(v.og ? { og: v.og } : {}),
    ...(v.brand ? { brand: v.brand } : {}),
    ...(row.placeholder ? { placeholder: row.placeholder } : {}),
    ...(v.thumbhash ? { thumbhash: v.thumbhash } : {}),
    ...(v.watermarked ? { watermarked: v.watermarked } : {}),
    ...(row.state !== 'ready' ? { state: row.state } : {}),
    ...(row.error ? { error: row.error } : {}),
  };
}

const variantsOf = (img: StoredImage): AssetRow['variants'] => ({
  original: img.original,
  widths: img.variants,
  ...(img.square ? { square: img.square } : {}),
  ...(img.wide ? { wide: img.wide } : {}),
  ...(img.thumbhash ? { thumbhash: img.thumbhash } : {}),
  ...(img.watermarked ? { watermarked: img.watermarked } : {}),
});

/** Holds the lock of one content (by SHA-256) until the transaction ends. */
export async function lockSha(tx: DbOrTx, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SHA_LOCK_CLASS}, hashtext(${sha256}))`);
}

/**
 * Records an image (or finds the asset of the same content); returns its row. A row not derived
 * yet (processing, or failed) takes what is recorded now: derived files made meanwhile by a
 * synchronous ingest, or a new try (`processing`) for content that failed before. A derived row
 * without crops (a gallery photo's) takes the crops made now (the same content made a cover).
 */
export async function upsertAsset(tx: DbOrTx, img: StoredImage, createdBy: number | null): Promise<AssetRow> {
  const pending = sql`${mediaAssets.state} <> 'ready'`;
  const crops = sql`jsonb_build_object('square', excluded.variants->'square', 'wide', excluded.variants->'wide')`;
  const gainsCrops = sql`not (${mediaAssets.variants} ? 'square') and (excluded.variants ? 'square')`;
  const [row] = await tx
    .insert(mediaAssets)
    .values({
      sha256: img.sha256,
      crc32: img.crc32 ?? null,
      mime: img.mime,
      bytes: img.bytes,
      width: img.width,
      height: img.height,
      variants: variantsOf(img),
      placeholder: img.placeholder ?? null,
      state: img.state ?? 'ready',
      error: img.error ?? null,
      createdBy,
    })
    // The update returns the existing row (and locks it) when the content is known already.
    // A row without a CRC-32 (recorded before they were kept) takes the one computed now.
    .onConflictDoUpdate({
      target: mediaAssets.sha256,
      set: {
        sha256: sql`excluded.sha256`,
        crc32: sql`coalesce(${mediaAssets.crc32}, excluded.crc32)`,
        variants: sql`case when ${pending} then excluded.variants when ${gainsCrops} then ${mediaAssets.variants} || ${crops} else ${mediaAssets.variants} end`,
        placeholder: sql`case when ${pending} then excluded.placeholder else ${mediaAssets.placeholder} end`,
        error: sql`case when ${pending} then excluded.error else ${mediaAssets.error} end`,
        state: sql`case when ${pending} then excluded.state else ${mediaAssets.state} end`,
      },
    })
    .returning();
  return row!;
}

/** Records the derived files of a processing asset; the row as it is now, or undefined when it was not processing. */
export async function markDerived(tx: DbOrTx, id: number, img: StoredImage): Promise<AssetRow | undefined> {
  const [row] = await tx
    .update(mediaAssets)
    .set({ variants: variantsOf(img), placeholder: img.placeholder ?? null, state: 'ready', error: null })
    .where(and(eq(mediaAssets.id, id), eq(mediaAssets.state, 'processing')))
    .returning();
  return row;
}

/** Marks a processing asset failed with its message; false when it was not processing. */
export async function markFailed(db: DbOrTx, id: number, error: string): Promise<boolean> {
  const rows = await db
    .update(mediaAssets)
    .set({ state: 'failed', error })
    .where(and(eq(mediaAssets.id, id), eq(mediaAssets.state, 'processing')))
    .returning({ id: mediaAssets.id });
  return rows.length > 0;
}

/** Ids of the assets still waiting for their derived files. */
export async function processingIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.state, 'processing'));
  return rows.map((r) => r.id);
}

export async function assetsByIds(db: DbOrTx, ids: number[]): Promise<AssetRow[]> {
  if (!ids.length) return [];
  return db.select().from(mediaAssets).where(inArray(mediaAssets.id, ids));
}

export async function assetsByShas(db: DbOrTx, shas: string[]): Promise<AssetRow[]> {
  if (!shas.length) return [];
  return db.select().from(mediaAssets).where(inArray(mediaAssets.sha256, shas));
}

export async function assetBySha(db: DbOrTx, sha256: string): Promise<AssetRow | undefined> {
  const [row] = await assetsByShas(db, [sha256]);
  return row;
}

/**
 * Every column that references media_assets, read from the database's own catalogue: a new
 * image column is covered the day its foreign key exists, with no list to keep.
 */
export async function referencingColumns(db: DbOrTx): Promise<{ table: string; column: string }[]> {
  const result = await db.execute(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'media_assets'::regclass and array_length(c.conkey, 1) = 1
    order by 1, 2
  `);
  return rowsOf<{ table: string; column: string }>(result).map((r) => ({ table: r.table.replace(/^"|"$/g, ''), column: r.column }));
}

const unreferenced = (refs: { table: string; column: string }[]) =>
  sql.join(
    refs.map((r) => sql`not exists (select 1 from ${sql.identifier(r.table)} x where x.${sql.identifier(r.column)} = ${mediaAssets.id})`),
    sql` and `,
  );

/** Assets no row references: among `ids`, or (for the sweep) all of those created before `before`. */
export async function unreferencedAssets(
  db: DbOrTx,
  refs: { table: string; column: string }[],
  scope: { ids: number[] } | { before: Date },
): Promise<AssetRow[]> {
  if ('ids' in scope && !scope.ids.length) return [];
  const where = 'ids' in scope ? inArray(mediaAssets.id, scope.ids) : lt(mediaAssets.createdAt, scope.before);
  return db
    .select()
    .from(mediaAssets)
    .where(refs.length ? and(where, unreferenced(refs)) : where);
}

/** Deletes the asset when nothing references it (checked again under the lock); returns it if deleted. */
export async function deleteIfUnreferenced(
  tx: DbOrTx,
  refs: { table: string; column: string }[],
  id: number,
): Promise<AssetRow | undefined> {
  const where = sql`${mediaAssets.id} = ${id}`;
  const [row] = await tx
    .delete(mediaAssets)
    .where(refs.length ? and(where, unreferenced(refs)) : where)
    .returning();
  return row;
}

/** Which of these storage keys some asset still uses (derived files are shared by content). */
export async function keysInUse(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const list = JSON.stringify(keys);
  const result = await db.execute(sql`
    with k as (select value as key from jsonb_array_elements_text(${list}::jsonb))
    select k.key from k where exists (
      select 1 from media_assets a
      where a.variants->>'original' = k.key or a.variants->>'square' = k.key or a.variants->>'wide' = k.key
         or a.variants->>'og' = k.key
         or a.variants->'brand'->>'logoPng' = k.key or a.variants->'brand'->>'icon32' = k.key
         or a.variants->'brand'->>'icon180' = k.key
         or a.variants->'brand'->'logo' @> jsonb_build_array(jsonb_build_object('key', k.key))
         or a.variants->'widths' @> jsonb_build_array(jsonb_build_object('key', k.key))
         or a.variants->'watermarked'->'widths' @> jsonb_build_array(jsonb_build_object('key', k.key))
    )
  `);
  return new Set(rowsOf<{ key: string }>(result).map((r) => r.key));
}

/** Every storage key any asset uses (for the sweep of unreferenced files). */
export async function allKeys(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ variants: mediaAssets.variants }).from(mediaAssets);
  const keys = new Set<string>();
  for (const { variants: v } of rows) {
    keys.add(v.original);
    for (const w of v.widths) keys.add(w.key);
    if (v.square) keys.add(v.square);
    if (v.wide) keys.add(v.wide);
    if (v.og) keys.add(v.og);
    for (const k of brandKeys(v.brand)) keys.add(k);
    for (const w of v.watermarked?.widths ?? []) keys.add(w.key);
  }
  return keys;
}

/** The asset whose 16:9 crop is stored under `key`. */
export async function assetByWideKey(db: DbOrTx, key: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaAssets)
    .where(sql`${mediaAssets.variants}->>'wide' = ${key}`)
    .limit(1);
  return row;
}

/** Records a logo's own files (brand-files.ts). */
export async function setBrandFiles(tx: DbOrTx, id: number, files: BrandFiles): Promise<void> {
  await tx
    .update(mediaAssets)
    .set({ variants: sql`${mediaAssets.variants} || jsonb_build_object('brand', ${JSON.stringify(files)}::jsonb)` })
    .where(eq(mediaAssets.id, id));
}

/** Records the asset's link-preview JPEG. */
export async function setOgKey(tx: DbOrTx, id: number, key: string): Promise<void> {
  await tx
    .update(mediaAssets)
    .set({ variants: sql`${mediaAssets.variants} || jsonb_build_object('og', ${key}::text)` })
    .where(eq(mediaAssets.id, id));
}

/**
 * Whether a derived file's key belongs to a client gallery (a photo of one, or its cover) and to
 * nothing the website shows (`refs`: every column referencing media_assets; a service's or love
 * story's photo, a cover, a page image...): /media/ refuses those. One query, by the key indexes.
 */
export async function isPrivateKey(db: DbOrTx, key: string, refs: { table: string; column: string }[]): Promise<boolean> {
  const publicUses = refs
    .filter(
      (r) =>
        !(r.table === 'client_galleries' && r.column === 'cover_asset_id') && !(r.table === 'gallery_photos' && r.column === 'asset_id'),
    )
    .map((r) => sql`or exists (select 1 from ${sql.identifier(r.table)} x where x.${sql.identifier(r.column)} = a.id)`);
  const result = await db.execute(sql`
    select exists (
      select 1 from media_assets a
      where (a.variants->>'square' = ${key} or a.variants->>'wide' = ${key}
             or a.variants->'widths' @> jsonb_build_array(jsonb_build_object('key', ${key}::text)))
        and (exists (select 1 from gallery_photos p join galleries g on g.id = p.gallery_id
                      where p.asset_id = a.id and g.client_gallery_id is not null)
             or exists (select 1 from client_galleries c where c.cover_asset_id = a.id))
        and not (exists (select 1 from gallery_photos p join galleries g on g.id = p.gallery_id
                          where p.asset_id = a.id and g.client_gallery_id is null)
                 ${sql.join(publicUses, sql` `)})
    ) as private
  `);
  return Boolean(rowsOf<{ private: boolean }>(result)[0]?.private);
}

/** Locks an asset's row and answers its watermarked copy (undefined: none; null: no such asset). */
export async function lockWatermarked(tx: DbOrTx, id: number): Promise<WatermarkedVariants | undefined | null> {
  const [row] = await tx.select({ variants: mediaAssets.variants }).from(mediaAssets).where(eq(mediaAssets.id, id)).for('update');
  return row ? row.variants.watermarked : null;
}

/** Records an asset's watermarked copy (in place of the one before). */
export async function setWatermarked(tx: DbOrTx, id: number, watermarked: WatermarkedVariants): Promise<void> {
  await tx
    .update(mediaAssets)
    .set({ variants: sql`${mediaAssets.variants} || jsonb_build_object('watermarked', ${JSON.stringify(watermarked)}::jsonb)` })
    .where(eq(mediaAssets.id, id));
}

/** The key of the media signing secret, made once and shared by every process (server_secrets). */
export async function mediaSecret(db: DbOrTx, make: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name: 'media-signing', value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, 'media-signing'));
  return row!.value;
}
