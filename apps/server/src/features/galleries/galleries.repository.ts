import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clientGalleries, galleryPhotos, loveStories, services, type GalleryParentType } from '../../db/schema';

export type GalleryPhotoRow = typeof galleryPhotos.$inferSelect;
export type NewGalleryPhoto = typeof galleryPhotos.$inferInsert;
export type { GalleryParentType };

const inGallery = (type: GalleryParentType, parentId: number) =>
  and(eq(galleryPhotos.parentType, type), eq(galleryPhotos.parentId, parentId));

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
export function listPhotos(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<GalleryPhotoRow[]> {
  return db.select().from(galleryPhotos).where(inGallery(type, parentId)).orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id));
}

/** Names and SHA-256s already in a gallery (for duplicate checks). */
export async function galleryKeys(
  db: DbOrTx,
  type: GalleryParentType,
  parentId: number,
): Promise<{ names: Set<string>; shas: Set<string> }> {
  const rows = await db
    .select({ name: galleryPhotos.name, sha: galleryPhotos.sha256 })
    .from(galleryPhotos)
    .where(inGallery(type, parentId));
  return { names: new Set(rows.map((r) => r.name)), shas: new Set(rows.map((r) => r.sha)) };
}

/** Whether a name, or a content hash, is already in a gallery (both lookups use the unique indexes). */
export async function findDuplicate(
  db: DbOrTx,
  type: GalleryParentType,
  parentId: number,
  name: string,
  sha256: string,
): Promise<'name' | 'content' | null> {
  const rows = await db
    .select({ name: galleryPhotos.name })
    .from(galleryPhotos)
    .where(and(inGallery(type, parentId), or(eq(galleryPhotos.name, name), eq(galleryPhotos.sha256, sha256))))
    .limit(2);
  if (!rows.length) return null;
  return rows.some((r) => r.name === name) ? 'name' : 'content';
}

export async function listNames(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<string[]> {
  const rows = await db
    .select({ name: galleryPhotos.name })
    .from(galleryPhotos)
    .where(inGallery(type, parentId))
    .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id));
  return rows.map((r) => r.name);
}

/** Which of these SHA-256s the gallery holds. */
export async function existingHashes(db: DbOrTx, type: GalleryParentType, parentId: number, hashes: string[]): Promise<string[]> {
  if (!hashes.length) return [];
  const rows = await db
    .select({ sha: galleryPhotos.sha256 })
    .from(galleryPhotos)
    .where(and(inGallery(type, parentId), inArray(galleryPhotos.sha256, hashes)));
  return rows.map((r) => r.sha);
}

/** The position after the gallery's last photo. */
export async function nextPosition(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${galleryPhotos.position})` })
    .from(galleryPhotos)
    .where(inGallery(type, parentId));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/**
 * Inserts photos; one whose name or content already exists in its gallery (a concurrent upload
 * got there first) is left out rather than failing the batch. Returns the inserted rows.
 */
export function insertPhotos(db: DbOrTx, rows: NewGalleryPhoto[]): Promise<GalleryPhotoRow[]> {
  if (!rows.length) return Promise.resolve([]);
  return db.insert(galleryPhotos).values(rows).onConflictDoNothing().returning();
}

export function photosByIds(db: DbOrTx, ids: number[]): Promise<Pick<GalleryPhotoRow, 'id' | 'parentType' | 'parentId'>[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: galleryPhotos.id, parentType: galleryPhotos.parentType, parentId: galleryPhotos.parentId })
    .from(galleryPhotos)
    .where(inArray(galleryPhotos.id, ids));
}

export function deletePhotos(db: DbOrTx, ids: number[]): Promise<GalleryPhotoRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.delete(galleryPhotos).where(inArray(galleryPhotos.id, ids)).returning();
}

/** Deletes every photo of one gallery; returns the deleted rows (their images are released by the caller). */
export function deleteGalleryRows(db: DbOrTx, type: GalleryParentType, parentId: number): Promise<GalleryPhotoRow[]> {
  return db.delete(galleryPhotos).where(inGallery(type, parentId)).returning();
}

/**
 * Saves a new order in one statement: the listed photos take positions 0..n-1 in the given
 * order, the gallery's other photos follow in their current order.
 */
export async function saveOrder(db: DbOrTx, type: GalleryParentType, parentId: number, ids: number[]): Promise<void> {
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
      where p.parent_type = ${type} and p.parent_id = ${parentId}
    )
    update gallery_photos g
    set position = ranked.pos, time_updated = now()
    from ranked
    where g.id = ranked.id and g.position is distinct from ranked.pos
  `);
}
