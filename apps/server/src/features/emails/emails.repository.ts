import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, sentEmails } from '../../db/schema';

export type SentEmailRow = typeof sentEmails.$inferSelect;

export interface AdminRecipient {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The admins (is_staff) among `ids`; customers and unknown ids are simply not returned. */
export async function findAdminRecipients(db: DbOrTx, ids: number[]): Promise<AdminRecipient[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
    })
    .from(accounts)
    .where(and(inArray(accounts.id, ids), eq(accounts.isStaff, true)));
}

export async function insertSentEmail(db: DbOrTx, values: typeof sentEmails.$inferInsert): Promise<SentEmailRow> {
  const [row] = await db.insert(sentEmails).values(values).returning();
  return row!;
}

/** The latest sends, newest first, with the sender's names (null once that account is gone). */
export async function listSentEmails(db: DbOrTx, limit: number) {
  return db
    .select({
      row: sentEmails,
      sender: { id: accounts.id, username: accounts.username, firstName: accounts.firstName, lastName: accounts.lastName },
    })
    .from(sentEmails)
    .leftJoin(accounts, eq(accounts.id, sentEmails.sentBy))
    .orderBy(desc(sentEmails.timeCreated), desc(sentEmails.id))
    .limit(limit);
}
