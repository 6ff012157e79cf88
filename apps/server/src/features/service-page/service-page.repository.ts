import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { servicePage } from '../../db/schema';

export type ServicePageRow = typeof servicePage.$inferSelect;
export type ServicePageValues = Partial<Pick<ServicePageRow, 'name' | 'description' | 'image'>>;

/** Serialises creators, so two admins in create mode at once cannot make two records. */
const CREATE_LOCK_ID = 727_017;

/** The service page record, if one exists (the oldest, should there ever be more). */
export async function findServicePage(db: DbOrTx): Promise<ServicePageRow | undefined> {
  const [row] = await db.select().from(servicePage).orderBy(asc(servicePage.id)).limit(1);
  return row;
}

export async function findServicePageById(db: DbOrTx, id: number): Promise<ServicePageRow | undefined> {
  const [row] = await db.select().from(servicePage).where(eq(servicePage.id, id)).limit(1);
  return row;
}

/** Inserts the record unless one exists; returns null when it already did. */
export async function insertServicePageOnce(db: DbOrTx, values: typeof servicePage.$inferInsert): Promise<ServicePageRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK_ID})`);
    if (await findServicePage(tx)) return null;
    const [row] = await tx.insert(servicePage).values(values).returning();
    return row!;
  });
}

export async function updateServicePage(db: DbOrTx, id: number, values: ServicePageValues): Promise<ServicePageRow | undefined> {
  const [row] = await db
    .update(servicePage)
    .set({ ...values, timeUpdated: new Date() })
    .where(eq(servicePage.id, id))
    .returning();
  return row;
}
