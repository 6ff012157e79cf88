import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outgoingMail, sentEmails } from '../../db/schema';

export type OutgoingMailRow = typeof outgoingMail.$inferSelect;

export async function insertOutgoingMail(db: DbOrTx, values: typeof outgoingMail.$inferInsert): Promise<OutgoingMailRow> {
  const [row] = await db.insert(outgoingMail).values(values).returning();
  return row!;
}

export async function findOutgoingMail(db: DbOrTx, id: number): Promise<OutgoingMailRow | null> {
  const [row] = await db.select().from(outgoingMail).where(eq(outgoingMail.id, id));
  return row ?? null;
}

export async function markMailSent(db: DbOrTx, id: number, delivered: string, detail: string): Promise<void> {
  await db
    .update(outgoingMail)
    .set({ status: 'sent', delivered, detail, error: null, attempts: sql`${outgoingMail.attempts} + 1`, timeSent: new Date() })
    .where(eq(outgoingMail.id, id));
}

/** A try failed: the error is kept; after the last try the message is failed, before it still queued. */
export async function markMailTryFailed(db: DbOrTx, id: number, error: string, last: boolean): Promise<void> {
  await db
    .update(outgoingMail)
    .set({ status: last ? 'failed' : 'queued', error, attempts: sql`${outgoingMail.attempts} + 1` })
    .where(eq(outgoingMail.id, id));
}

/**
 * An admin e-mail's status from its messages: queued while any is, then sent, failed or partial;
 * its error lists the failed recipients.
 */
export async function refreshSentEmail(db: DbOrTx, sentEmailId: number): Promise<void> {
  const mails = await db
    .select({ status: outgoingMail.status, to: outgoingMail.toAddress, error: outgoingMail.error })
    .from(outgoingMail)
    .where(eq(outgoingMail.sentEmailId, sentEmailId));
  const count = (s: string) => mails.filter((m) => m.status === s).length;
  const status = count('queued')
    ? 'queued'
    : count('sent') === mails.length
      ? 'sent'
      : count('failed') === mails.length
        ? 'failed'
        : 'partial';
  const failures = mails.filter((m) => m.status === 'failed').map((m) => `${m.to}: ${m.error ?? ''}`);
  await db
    .update(sentEmails)
    .set({ status, error: failures.length ? failures.join('\n') : null })
    .where(eq(sentEmails.id, sentEmailId));
}

/** The latest messages, newest first. */
export async function listOutgoingMail(db: DbOrTx, limit: number): Promise<OutgoingMailRow[]> {
  return db.select().from(outgoingMail).orderBy(desc(outgoingMail.timeCreated), desc(outgoingMail.id)).limit(limit);
}
