import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enquiries } from '../../db/schema';

export type EnquiryRow = typeof enquiries.$inferSelect;

/** Every enquiry (or the newest `limit`, for the dashboard), newest first. */
export async function listEnquiries(db: DbOrTx, limit?: number): Promise<EnquiryRow[]> {
  const query = db.select().from(enquiries).orderBy(desc(enquiries.timeCreated), desc(enquiries.id));
  return limit === undefined ? query : query.limit(limit);
}

export async function insertEnquiry(db: DbOrTx, values: { fullName: string; email: string; message: string }): Promise<EnquiryRow> {
  const [row] = await db.insert(enquiries).values(values).returning();
  return row!;
}

/** Many enquiries at once (demo data at scale), in chunks the database takes in one statement. */
export async function insertEnquiries(
  db: DbOrTx,
  rows: { fullName: string; email: string; message: string; timeCreated?: Date }[],
): Promise<number> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(enquiries).values(rows.slice(i, i + 1000));
  return rows.length;
}

/** Deletes one enquiry; false when there was none with this id. */
export async function deleteEnquiry(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(enquiries).where(eq(enquiries.id, id)).returning({ id: enquiries.id });
  return rows.length > 0;
}
