import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactInfos, contactUsContent } from '../../db/schema';

export type ContactInfoRow = typeof contactInfos.$inferSelect;
export type ContactInfoInsert = typeof contactInfos.$inferInsert;
export type ContactInfoChanges = Partial<Omit<ContactInfoInsert, 'id' | 'timeCreated'>>;

export type ContactUsRow = typeof contactUsContent.$inferSelect;
export type ContactUsInsert = typeof contactUsContent.$inferInsert;
export type ContactUsChanges = Partial<Omit<ContactUsInsert, 'id' | 'timeCreated'>>;

// Contact information rows (the /Contact-us-info table).

/** Newest first. */
export function listContactInfoRows(db: DbOrTx): Promise<ContactInfoRow[]> {
  return db.select().from(contactInfos).orderBy(desc(contactInfos.timeCreated), desc(contactInfos.id));
}

export async function findContactInfoRow(db: DbOrTx, id: number): Promise<ContactInfoRow | undefined> {
  const [row] = await db.select().from(contactInfos).where(eq(contactInfos.id, id)).limit(1);
  return row;
}

export async function insertContactInfoRow(db: DbOrTx, values: ContactInfoInsert): Promise<ContactInfoRow> {
  const [row] = await db.insert(contactInfos).values(values).returning();
  return row!;
}

export async function updateContactInfoRow(db: DbOrTx, id: number, changes: ContactInfoChanges): Promise<ContactInfoRow | undefined> {
  const [row] = await db
    .update(contactInfos)
    .set({ ...changes, timeUpdated: new Date() })
    .where(eq(contactInfos.id, id))
    .returning();
  return row;
}

export async function deleteContactInfoRow(db: DbOrTx, id: number): Promise<ContactInfoRow | undefined> {
  const [row] = await db.delete(contactInfos).where(eq(contactInfos.id, id)).returning();
  return row;
}

// Contact-us page content (one row in practice).

/** Oldest first, so the row the page shows is always the first. */
export function listContactUsRows(db: DbOrTx): Promise<ContactUsRow[]> {
  return db.select().from(contactUsContent).orderBy(asc(contactUsContent.id));
}

/** `lock` holds the row (for update) until the transaction ends. */
export async function findContactUsRow(db: DbOrTx, id: number, lock = false): Promise<ContactUsRow | undefined> {
  const query = db.select().from(contactUsContent).where(eq(contactUsContent.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertContactUsRow(db: DbOrTx, values: ContactUsInsert): Promise<ContactUsRow> {
  const [row] = await db.insert(contactUsContent).values(values).returning();
  return row!;
}

export async function updateContactUsRow(db: DbOrTx, id: number, changes: ContactUsChanges): Promise<ContactUsRow | undefined> {
  const [row] = await db
    .update(contactUsContent)
    .set({ ...changes, timeUpdated: new Date() })
    .where(eq(contactUsContent.id, id))
    .returning();
  return row;
}
