import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clientGalleries, galleries, galleryPhotos, mediaAssets, studioWatermark } from '../../db/schema';

export type WatermarkRow = typeof studioWatermark.$inferSelect;
export type WatermarkValues = Omit<typeof studioWatermark.$inferInsert, 'id' | 'timeUpdated'>;

const ROW_ID = 1;

/** The one watermark row with its logo's SHA-256 (which names the look), or undefined before the first save. */
export async function findWatermark(db: DbOrTx): Promise<(WatermarkRow & { logoSha: string | null }) | undefined> {
  const [row] = await db
    .select({ row: studioWatermark, logoSha: mediaAssets.sha256 })
    .from(studioWatermark)
    .leftJoin(mediaAssets, eq(mediaAssets.id, studioWatermark.logoAssetId))
    .where(eq(studioWatermark.id, ROW_ID));
  return row && { ...row.row, logoSha: row.logoSha };
}

/** Locks the row (when there is one) for a replace. */
export async function lockWatermark(tx: DbOrTx): Promise<WatermarkRow | undefined> {
  const [row] = await tx.select().from(studioWatermark).where(eq(studioWatermark.id, ROW_ID)).for('update');
  return row;
}

export async function saveWatermark(tx: DbOrTx, values: WatermarkValues): Promise<void> {
  const now = new Date();
  await tx
    .insert(studioWatermark)
    .values({ id: ROW_ID, ...values, timeUpdated: now })
    .onConflictDoUpdate({ target: studioWatermark.id, set: { ...values, timeUpdated: now } });
}

/** Assets of watermarked client galleries (or of one) that are derived but lack a whole copy with `sig`. */
const missing = (sig: string, clientGalleryId?: number) =>
  and(
    eq(clientGalleries.watermark, true),
    clientGalleryId === undefined ? undefined : eq(clientGalleries.id, clientGalleryId),
    eq(mediaAssets.state, 'ready'),
    sql`((${mediaAssets.variants}->'watermarked'->>'sig') is distinct from ${sig} or (${mediaAssets.variants}->'watermarked'->>'partial') is not null)`,
  );

const stale = (sig: string) => sql<boolean>`(${mediaAssets.variants}->'watermarked'->>'sig') is distinct from ${sig}`;

/** The photos of watermarked galleries lacking the copy (or part of it), in each gallery's order. */
const missingPhotos = (db: DbOrTx, sig: string, clientGalleryId?: number) =>
  db
    .select({ assetId: galleryPhotos.assetId, galleryId: clientGalleries.id, stale: stale(sig) })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .innerJoin(clientGalleries, eq(clientGalleries.id, galleries.clientGalleryId))
    .innerJoin(mediaAssets, eq(mediaAssets.id, galleryPhotos.assetId))
    .where(missing(sig, clientGalleryId));

/** The covers of watermarked galleries lacking the copy (the customer sees a cover watermarked too). */
const missingCovers = (db: DbOrTx, sig: string, clientGalleryId?: number) =>
  db
    .select({ assetId: clientGalleries.coverAssetId, galleryId: clientGalleries.id, stale: stale(sig) })
    .from(clientGalleries)
    .innerJoin(mediaAssets, eq(mediaAssets.id, clientGalleries.coverAssetId))
    .where(missing(sig, clientGalleryId));

/**
 * Their assets: covers, then each gallery's photos in its order (a changed gallery shows its top
 * soonest). `firstPage`: the photos among each gallery's first `firstPage` that lack any copy
 * of this watermark (a partial one will do for them).
 */
export async function assetsMissingWatermark(
  db: DbOrTx,
  sig: string,
  firstPage: number,
  clientGalleryId?: number,
): Promise<{ covers: number[]; firstPage: number[]; all: number[] }> {
  const covers = await missingCovers(db, sig, clientGalleryId).orderBy(asc(clientGalleries.id));
  const photos = await missingPhotos(db, sig, clientGalleryId).orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id));
  const seen = new Map<number, number>();
  const first: number[] = [];
  for (const p of photos) {
    const n = seen.get(p.galleryId) ?? 0;
    seen.set(p.galleryId, n + 1);
    if (n < firstPage && p.stale) first.push(p.assetId);
  }
  return {
    covers: covers.map((r) => r.assetId),
    firstPage: [...new Set(first)],
    all: [...new Set([...covers, ...photos].map((r) => r.assetId))],
  };
}

/** How many photos and covers still lack the copy. */
export async function countMissingWatermark(db: DbOrTx, sig: string): Promise<number> {
  const [photos] = await db.select({ n: count() }).from(missingPhotos(db, sig).as('p'));
  const [covers] = await db.select({ n: count() }).from(missingCovers(db, sig).as('c'));
  return Number(photos?.n ?? 0) + Number(covers?.n ?? 0);
}

/** Whether a photo or the cover of a watermarked client gallery uses this asset. */
export async function inWatermarkedGallery(db: DbOrTx, assetId: number): Promise<boolean> {
  const [cover] = await db
    .select({ id: clientGalleries.id })
    .from(clientGalleries)
    .where(and(eq(clientGalleries.coverAssetId, assetId), eq(clientGalleries.watermark, true)))
    .limit(1);
  if (cover) return true;
  const [row] = await db
    .select({ id: galleryPhotos.id })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .innerJoin(clientGalleries, eq(clientGalleries.id, galleries.clientGalleryId))
    .where(and(eq(galleryPhotos.assetId, assetId), eq(clientGalleries.watermark, true)))
    .limit(1);
  return !!row;
}
