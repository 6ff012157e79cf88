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

/** How a try ended: delivered, or failed (for good after the last try, else still queued). */
export type MailOutcome = { sent: true; delivered: string; detail: string } | { sent: false; error: string; last: boolean };

/**
 * Records a try's outcome, and the status of the admin e-mail it belongs to, in one transaction.
 * The send's row is locked first, so two messages of one send settled at once (two processes)
 * each count the other's outcome.
 */
export async function settleMail(db: DbOrTx, mail: { id: number; sentEmailId: number | null }, outcome: MailOutcome): Promise<void> {
  await db.transaction(async (tx) => {
    if (mail.sentEmailId !== null)
      await tx.select({ id: sentEmails.id }).from(sentEmails).where(eq(sentEmails.id, mail.sentEmailId)).for('update');
    const attempts = sql`${outgoingMail.attempts} + 1`;
    await tx
      .update(outgoingMail)
      .set(
        outcome.sent
          ? { status: 'sent', delivered: outcome.delivered, detail: outcome.detail, error: null, attempts, timeSent: new Date() }
          : { status: outcome.last ? 'failed' : 'queued', error: outcome.error, attempts },
      )
      .where(eq(outgoingMail.id, mail.id));
    if (mail.sentEmailId !== null) await refreshSentEmail(tx, mail.sentEmailId);
  });
}

/**
 * An admin e-mail's status from its messages: queued while any is, then sent, failed or partial;
 * its error lists the failed recipients.
 */
async function refreshSentEmail(db: DbOrTx, sentEmailId: number): Promise<void> {
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
