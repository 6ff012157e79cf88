import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { servicePage } from '../../db/schema';

export type ServicePageRow = typeof servicePage.$inferSelect;
export type ServicePageValues = Partial<Pick<ServicePageRow, 'name' | 'description' | 'imageAssetId'>>;

/** Serialises creators, so two admins in create mode at once cannot make two records. */
const CREATE_LOCK_ID = 727_017;

/** The service page record, if one exists (the oldest, should there ever be more). */
export async function findServicePage(db: DbOrTx): Promise<ServicePageRow | undefined> {
  const [row] = await db.select().from(servicePage).orderBy(asc(servicePage.id)).limit(1);
  return row;
}

/** `lock` holds the row (for update) until the transaction ends. */
export async function findServicePageById(db: DbOrTx, id: number, lock = false): Promise<ServicePageRow | undefined> {
  const query = db.select().from(servicePage).where(eq(servicePage.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Inserts the record unless one exists (call inside a transaction: the lock lasts until it ends); null when it already did. */
export async function insertServicePageOnce(db: DbOrTx, values: typeof servicePage.$inferInsert): Promise<ServicePageRow | null> {
  await db.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK_ID})`);
  if (await findServicePage(db)) return null;
  const [row] = await db.insert(servicePage).values(values).returning();
  return row!;
}

export async function updateServicePage(db: DbOrTx, id: number, values: ServicePageValues): Promise<ServicePageRow | undefined> {
  const [row] = await db
    .update(servicePage)
    .set({ ...values, timeUpdated: new Date() })
    .where(eq(servicePage.id, id))
    .returning();
  return row;
}
