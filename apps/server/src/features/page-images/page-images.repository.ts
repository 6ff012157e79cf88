import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageImages } from '../../db/schema';

export type PageImageRow = typeof pageImages.$inferSelect;
export type NewPageImageRow = typeof pageImages.$inferInsert;
export type PageImagePatch = Partial<Pick<PageImageRow, 'page' | 'imageAssetId' | 'status'>>;

/** Newest first. */
export function listPageImageRows(db: DbOrTx): Promise<PageImageRow[]> {
  return db.select().from(pageImages).orderBy(desc(pageImages.timeCreated), desc(pageImages.id));
}

export async function findPageImageRow(db: DbOrTx, id: number, lock = false): Promise<PageImageRow | undefined> {
  const query = db.select().from(pageImages).where(eq(pageImages.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertPageImageRow(db: DbOrTx, values: NewPageImageRow): Promise<PageImageRow> {
  const [row] = await db.insert(pageImages).values(values).returning();
  return row!;
}

export async function updatePageImageRow(db: DbOrTx, id: number, patch: PageImagePatch): Promise<PageImageRow | undefined> {
  const [row] = await db
    .update(pageImages)
    .set({ ...patch, timeUpdated: new Date() })
    .where(eq(pageImages.id, id))
    .returning();
  return row;
}

export async function deletePageImageRow(db: DbOrTx, id: number): Promise<PageImageRow | undefined> {
  const [row] = await db.delete(pageImages).where(eq(pageImages.id, id)).returning();
  return row;
}
