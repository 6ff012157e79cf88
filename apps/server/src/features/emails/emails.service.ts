import path from 'node:path';
import pLimit from 'p-limit';
import type { AppContext } from '../../context';
import {
  displayName,
  EMAIL_MESSAGES,
  SENT_EMAIL_HISTORY_LIMIT,
  type EmailRecipientResult,
  type SendEmail,
  type SendEmailResult,
  type SentEmailRecord,
} from '@darkroom/contracts';
import type { Account } from '../../auth/accounts.repository';
import { ValidationError } from '../../lib/errors';
import { findAdminRecipients, finishSentEmail, insertSentEmail, listSentEmails, type AdminRecipient } from './emails.repository';

/** Cache tag of the sent-email history. */
export const SENT_EMAILS_CACHE_TAG = 'sent-emails';

/** Messages in flight at once; admins are few, and SMTP servers dislike floods. */
const SEND_CONCURRENCY = 4;

const senderName = (a: Pick<Account, 'firstName' | 'lastName' | 'username'>) =>
  displayName({ first_name: a.firstName, last_name: a.lastName, username: a.username });

/** The body as sent: the admin's text, then who sent it, so a reply goes to a person. */
function bodyOf(message: string, sender: Account): string {
  const from = sender.email ? `${senderName(sender)} <${sender.email}>` : senderName(sender);
  return `${message}\n\n--\nSent by ${from} from the Darkroom admin portal.\n`;
}

/** Checks that every id is an admin with an address; the 400 names the recipients field. */
async function resolveRecipients(ctx: AppContext, ids: number[]): Promise<AdminRecipient[]> {
  const found = await findAdminRecipients(ctx.db, ids);
  const byId = new Map(found.map((a) => [a.id, a]));
  if (ids.some((id) => !byId.has(id))) throw ValidationError.field('recipients', EMAIL_MESSAGES.recipientUnknown);
  const ordered = ids.map((id) => byId.get(id)!);
  const without = ordered.filter((a) => !a.email.trim());
  if (without.length) {
    throw new ValidationError({ recipients: without.map((a) => `${senderName(a)} ${EMAIL_MESSAGES.recipientNoEmail}`) });
  }
  return ordered;
}

/**
 * Sends one message per recipient, so each admin gets a mail addressed to them alone, one bad
 * address cannot sink the others, and the answer can say exactly who got it. The send is
 * recorded in sent_emails before the first message leaves and completed afterwards.
 */
export async function sendEmail(ctx: AppContext, data: SendEmail, sender: Account): Promise<SendEmailResult> {
  const recipients = await resolveRecipients(ctx, data.recipients);
  const record = await insertSentEmail(ctx.db, {
    subject: data.subject,
    message: data.message,
    recipients: recipients.map((r) => ({ id: r.id, email: r.email })),
    sentBy: sender.id,
    status: 'sending',
  });
  const text = bodyOf(data.message, sender);
  const limit = pLimit(SEND_CONCURRENCY);
  const results = await limit.map(recipients, async (r): Promise<EmailRecipientResult> => {
    const base = { id: r.id, name: senderName(r), email: r.email };
    try {
      const sent = await ctx.mailer.send({ to: r.email, subject: data.subject, text });
      return { ...base, status: 'sent', delivered: sent.delivered, detail: sent.delivered === 'outbox' ? path.basename(sent.id) : sent.id };
    } catch (err) {
      ctx.log.warn({ err, recipient: r.email }, 'email to admin failed');
      return { ...base, status: 'failed', delivered: null, detail: String((err as Error).message ?? err).slice(0, 300) };
    }
  });
  const sentCount = results.filter((r) => r.status === 'sent').length;
  const status = sentCount === results.length ? 'sent' : sentCount === 0 ? 'failed' : 'partial';
  const failures = results.filter((r) => r.status === 'failed').map((r) => `${r.email}: ${r.detail}`);
  await finishSentEmail(ctx.db, record.id, status, failures.length ? failures.join('\n') : null);
  await ctx.cache.invalidate(SENT_EMAILS_CACHE_TAG);
  const detail = status === 'sent' ? EMAIL_MESSAGES.sent : status === 'partial' ? EMAIL_MESSAGES.partlySent : EMAIL_MESSAGES.sendFailed;
  return { id: record.id, subject: data.subject, status, detail, results };
}

/** The history of sends, newest first. */
export async function sentEmailHistory(ctx: AppContext): Promise<SentEmailRecord[]> {
  const rows = await listSentEmails(ctx.db, SENT_EMAIL_HISTORY_LIMIT);
  return rows.map(({ row, sender }) => ({
    id: row.id,
    subject: row.subject,
    message: row.message,
    recipients: row.recipients,
    status: row.status as SentEmailRecord['status'],
    error: row.error,
    sent_by: sender ? { id: sender.id, name: senderName(sender) } : null,
    time_created: row.timeCreated.toISOString(),
  }));
}
