import { and, asc, count, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enquiries, enquiryReplies, outgoingMail } from '../../db/schema';

export type EnquiryRow = typeof enquiries.$inferSelect;
export type EnquiryInsert = typeof enquiries.$inferInsert;
export type EnquiryChanges = Partial<Omit<EnquiryInsert, 'id' | 'timeCreated'>>;

/** A reply kept with its enquiry, with the state of the message that carries it. */
export interface EnquiryReplyRow {
  id: number;
  enquiryId: number;
  subject: string;
  body: string;
  sentBy: string;
  mailStatus: string | null;
  timeCreated: Date;
}

/** Every enquiry (or the newest `limit`, for the dashboard), newest first. */
export async function listEnquiries(db: DbOrTx, limit?: number): Promise<EnquiryRow[]> {
  const query = db.select().from(enquiries).orderBy(desc(enquiries.timeCreated), desc(enquiries.id));
  return limit === undefined ? query : query.limit(limit);
}

/** What the pipeline filters by; days are YYYY-MM-DD, inclusive. */
export interface EnquiryRowFilters {
  status?: string;
  date: 'event' | 'received';
  from?: string;
  to?: string;
}

/** The day after a YYYY-MM-DD, at 00:00 UTC: the end (exclusive) of an inclusive range of received days. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** A page of the enquiries passing the filters, newest first, and how many pass them. */
export async function listEnquiryPage(
  db: DbOrTx,
  filters: EnquiryRowFilters,
  limit: number,
  offset: number,
): Promise<{ rows: EnquiryRow[]; total: number }> {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(enquiries.status, filters.status));
  if (filters.date === 'event') {
    if (filters.from) where.push(gte(enquiries.eventDate, filters.from));
    if (filters.to) where.push(lte(enquiries.eventDate, filters.to));
  } else {
    if (filters.from) where.push(gte(enquiries.timeCreated, new Date(`${filters.from}T00:00:00Z`)));
    if (filters.to) where.push(lt(enquiries.timeCreated, dayAfter(filters.to)));
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db.select().from(enquiries).where(condition).orderBy(desc(enquiries.timeCreated), desc(enquiries.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(enquiries).where(condition),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findEnquiry(db: DbOrTx, id: number): Promise<EnquiryRow | null> {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row ?? null;
}

/** The replies of these enquiries, oldest first. */
export async function listReplies(db: DbOrTx, enquiryIds: number[]): Promise<EnquiryReplyRow[]> {
  if (!enquiryIds.length) return [];
  return db
    .select({
      id: enquiryReplies.id,
      enquiryId: enquiryReplies.enquiryId,
      subject: enquiryReplies.subject,
      body: enquiryReplies.body,
      sentBy: enquiryReplies.sentBy,
      mailStatus: outgoingMail.status,
      timeCreated: enquiryReplies.timeCreated,
    })
    .from(enquiryReplies)
    .leftJoin(outgoingMail, eq(outgoingMail.id, enquiryReplies.outgoingMailId))
    .where(inArray(enquiryReplies.enquiryId, enquiryIds))
    .orderBy(asc(enquiryReplies.timeCreated), asc(enquiryReplies.id));
}

export async function insertEnquiry(db: DbOrTx, values: EnquiryInsert): Promise<EnquiryRow> {
  const [row] = await db.insert(enquiries).values(values).returning();
  return row!;
}

/** Changes an enquiry; null when there is none with this id. */
export async function updateEnquiry(db: DbOrTx, id: number, changes: EnquiryChanges): Promise<EnquiryRow | null> {
  const [row] = await db.update(enquiries).set(changes).where(eq(enquiries.id, id)).returning();
  return row ?? null;
}

export async function insertReply(db: DbOrTx, values: typeof enquiryReplies.$inferInsert): Promise<void> {
  await db.insert(enquiryReplies).values(values);
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
