import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clientGalleries, clientGallerySetPhotos, clientGallerySets, galleries, galleryPhotos } from '../../db/schema';
import { photoShown } from '../galleries/galleries.repository';

/** A set of a client gallery with its photo ids in the gallery's saved order. */
export interface SetRow {
  id: number;
  name: string;
  photoIds: number[];
}

/** Locks the client gallery's row until the transaction ends: set writes of one gallery take turns. */
export async function lockGallery(db: DbOrTx, clientGalleryId: number): Promise<boolean> {
  const rows = await db
    .select({ id: clientGalleries.id })
    .from(clientGalleries)
    .where(eq(clientGalleries.id, clientGalleryId))
    .for('update');
  return rows.length > 0;
}

export async function galleryExists(db: DbOrTx, clientGalleryId: number): Promise<boolean> {
  const rows = await db.select({ id: clientGalleries.id }).from(clientGalleries).where(eq(clientGalleries.id, clientGalleryId));
  return rows.length > 0;
}

/** The gallery's sets in order, each with every photo it holds (any state), in two queries. */
export async function setsOf(db: DbOrTx, clientGalleryId: number): Promise<SetRow[]> {
  const sets = await db
    .select({ id: clientGallerySets.id, name: clientGallerySets.name })
    .from(clientGallerySets)
    .where(eq(clientGallerySets.clientGalleryId, clientGalleryId))
    .orderBy(asc(clientGallerySets.position), asc(clientGallerySets.id));
  if (!sets.length) return [];
  const members = await db
    .select({ setId: clientGallerySetPhotos.setId, photoId: clientGallerySetPhotos.photoId })
    .from(clientGallerySetPhotos)
    .innerJoin(galleryPhotos, eq(galleryPhotos.id, clientGallerySetPhotos.photoId))
    .where(
      inArray(
        clientGallerySetPhotos.setId,
        sets.map((s) => s.id),
      ),
    )
    .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id));
  const byId = new Map(sets.map((s) => [s.id, { ...s, photoIds: [] as number[] }]));
  for (const m of members) byId.get(m.setId)?.photoIds.push(m.photoId);
  return [...byId.values()];
}

/** The gallery's sets the customer sees (those with a shown photo), in order, with how many each shows. */
export async function shownSetsOf(db: DbOrTx, clientGalleryId: number): Promise<{ id: number; name: string; count: number }[]> {
  const rows = await db
    .select({ id: clientGallerySets.id, name: clientGallerySets.name, count: count() })
    .from(clientGallerySets)
    .innerJoin(clientGallerySetPhotos, eq(clientGallerySetPhotos.setId, clientGallerySets.id))
    .innerJoin(galleryPhotos, eq(galleryPhotos.id, clientGallerySetPhotos.photoId))
    .where(and(eq(clientGallerySets.clientGalleryId, clientGalleryId), photoShown))
    .groupBy(clientGallerySets.id, clientGallerySets.name, clientGallerySets.position)
    .orderBy(asc(clientGallerySets.position), asc(clientGallerySets.id));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** One set of this gallery (null when the id is another gallery's, or none). */
export async function findSet(db: DbOrTx, clientGalleryId: number, setId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: clientGallerySets.id, name: clientGallerySets.name })
    .from(clientGallerySets)
    .where(and(eq(clientGallerySets.id, setId), eq(clientGallerySets.clientGalleryId, clientGalleryId)))
    .limit(1);
  return row ?? null;
}

/** Whether another set of the gallery has this name, any case. */
export async function nameTaken(db: DbOrTx, clientGalleryId: number, name: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clientGallerySets.id })
    .from(clientGallerySets)
    .where(
      and(
        eq(clientGallerySets.clientGalleryId, clientGalleryId),
        sql`lower(${clientGallerySets.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${clientGallerySets.id} <> ${except}`,
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertSet(db: DbOrTx, clientGalleryId: number, name: string, position: number): Promise<void> {
  await db.insert(clientGallerySets).values({ clientGalleryId, name, position });
}

export async function renameSet(db: DbOrTx, setId: number, name: string): Promise<void> {
  await db.update(clientGallerySets).set({ name }).where(eq(clientGallerySets.id, setId));
}

/** Gives each set its index in `ids` as its position (ids already checked to be the gallery's sets). */
export async function orderSets(db: DbOrTx, ids: number[]): Promise<void> {
  for (const [position, id] of ids.entries()) await db.update(clientGallerySets).set({ position }).where(eq(clientGallerySets.id, id));
}

/** Deletes the set; its memberships go with it (ON DELETE CASCADE), so its photos are in no set. */
export async function deleteSet(db: DbOrTx, setId: number): Promise<void> {
  await db.delete(clientGallerySets).where(eq(clientGallerySets.id, setId));
}

/** Which of these ids are photos of this client gallery (any state). */
export async function galleryPhotoIds(db: DbOrTx, clientGalleryId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: galleryPhotos.id })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .where(and(eq(galleries.clientGalleryId, clientGalleryId), inArray(galleryPhotos.id, ids)));
  return rows.map((r) => r.id);
}

/** Puts these photos in `setId`, or in no set when null (each photo leaves the set it was in). */
export async function placePhotos(db: DbOrTx, photoIds: number[], setId: number | null): Promise<void> {
  if (setId === null) {
    await db.delete(clientGallerySetPhotos).where(inArray(clientGallerySetPhotos.photoId, photoIds));
    return;
  }
  await db
    .insert(clientGallerySetPhotos)
    .values(photoIds.map((photoId) => ({ photoId, setId })))
    .onConflictDoUpdate({ target: clientGallerySetPhotos.photoId, set: { setId } });
}

/** A condition on `gallery_photos` rows: the photo is in this set. */
export const inSet = (setId: number): SQL =>
  sql`exists (select 1 from client_gallery_set_photos s where s.photo_id = ${galleryPhotos.id} and s.set_id = ${setId})`;
