import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, loveStories } from '../../db/schema';
import { customerNameColumns, type CustomerName } from '../../auth/customers.repository';

export type LoveStoryRow = typeof loveStories.$inferSelect;
export type LoveStoryInsert = typeof loveStories.$inferInsert;
/** A story with the name parts of its customer (null when the account is gone). */
export type LoveStoryWithOwner = { story: LoveStoryRow; owner: CustomerName | null };

function selectWithOwner(db: DbOrTx) {
  return db
    .select({ story: loveStories, owner: customerNameColumns })
    .from(loveStories)
    .leftJoin(accounts, eq(accounts.id, loveStories.accountId));
}

/** Newest first. */
export async function listLoveStories(db: DbOrTx): Promise<LoveStoryWithOwner[]> {
  return selectWithOwner(db).orderBy(desc(loveStories.timeCreated), desc(loveStories.id));
}

export async function findLoveStory(db: DbOrTx, id: number): Promise<LoveStoryWithOwner | undefined> {
  const [row] = await selectWithOwner(db).where(eq(loveStories.id, id)).limit(1);
  return row;
}

/** The row alone, locked (for update) until the transaction ends. */
export async function lockLoveStory(db: DbOrTx, id: number): Promise<LoveStoryRow | undefined> {
  const [row] = await db.select().from(loveStories).where(eq(loveStories.id, id)).for('update');
  return row;
}

export async function insertLoveStory(db: DbOrTx, values: LoveStoryInsert): Promise<LoveStoryRow> {
  const [row] = await db.insert(loveStories).values(values).returning();
  return row!;
}

export async function updateLoveStory(db: DbOrTx, id: number, values: Partial<LoveStoryInsert>): Promise<LoveStoryRow | undefined> {
  const [row] = await db
    .update(loveStories)
    .set({ ...values, timeUpdated: new Date() })
    .where(eq(loveStories.id, id))
    .returning();
  return row;
}

export async function deleteLoveStory(db: DbOrTx, id: number): Promise<LoveStoryRow | undefined> {
  const [row] = await db.delete(loveStories).where(eq(loveStories.id, id)).returning();
  return row;
}
