import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { homeGalleryImages } from '../../db/schema';

export type HomeGalleryRow = typeof homeGalleryImages.$inferSelect;
export type HomeGalleryInsert = typeof homeGalleryImages.$inferInsert;
export type HomeGalleryChanges = Partial<Omit<HomeGalleryInsert, 'id' | 'timeCreated'>>;

/** Newest first. */
export function listHomeGalleryRows(db: DbOrTx): Promise<HomeGalleryRow[]> {
  return db.select().from(homeGalleryImages).orderBy(desc(homeGalleryImages.timeCreated), desc(homeGalleryImages.id));
}

/** `lock` holds the row (for update) until the transaction ends. */
export async function findHomeGalleryRow(db: DbOrTx, id: number, lock = false): Promise<HomeGalleryRow | undefined> {
  const query = db.select().from(homeGalleryImages).where(eq(homeGalleryImages.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertHomeGalleryRow(db: DbOrTx, values: HomeGalleryInsert): Promise<HomeGalleryRow> {
  const [row] = await db.insert(homeGalleryImages).values(values).returning();
  return row!;
}

export async function updateHomeGalleryRow(db: DbOrTx, id: number, changes: HomeGalleryChanges): Promise<HomeGalleryRow | undefined> {
  const [row] = await db
    .update(homeGalleryImages)
    .set({ ...changes, timeUpdated: new Date() })
    .where(eq(homeGalleryImages.id, id))
    .returning();
  return row;
}

export async function deleteHomeGalleryRow(db: DbOrTx, id: number): Promise<HomeGalleryRow | undefined> {
  const [row] = await db.delete(homeGalleryImages).where(eq(homeGalleryImages.id, id)).returning();
  return row;
}
