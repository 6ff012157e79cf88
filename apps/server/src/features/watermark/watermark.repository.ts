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

/** Photos of watermarked client galleries (or of one) that are derived but lack a copy with `sig`. */
const missing = (sig: string, clientGalleryId?: number) =>
  and(
    eq(clientGalleries.watermark, true),
    clientGalleryId === undefined ? undefined : eq(clientGalleries.id, clientGalleryId),
    eq(mediaAssets.state, 'ready'),
    sql`(${mediaAssets.variants}->'watermarked'->>'sig') is distinct from ${sig}`,
  );

/** Their assets, the first page of each gallery first (a changed gallery shows its top soonest). */
export async function assetsMissingWatermark(db: DbOrTx, sig: string, clientGalleryId?: number): Promise<number[]> {
  const rows = await db
    .select({ assetId: galleryPhotos.assetId })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .innerJoin(clientGalleries, eq(clientGalleries.id, galleries.clientGalleryId))
    .innerJoin(mediaAssets, eq(mediaAssets.id, galleryPhotos.assetId))
    .where(missing(sig, clientGalleryId))
    .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id));
  return [...new Set(rows.map((r) => r.assetId))];
}

export async function countMissingWatermark(db: DbOrTx, sig: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .innerJoin(clientGalleries, eq(clientGalleries.id, galleries.clientGalleryId))
    .innerJoin(mediaAssets, eq(mediaAssets.id, galleryPhotos.assetId))
    .where(missing(sig));
  return Number(row?.n ?? 0);
}

/** Whether a photo of a watermarked client gallery uses this asset. */
export async function inWatermarkedGallery(db: DbOrTx, assetId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: galleryPhotos.id })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .innerJoin(clientGalleries, eq(clientGalleries.id, galleries.clientGalleryId))
    .where(and(eq(galleryPhotos.assetId, assetId), eq(clientGalleries.watermark, true)))
    .limit(1);
  return !!row;
}
