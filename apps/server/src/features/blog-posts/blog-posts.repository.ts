import { and, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blogPostPhotos, blogPosts } from '../../db/schema';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPostRow = typeof blogPosts.$inferInsert;
export type BlogPostPatch = Partial<Omit<NewBlogPostRow, 'id' | 'timeCreated' | 'timeUpdated'>>;
export type BlogPhotoRow = typeof blogPostPhotos.$inferSelect;

/** Published, or scheduled and due by `now`: what the website shows. */
function liveAt(now: Date): SQL {
  return or(eq(blogPosts.status, 'published'), and(eq(blogPosts.status, 'scheduled'), lte(blogPosts.publishAt, now)))!;
}

/** Newest first: by publish time, then by creation. */
export function listPostRows(db: DbOrTx): Promise<BlogPostRow[]> {
  return db
    .select()
    .from(blogPosts)
    .orderBy(sql`${blogPosts.publishAt} desc nulls first`, desc(blogPosts.timeCreated), desc(blogPosts.id));
}

export async function findPostRow(db: DbOrTx, id: number, lock = false): Promise<BlogPostRow | undefined> {
  const query = db.select().from(blogPosts).where(eq(blogPosts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertPostRow(db: DbOrTx, values: NewBlogPostRow): Promise<BlogPostRow> {
  const [row] = await db.insert(blogPosts).values(values).returning();
  return row!;
}

export async function updatePostRow(db: DbOrTx, id: number, patch: BlogPostPatch): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .update(blogPosts)
    .set({ ...patch, timeUpdated: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  return row;
}

export async function deletePostRow(db: DbOrTx, id: number): Promise<BlogPostRow | undefined> {
  const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  return row;
}

/** A page of the live posts, newest first, optionally with a tag (compared without case). */
export async function livePostRows(
  db: DbOrTx,
  opts: { now: Date; tag?: string; limit: number; offset: number },
): Promise<{ rows: BlogPostRow[]; total: number }> {
  const where = opts.tag
    ? and(
        liveAt(opts.now),
        sql`exists (select 1 from jsonb_array_elements_text(${blogPosts.tags}) as t(tag) where lower(t.tag) = lower(${opts.tag}))`,
      )
    : liveAt(opts.now);
  const [rows, [count]] = await Promise.all([
    db.select().from(blogPosts).where(where).orderBy(desc(blogPosts.publishAt), desc(blogPosts.id)).limit(opts.limit).offset(opts.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(blogPosts)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function livePostRow(db: DbOrTx, id: number, now: Date): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), liveAt(now)));
  return row;
}

/** Scheduled posts whose time has come become published; returns how many. */
export async function publishDueRows(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(blogPosts)
    .set({ status: 'published', timeUpdated: now })
    .where(and(eq(blogPosts.status, 'scheduled'), lte(blogPosts.publishAt, now)))
    .returning({ id: blogPosts.id });
  return rows.length;
}

export function photoRowsOf(db: DbOrTx, postIds: number[]): Promise<BlogPhotoRow[]> {
  if (!postIds.length) return Promise.resolve([]);
  return db.select().from(blogPostPhotos).where(inArray(blogPostPhotos.postId, postIds)).orderBy(blogPostPhotos.id);
}

export async function insertPhotoRow(db: DbOrTx, postId: number, imageAssetId: number): Promise<BlogPhotoRow> {
  const [row] = await db.insert(blogPostPhotos).values({ postId, imageAssetId }).returning();
  return row!;
}

/** The cover photos of these posts, by photo id. */
export function photoRowsByIds(db: DbOrTx, ids: number[]): Promise<BlogPhotoRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(blogPostPhotos).where(inArray(blogPostPhotos.id, ids));
}

export async function deletePhotoRow(db: DbOrTx, id: number): Promise<BlogPhotoRow | undefined> {
  const [row] = await db.delete(blogPostPhotos).where(eq(blogPostPhotos.id, id)).returning();
  return row;
}
