import { and, asc, count, desc, eq, inArray, max, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, clientGalleries, deliveryEvents, deliveryFavourites, galleries, galleryPhotos, serverSecrets } from '../../db/schema';
import { photoShown } from '../galleries/galleries.repository';
import { inSet } from '../client-galleries/sets.repository';

/** What the customer's side needs to know about a gallery before it shows anything. */
export interface DeliveryAccessRow {
  id: number;
  title: string;
  status: boolean;
  token: string;
  passwordHash: string | null;
  /** YYYY-MM-DD or null. */
  expiresAt: string | null;
  allowDownload: boolean;
  downloadSize: 'original' | 'web' | 'both';
  downloadPinHash: string | null;
  coverAssetId: number;
  requireEmail: boolean;
  selectionLimit: number | null;
  /** The studio's watermark on what the customer sees. */
  watermark: boolean;
}

const accessColumns = {
  id: clientGalleries.id,
  title: clientGalleries.title,
  status: clientGalleries.status,
  token: clientGalleries.deliveryToken,
  passwordHash: clientGalleries.deliveryPasswordHash,
  expiresAt: clientGalleries.deliveryExpiresAt,
  allowDownload: clientGalleries.allowDownload,
  downloadSize: clientGalleries.downloadSize,
  downloadPinHash: clientGalleries.downloadPinHash,
  coverAssetId: clientGalleries.coverAssetId,
  requireEmail: clientGalleries.requireEmail,
  selectionLimit: clientGalleries.selectionLimit,
  watermark: clientGalleries.watermark,
};

/** The gallery behind a delivery token (by the unique index), whatever its state. */
export async function galleryByToken(db: DbOrTx, token: string): Promise<DeliveryAccessRow | undefined> {
  const [row] = await db.select(accessColumns).from(clientGalleries).where(eq(clientGalleries.deliveryToken, token)).limit(1);
  return row;
}

export async function galleryAccessById(db: DbOrTx, id: number): Promise<DeliveryAccessRow | undefined> {
  const [row] = await db.select(accessColumns).from(clientGalleries).where(eq(clientGalleries.id, id)).limit(1);
  return row;
}

/** A client gallery with the e-mail and name of its customer (null fields when the account is gone). */
export async function galleryWithCustomer(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...accessColumns,
      accountId: clientGalleries.accountId,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      username: accounts.username,
    })
    .from(clientGalleries)
    .leftJoin(accounts, eq(accounts.id, clientGalleries.accountId))
    .where(eq(clientGalleries.id, id))
    .limit(1);
  return row;
}

export interface DeliveryPhotoRow {
  id: number;
  name: string;
  assetId: number;
  timeCreated: Date;
  favourite: boolean;
}

/**
 * Which photos of a client gallery: all, or one list's favourites only; a page of them when
 * `page` is given. `list` is the list (a `delivery_visitors` row) whose hearts are read; null:
 * none yet.
 */
export interface PhotoSelection {
  list: number | null;
  onlyFavourites?: boolean;
  /** The gallery is watermarked: photos without their watermarked copy yet are left out. */
  watermark?: boolean;
  page?: { offset: number; limit: number };
  /** Only the photos of this set (already checked to be the gallery's). */
  setId?: number;
}

// The customer sees a photo once its derived files exist (`photoShown`), in pages, zips and
// favourites; in a watermarked gallery once its watermarked copy exists too (`shownTo`).

/** What the customer of a gallery may see of its photos: with `watermark`, watermarked copies only. */
const shownTo = (watermark: boolean) =>
  watermark
    ? sql`exists (select 1 from media_assets a where a.id = ${galleryPhotos.assetId} and a.state = 'ready' and a.variants->'watermarked' is not null)`
    : photoShown;

/** A client gallery's photos in their saved order, each with whether it is a favourite (one query). */
export async function deliveryPhotos(db: DbOrTx, clientGalleryId: number, which: PhotoSelection): Promise<DeliveryPhotoRow[]> {
  const query = db
    .select({
      id: galleryPhotos.id,
      name: galleryPhotos.name,
      assetId: galleryPhotos.assetId,
      timeCreated: galleryPhotos.timeCreated,
      favourite: sql<boolean>`${deliveryFavourites.photoId} is not null`,
    })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .leftJoin(deliveryFavourites, and(eq(deliveryFavourites.visitorId, which.list ?? 0), eq(deliveryFavourites.photoId, galleryPhotos.id)))
    .where(
      and(
        eq(galleries.clientGalleryId, clientGalleryId),
        shownTo(!!which.watermark),
        which.onlyFavourites ? sql`${deliveryFavourites.photoId} is not null` : undefined,
        which.setId === undefined ? undefined : inSet(which.setId),
      ),
    )
    .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id))
    .$dynamic();
  const rows = which.page ? await query.offset(which.page.offset).limit(which.page.limit) : await query;
  return rows.map((r) => ({ ...r, favourite: Boolean(r.favourite), timeCreated: new Date(r.timeCreated) }));
}

/** How many photos a client gallery (or one of its sets) has, and how many of them are in the list `list` (one query). */
export async function deliveryPhotoCounts(
  db: DbOrTx,
  clientGalleryId: number,
  list: number | null,
  setId?: number,
  watermark = false,
): Promise<{ photos: number; favourites: number }> {
  const [row] = await db
    .select({ photos: count(), favourites: count(deliveryFavourites.photoId) })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .leftJoin(deliveryFavourites, and(eq(deliveryFavourites.visitorId, list ?? 0), eq(deliveryFavourites.photoId, galleryPhotos.id)))
    .where(and(eq(galleries.clientGalleryId, clientGalleryId), shownTo(watermark), setId === undefined ? undefined : inSet(setId)));
  return { photos: Number(row?.photos ?? 0), favourites: Number(row?.favourites ?? 0) };
}

/** The photo ids of one list (none for no list). */
export async function favouriteIds(db: DbOrTx, list: number | null): Promise<number[]> {
  if (list === null) return [];
  const rows = await db
    .select({ id: deliveryFavourites.photoId })
    .from(deliveryFavourites)
    .where(eq(deliveryFavourites.visitorId, list))
    .orderBy(asc(deliveryFavourites.photoId));
  return rows.map((r) => r.id);
}

/** One photo of this client gallery (null when the id is another gallery's, or none). */
export async function deliveryPhoto(
  db: DbOrTx,
  clientGalleryId: number,
  photoId: number,
  watermark = false,
): Promise<DeliveryPhotoRow | null> {
  const [row] = await db
    .select({ id: galleryPhotos.id, name: galleryPhotos.name, assetId: galleryPhotos.assetId, timeCreated: galleryPhotos.timeCreated })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .where(and(eq(galleries.clientGalleryId, clientGalleryId), eq(galleryPhotos.id, photoId), shownTo(watermark)))
    .limit(1);
  return row ? { ...row, favourite: false, timeCreated: new Date(row.timeCreated) } : null;
}

/** Which of these ids are photos of this client gallery. */
export async function photoIdsOf(db: DbOrTx, clientGalleryId: number, ids: number[], watermark = false): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: galleryPhotos.id })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .where(and(eq(galleries.clientGalleryId, clientGalleryId), inArray(galleryPhotos.id, ids), shownTo(watermark)));
  return rows.map((r) => r.id);
}

/** Makes one list exactly these photo ids (already checked to be the gallery's). */
export async function replaceFavourites(db: DbOrTx, clientGalleryId: number, list: number, ids: number[]): Promise<void> {
  await db
    .delete(deliveryFavourites)
    .where(
      ids.length
        ? and(eq(deliveryFavourites.visitorId, list), notInArray(deliveryFavourites.photoId, ids))
        : eq(deliveryFavourites.visitorId, list),
    );
  if (ids.length) {
    await db
      .insert(deliveryFavourites)
      .values(ids.map((photoId) => ({ clientGalleryId, visitorId: list, photoId })))
      .onConflictDoNothing();
  }
}

export async function insertEvent(db: DbOrTx, clientGalleryId: number, kind: string, detail: string): Promise<void> {
  await db.insert(deliveryEvents).values({ clientGalleryId, kind, detail: detail.slice(0, 500) });
}

/**
 * Records a favourites change; a change within `withinMs` of the gallery's last event, when that
 * one was a favourites change too, updates it instead (a customer hearts photo after photo).
 */
export async function recordFavouritesEvent(db: DbOrTx, clientGalleryId: number, detail: string, withinMs: number): Promise<void> {
  const [last] = await db
    .select({ id: deliveryEvents.id, kind: deliveryEvents.kind, at: deliveryEvents.at })
    .from(deliveryEvents)
    .where(eq(deliveryEvents.clientGalleryId, clientGalleryId))
    .orderBy(desc(deliveryEvents.at), desc(deliveryEvents.id))
    .limit(1);
  if (last && last.kind === 'favourites' && Date.now() - new Date(last.at).getTime() < withinMs) {
    await db
      .update(deliveryEvents)
      .set({ at: new Date(), detail: detail.slice(0, 500) })
      .where(eq(deliveryEvents.id, last.id));
  } else {
    await insertEvent(db, clientGalleryId, 'favourites', detail);
  }
}

/** Counts by kind and the last event's time of one gallery. */
export async function eventSummary(db: DbOrTx, clientGalleryId: number): Promise<{ kinds: Map<string, number>; last: Date | null }> {
  const rows = await db
    .select({ kind: deliveryEvents.kind, n: count(), last: max(deliveryEvents.at) })
    .from(deliveryEvents)
    .where(eq(deliveryEvents.clientGalleryId, clientGalleryId))
    .groupBy(deliveryEvents.kind);
  const kinds = new Map(rows.map((r) => [r.kind, Number(r.n)]));
  const lasts = rows.map((r) => (r.last ? new Date(r.last).getTime() : 0)).filter((t) => t > 0);
  return { kinds, last: lasts.length ? new Date(Math.max(...lasts)) : null };
}

export async function recentEvents(db: DbOrTx, clientGalleryId: number, limit: number) {
  const rows = await db
    .select({ at: deliveryEvents.at, kind: deliveryEvents.kind, detail: deliveryEvents.detail })
    .from(deliveryEvents)
    .where(eq(deliveryEvents.clientGalleryId, clientGalleryId))
    .orderBy(desc(deliveryEvents.at), desc(deliveryEvents.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, at: new Date(r.at) }));
}

/** The latest customer events of every gallery, with its title (the dashboard; the studio's sends are left out). */
export async function latestEvents(db: DbOrTx, limit: number) {
  const rows = await db
    .select({
      at: deliveryEvents.at,
      kind: deliveryEvents.kind,
      detail: deliveryEvents.detail,
      galleryId: deliveryEvents.clientGalleryId,
      title: clientGalleries.title,
    })
    .from(deliveryEvents)
    .innerJoin(clientGalleries, eq(clientGalleries.id, deliveryEvents.clientGalleryId))
    .where(ne(deliveryEvents.kind, 'sent'))
    .orderBy(desc(deliveryEvents.at), desc(deliveryEvents.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, at: new Date(r.at) }));
}

/** A secret shared by every process: made once (the first writer wins), then read. */
export async function serverSecret(db: DbOrTx, name: string, make: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}

/**
 * The live client galleries (published, not past their last day `today`) of every account with
 * this e-mail, matched case-insensitively: one query, oldest first.
 */
export async function liveGalleriesOfEmail(db: DbOrTx, email: string, today: string) {
  return db
    .select({
      title: clientGalleries.title,
      token: clientGalleries.deliveryToken,
      expiresAt: clientGalleries.deliveryExpiresAt,
      coverAssetId: clientGalleries.coverAssetId,
      watermark: clientGalleries.watermark,
    })
    .from(clientGalleries)
    .innerJoin(accounts, eq(accounts.id, clientGalleries.accountId))
    .where(
      and(
        sql`lower(${accounts.email}) = lower(${email})`,
        eq(clientGalleries.status, true),
        sql`(${clientGalleries.deliveryExpiresAt} is null or ${clientGalleries.deliveryExpiresAt} >= ${today})`,
      ),
    )
    .orderBy(asc(clientGalleries.id));
}

/**
 * Published galleries with a customer's e-mail whose last day falls between `from` and `until`
 * (inclusive) and whose customer has not been reminded of that day yet.
 */
export async function galleriesToRemind(db: DbOrTx, from: string, until: string) {
  return db
    .select({
      id: clientGalleries.id,
      title: clientGalleries.title,
      token: clientGalleries.deliveryToken,
      expiresAt: clientGalleries.deliveryExpiresAt,
      email: accounts.email,
      firstName: accounts.firstName,
      coverAssetId: clientGalleries.coverAssetId,
      watermark: clientGalleries.watermark,
    })
    .from(clientGalleries)
    .innerJoin(accounts, eq(accounts.id, clientGalleries.accountId))
    .where(
      and(
        eq(clientGalleries.status, true),
        sql`${clientGalleries.deliveryExpiresAt} between ${from} and ${until}`,
        sql`${clientGalleries.expiryReminderFor} is distinct from ${clientGalleries.deliveryExpiresAt}`,
        sql`coalesce(trim(${accounts.email}), '') <> ''`,
      ),
    )
    .orderBy(asc(clientGalleries.id));
}

/**
 * Marks a gallery's customer reminded of `expiresAt`; false when another run did it first or the
 * date changed meanwhile (so each date is reminded of once, however many processes run).
 */
export async function claimReminder(db: DbOrTx, id: number, expiresAt: string): Promise<boolean> {
  const rows = await db
    .update(clientGalleries)
    .set({ expiryReminderFor: expiresAt })
    .where(
      and(
        eq(clientGalleries.id, id),
        eq(clientGalleries.deliveryExpiresAt, expiresAt),
        sql`${clientGalleries.expiryReminderFor} is distinct from ${expiresAt}`,
      ),
    )
    .returning({ id: clientGalleries.id });
  return rows.length > 0;
}
