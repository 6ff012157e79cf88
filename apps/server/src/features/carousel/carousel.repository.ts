import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { carouselItems } from '../../db/schema';

export type CarouselRow = typeof carouselItems.$inferSelect;
export type CarouselInsert = typeof carouselItems.$inferInsert;
export type CarouselChanges = Partial<Omit<CarouselInsert, 'id' | 'timeCreated'>>;

/** Newest first. */
export function listCarouselRows(db: DbOrTx): Promise<CarouselRow[]> {
  return db.select().from(carouselItems).orderBy(desc(carouselItems.timeCreated), desc(carouselItems.id));
}

/** `lock` holds the row (for update) until the transaction ends. */
export async function findCarouselRow(db: DbOrTx, id: number, lock = false): Promise<CarouselRow | undefined> {
  const query = db.select().from(carouselItems).where(eq(carouselItems.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertCarouselRow(db: DbOrTx, values: CarouselInsert): Promise<CarouselRow> {
  const [row] = await db.insert(carouselItems).values(values).returning();
  return row!;
}

export async function updateCarouselRow(db: DbOrTx, id: number, changes: CarouselChanges): Promise<CarouselRow | undefined> {
  const [row] = await db
    .update(carouselItems)
    .set({ ...changes, timeUpdated: new Date() })
    .where(eq(carouselItems.id, id))
    .returning();
  return row;
}

export async function deleteCarouselRow(db: DbOrTx, id: number): Promise<CarouselRow | undefined> {
  const [row] = await db.delete(carouselItems).where(eq(carouselItems.id, id)).returning();
  return row;
}
