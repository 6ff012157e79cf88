import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clientGalleries, deliveryFavourites, deliveryNotes, deliveryVisitors, galleries, galleryPhotos } from '../../db/schema';

/** A list's owner: a visitor (name and lower-cased e-mail) or the shared list (email null). */
export interface VisitorRow {
  id: number;
  clientGalleryId: number;
  name: string;
  email: string | null;
  submittedAt: Date | null;
}

const visitorColumns = {
  id: deliveryVisitors.id,
  clientGalleryId: deliveryVisitors.clientGalleryId,
  name: deliveryVisitors.name,
  email: deliveryVisitors.email,
  submittedAt: deliveryVisitors.submittedAt,
};
const fix = (r: VisitorRow): VisitorRow => ({ ...r, submittedAt: r.submittedAt ? new Date(r.submittedAt) : null });

export async function visitorById(db: DbOrTx, clientGalleryId: number, id: number): Promise<VisitorRow | undefined> {
  const [row] = await db
    .select(visitorColumns)
    .from(deliveryVisitors)
    .where(and(eq(deliveryVisitors.id, id), eq(deliveryVisitors.clientGalleryId, clientGalleryId)))
    .limit(1);
  return row && fix(row);
}

/** The visitor of this address in this gallery, made or renamed (the same address keeps its list). */
export async function upsertVisitor(db: DbOrTx, clientGalleryId: number, name: string, email: string): Promise<number> {
  const [row] = await db
    .insert(deliveryVisitors)
    .values({ clientGalleryId, name, email })
    .onConflictDoUpdate({
      target: [deliveryVisitors.clientGalleryId, deliveryVisitors.email],
      targetWhere: isNotNull(deliveryVisitors.email),
      set: { name },
    })
    .returning({ id: deliveryVisitors.id });
  return row!.id;
}

/** The gallery's shared list's id: made on first use when `create`, else null while there is none. */
export async function sharedListId(db: DbOrTx, clientGalleryId: number, create: boolean): Promise<number | null> {
  const find = async () => {
    const [row] = await db
      .select({ id: deliveryVisitors.id })
      .from(deliveryVisitors)
      .where(and(eq(deliveryVisitors.clientGalleryId, clientGalleryId), isNull(deliveryVisitors.email)))
      .limit(1);
    return row?.id ?? null;
  };
  const found = await find();
  if (found !== null || !create) return found;
  await db.insert(deliveryVisitors).values({ clientGalleryId }).onConflictDoNothing();
  return find();
}

/** Marks a list submitted now; false when it already was (a second submit, or two at once). */
export async function claimSubmit(db: DbOrTx, id: number): Promise<Date | null> {
  const [row] = await db
    .update(deliveryVisitors)
    .set({ submittedAt: new Date() })
    .where(and(eq(deliveryVisitors.id, id), isNull(deliveryVisitors.submittedAt)))
    .returning({ at: deliveryVisitors.submittedAt });
  return row?.at ? new Date(row.at) : null;
}

export async function reopen(db: DbOrTx, id: number): Promise<void> {
  await db.update(deliveryVisitors).set({ submittedAt: null }).where(eq(deliveryVisitors.id, id));
}

/** Sets (or with empty text removes) one list's note on a photo. */
export async function saveNote(db: DbOrTx, list: number, photoId: number, text: string): Promise<void> {
  if (!text) {
    await db.delete(deliveryNotes).where(and(eq(deliveryNotes.visitorId, list), eq(deliveryNotes.photoId, photoId)));
    return;
  }
  await db
    .insert(deliveryNotes)
    .values({ visitorId: list, photoId, text })
    .onConflictDoUpdate({ target: [deliveryNotes.visitorId, deliveryNotes.photoId], set: { text, timeUpdated: new Date() } });
}

/** The notes of these lists, with their photos' names, in the gallery's order. */
export async function notesOf(db: DbOrTx, lists: number[]) {
  if (!lists.length) return [];
  return db
    .select({ list: deliveryNotes.visitorId, photoId: deliveryNotes.photoId, name: galleryPhotos.name, text: deliveryNotes.text })
    .from(deliveryNotes)
    .innerJoin(galleryPhotos, eq(galleryPhotos.id, deliveryNotes.photoId))
    .where(inArray(deliveryNotes.visitorId, lists))
    .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id));
}

/** Every list of a gallery, the shared one first, then by the time it was made. */
export async function listsOf(db: DbOrTx, clientGalleryId: number): Promise<VisitorRow[]> {
  const rows = await db
    .select(visitorColumns)
    .from(deliveryVisitors)
    .where(eq(deliveryVisitors.clientGalleryId, clientGalleryId))
    .orderBy(sql`${deliveryVisitors.email} is not null`, asc(deliveryVisitors.id));
  return rows.map(fix);
}

/** The photos of these lists (any state: the studio sees every photo), in the gallery's order. */
export async function photosOfLists(db: DbOrTx, lists: number[]) {
  if (!lists.length) return [];
  return db
    .select({ list: deliveryFavourites.visitorId, id: galleryPhotos.id, name: galleryPhotos.name })
    .from(deliveryFavourites)
    .innerJoin(galleryPhotos, eq(galleryPhotos.id, deliveryFavourites.photoId))
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .where(inArray(deliveryFavourites.visitorId, lists))
    .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id));
}

/** The latest submitted lists of every gallery, with the gallery's title and the list's size. */
export async function latestSubmitted(db: DbOrTx, limit: number) {
  const rows = await db
    .select({
      galleryId: deliveryVisitors.clientGalleryId,
      title: clientGalleries.title,
      name: deliveryVisitors.name,
      email: deliveryVisitors.email,
      submittedAt: deliveryVisitors.submittedAt,
      count: sql<number>`(select count(*)::int from delivery_favourites f where f.visitor_id = ${deliveryVisitors.id})`,
    })
    .from(deliveryVisitors)
    .innerJoin(clientGalleries, eq(clientGalleries.id, deliveryVisitors.clientGalleryId))
    .where(isNotNull(deliveryVisitors.submittedAt))
    .orderBy(desc(deliveryVisitors.submittedAt), desc(deliveryVisitors.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, count: Number(r.count), submittedAt: new Date(r.submittedAt!) }));
}

/**
 * Claims a gallery's once-only alert (`opened` or `downloaded`): true for the one caller that set
 * it, however many requests race.
 */
export async function claimAlert(db: DbOrTx, clientGalleryId: number, which: 'opened' | 'downloaded'): Promise<boolean> {
  const column = which === 'opened' ? clientGalleries.openedAlertAt : clientGalleries.downloadedAlertAt;
  const rows = await db
    .update(clientGalleries)
    .set(which === 'opened' ? { openedAlertAt: new Date() } : { downloadedAlertAt: new Date() })
    .where(and(eq(clientGalleries.id, clientGalleryId), isNull(column)))
    .returning({ id: clientGalleries.id });
  return rows.length > 0;
}
