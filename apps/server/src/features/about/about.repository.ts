import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aboutContent } from '../../db/schema';

export type AboutRow = typeof aboutContent.$inferSelect;
export type NewAboutRow = typeof aboutContent.$inferInsert;
export type AboutPatch = Partial<Pick<AboutRow, 'headerText' | 'infoText1' | 'infoText2' | 'pageImageAssetId' | 'infoImageAssetId'>>;

/** Serialises creates so two at once cannot both find "none yet" (held until the transaction ends). */
const CREATE_LOCK_ID = 727_101;

export function listAboutRows(db: DbOrTx): Promise<AboutRow[]> {
  return db.select().from(aboutContent).orderBy(desc(aboutContent.id));
}

export async function findAboutRow(db: DbOrTx, id: number, lock = false): Promise<AboutRow | undefined> {
  const query = db.select().from(aboutContent).where(eq(aboutContent.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function lockAboutCreate(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK_ID})`);
}

export async function countAboutRows(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(aboutContent);
  return Number(row?.n ?? 0);
}

export async function insertAboutRow(db: DbOrTx, values: NewAboutRow): Promise<AboutRow> {
  const [row] = await db.insert(aboutContent).values(values).returning();
  return row!;
}

export async function updateAboutRow(db: DbOrTx, id: number, patch: AboutPatch): Promise<AboutRow | undefined> {
  const [row] = await db
    .update(aboutContent)
    .set({ ...patch, timeUpdated: new Date() })
    .where(eq(aboutContent.id, id))
    .returning();
  return row;
}
