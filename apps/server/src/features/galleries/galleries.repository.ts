import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clientGalleries, galleries, galleryPhotos, loveStories, services, type GalleryParentType } from '../../db/schema';

export type NewGalleryPhoto = typeof galleryPhotos.$inferInsert;
export type { GalleryParentType };

/** The galleries column that names each kind of owner. */
const OWNER = {
  service: galleries.serviceId,
  'love-story': galleries.loveStoryId,
  'client-gallery': galleries.clientGalleryId,
} as const;

const ownedBy = (type: GalleryParentType, parentId: number) => eq(OWNER[type], parentId);

/** A photo with its gallery's owner, as the API shows it (`type`, `gal`). */
const photoColumns = {
  id: galleryPhotos.id,
  galleryId: galleryPhotos.galleryId,
  name: galleryPhotos.name,
  title: galleryPhotos.title,
  assetId: galleryPhotos.assetId,
  position: galleryPhotos.position,
  timeCreated: galleryPhotos.timeCreated,
  timeUpdated: galleryPhotos.timeUpdated,
  parentType: sql<GalleryParentType>`case when ${galleries.serviceId} is not null then 'service' when ${galleries.loveStoryId} is not null then 'love-story' else 'client-gallery' end`,
  parentId: sql<number>`coalesce(${galleries.serviceId}, ${galleries.loveStoryId}, ${galleries.clientGalleryId})`,
};
export type GalleryPhotoRow = {
  id: number;
  galleryId: number;
  name: string;
  title: string;
  assetId: number;
  position: number;
  timeCreated: Date;
  timeUpdated: Date;
  parentType: GalleryParentType;
  parentId: number;
};

/**
 * Photos a visitor may see: those whose derived files exist (an upload answers before they are
 * made). The website's and delivery's reads all filter on it.
 */
export const photoShown = sql`exists (select 1 from media_assets a where a.id = ${galleryPhotos.assetId} and a.state = 'ready')`;

const selectPhotos = (db: DbOrTx) =>
  db.select(photoColumns).from(galleryPhotos).innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId));

/** Normalises driver output (the computed id may come back as a string). */
const fix = (rows: GalleryPhotoRow[]): GalleryPhotoRow[] =>
  rows.map((r) => ({ ...r, parentId: Number(r.parentId), timeCreated: new Date(r.timeCreated), timeUpdated: new Date(r.timeUpdated) }));

/** The gallery of an owner, if it has one yet. */
export async function galleryIdOf(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<number | null> {
  const [row] = await db.select({ id: galleries.id }).from(galleries).where(ownedBy(type, parentId));
  return row?.id ?? null;
}

/** The gallery of an owner, made on its first photo. */
export async function ensureGallery(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<number> {
  await db
    .insert(galleries)
    .values({ [type === 'service' ? 'serviceId' : type === 'love-story' ? 'loveStoryId' : 'clientGalleryId']: parentId })
    .onConflictDoNothing();
  return (await galleryIdOf(db, type, parentId))!;
}

/** The parent of a gallery: its id and display title (a service's `name`, the others' `title`). */
export async function findParent(db: DbOrTx, type: GalleryParentType, id: number): Promise<{ id: number; title: string } | null> {
  const rows =
    type === 'service'
      ? await db.select({ id: services.id, title: services.name }).from(services).where(eq(services.id, id))
      : type === 'love-story'
        ? await db.select({ id: loveStories.id, title: loveStories.title }).from(loveStories).where(eq(loveStories.id, id))
        : await db.select({ id: clientGalleries.id, title: clientGalleries.title }).from(clientGalleries).where(eq(clientGalleries.id, id));
  return rows[0] ?? null;
}

/** A parent by its exact name or title; the newest wins when several share it. */
export async function findParentByName(db: DbOrTx, type: GalleryParentType, name: string): Promise<{ id: number; title: string } | null> {
  const rows =
    type === 'service'
      ? await db
          .select({ id: services.id, title: services.name })
          .from(services)
          .where(eq(services.name, name))
          .orderBy(desc(services.id))
          .limit(1)
      : type === 'love-story'
        ? await db
            .select({ id: loveStories.id, title: loveStories.title })
            .from(loveStories)
            .where(eq(loveStories.title, name))
            .orderBy(desc(loveStories.id))
            .limit(1)
        : await db
            .select({ id: clientGalleries.id, title: clientGalleries.title })
            .from(clientGalleries)
            .where(eq(clientGalleries.title, name))
            .orderBy(desc(clientGalleries.id))
            .limit(1);
  return rows[0] ?? null;
}

/** A gallery's photos in their saved order. */
export async function listPhotos(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<GalleryPhotoRow[]> {
  return fix(await selectPhotos(db).where(ownedBy(type, parentId)).orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id)));
}

/** One page of a gallery's shown photos in their saved order. */
export async function photoPage(
  db: DbOrTx,
  type: GalleryParentType,
  parentId: number,
  page: { offset: number; limit: number },
): Promise<GalleryPhotoRow[]> {
  return fix(
    await selectPhotos(db)
      .where(and(ownedBy(type, parentId), photoShown))
      .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id))
      .offset(page.offset)
      .limit(page.limit),
  );
}

/** How many shown photos each of these owners' galleries holds (owners without one are left out). */
export async function photoCounts(db: DbOrTx, type: GalleryParentType, parentIds: number[]): Promise<Map<number, number>> {
  if (!parentIds.length) return new Map();
  const rows = await db
    .select({ parentId: OWNER[type], n: sql<number>`count(${galleryPhotos.id})` })
    .from(galleries)
    .innerJoin(galleryPhotos, eq(galleryPhotos.galleryId, galleries.id))
    .where(and(inArray(OWNER[type], parentIds), photoShown))
    .groupBy(OWNER[type]);
  return new Map(rows.map((r) => [Number(r.parentId), Number(r.n)]));
}

/** The first `n` shown photos of each of these owners' galleries, in saved order (one query). */
export async function firstPhotos(db: DbOrTx, type: GalleryParentType, parentIds: number[], n: number): Promise<GalleryPhotoRow[]> {
  if (!parentIds.length) return [];
  const ranked = db
    .select({
      id: galleryPhotos.id,
      rank: sql<number>`row_number() over (partition by ${galleryPhotos.galleryId} order by ${galleryPhotos.position}, ${galleryPhotos.id})`.as(
        'rank',
      ),
    })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .where(and(inArray(OWNER[type], parentIds), photoShown))
    .as('ranked');
  return fix(
    await selectPhotos(db)
      .innerJoin(ranked, eq(ranked.id, galleryPhotos.id))
      .where(sql`${ranked.rank} <= ${n}`)
      .orderBy(asc(galleryPhotos.galleryId), asc(galleryPhotos.position), asc(galleryPhotos.id)),
  );
}

/** Names and asset ids already in a gallery (for duplicate checks). */
export async function galleryKeys(
  db: DbOrTx,
  type: GalleryParentType,
  parentId: number,
): Promise<{ names: Set<string>; assets: Set<number> }> {
  const rows = await selectPhotos(db).where(ownedBy(type, parentId));
  return { names: new Set(rows.map((r) => r.name)), assets: new Set(rows.map((r) => r.assetId)) };
}

/** Whether a name, or a content (its asset), is already in a gallery (both lookups use the unique indexes). */
export async function findDuplicate(
  db: DbOrTx,
  type: GalleryParentType,
  parentId: number,
  name: string,
  assetId: number | null,
): Promise<'name' | 'content' | null> {
  const same = assetId === null ? eq(galleryPhotos.name, name) : or(eq(galleryPhotos.name, name), eq(galleryPhotos.assetId, assetId));
  const rows = await selectPhotos(db)
    .where(and(ownedBy(type, parentId), same))
    .limit(2);
  if (!rows.length) return null;
  return rows.some((r) => r.name === name) ? 'name' : 'content';
}

export async function listNames(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<string[]> {
  return (await listPhotos(db, type, parentId)).map((r) => r.name);
}

/** Which of these assets the gallery holds. */
export async function existingAssets(db: DbOrTx, type: GalleryParentType, parentId: number, assetIds: number[]): Promise<number[]> {
  if (!assetIds.length) return [];
  const rows = await selectPhotos(db).where(and(ownedBy(type, parentId), inArray(galleryPhotos.assetId, assetIds)));
  return rows.map((r) => r.assetId);
}

/** Every asset a gallery's photos hold. */
export async function galleryAssetIds(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<number[]> {
  const rows = await selectPhotos(db).where(ownedBy(type, parentId));
  return rows.map((r) => r.assetId);
}

/** The galleries holding a photo of this asset (their lists change with its state). */
export async function galleriesHolding(db: DbOrTx, assetId: number): Promise<{ type: GalleryParentType; id: number }[]> {
  const rows = await selectPhotos(db).where(eq(galleryPhotos.assetId, assetId));
  return fix(rows).map((r) => ({ type: r.parentType, id: r.parentId }));
}

/** The position after the gallery's last photo. */
export async function nextPosition(db: DbOrTx, galleryId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${galleryPhotos.position})` })
    .from(galleryPhotos)
    .where(eq(galleryPhotos.galleryId, galleryId));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/**
 * Inserts photos; one whose name or content already exists in its gallery (a concurrent upload
 * got there first) is left out rather than failing the batch. Returns the inserted photos' ids.
 */
export async function insertPhotos(db: DbOrTx, rows: NewGalleryPhoto[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(galleryPhotos).values(rows).onConflictDoNothing().returning({ id: galleryPhotos.id });
  return inserted.map((r) => r.id);
}

export async function photosByIds(db: DbOrTx, ids: number[]): Promise<GalleryPhotoRow[]> {
  if (!ids.length) return [];
  return fix(await selectPhotos(db).where(inArray(galleryPhotos.id, ids)));
}

/** Deletes photos; returns them as they were. */
export async function deletePhotos(db: DbOrTx, ids: number[]): Promise<GalleryPhotoRow[]> {
  const rows = await photosByIds(db, ids);
  if (!rows.length) return [];
  await db.delete(galleryPhotos).where(
    inArray(
      galleryPhotos.id,
      rows.map((r) => r.id),
    ),
  );
  return rows;
}

/** Deletes one owner's gallery (its photos go with it); returns the assets they held. */
export async function deleteGallery(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<number[]> {
  const held = await galleryAssetIds(db, type, parentId);
  await db.delete(galleries).where(ownedBy(type, parentId));
  return held;
}

/**
 * Saves a new order in one statement: the listed photos take positions 0..n-1 in the given
 * order, the gallery's other photos follow in their current order.
 */
export async function saveOrder(db: DbOrTx, galleryId: number, ids: number[]): Promise<void> {
  const listed = JSON.stringify(ids);
  await db.execute(sql`
    with listed as (
      select (value)::int as id, ordinality - 1 as pos
      from json_array_elements_text(${listed}::json) with ordinality
    ),
    ranked as (
      select p.id,
             coalesce(l.pos, ${ids.length} + row_number() over (partition by l.pos is null order by p.position, p.id) - 1) as pos
      from gallery_photos p
      left join listed l on l.id = p.id
      where p.gallery_id = ${galleryId}
    )
    update gallery_photos g
    set position = ranked.pos, time_updated = now()
    from ranked
    where g.id = ranked.id and g.position is distinct from ranked.pos
  `);
}
