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
import type { MailContent } from '../../mail/content';
import { findAdminRecipients, insertSentEmail, listSentEmails, type AdminRecipient } from './emails.repository';
import { queueMail, SENT_EMAILS_CACHE_TAG } from './outgoing.service';

export { SENT_EMAILS_CACHE_TAG };

const senderName = (a: Pick<Account, 'firstName' | 'lastName' | 'username'>) =>
  displayName({ first_name: a.firstName, last_name: a.lastName, username: a.username });

/** The message as sent: the admin's words, then who sent them; a reply goes to that person. */
function contentOf(data: SendEmail, sender: Account): MailContent {
  const from = sender.email ? `${senderName(sender)} <${sender.email}>` : senderName(sender);
  return {
    preview: data.message.split('\n')[0]!.slice(0, 140),
    heading: data.subject,
    paragraphs: data.message.split(/\n{2,}/),
    notes: [`Sent by ${from} from the admin portal.`],
    ...(sender.email ? { replyTo: sender.email } : {}),
  };
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
 * Queues one message per recipient, so each admin gets a mail addressed to them alone and one bad
 * address cannot sink the others. The send is recorded in sent_emails; its status follows its
 * messages (queued, then sent, partial or failed) as the mail job delivers them.
 */
export async function sendEmail(ctx: AppContext, data: SendEmail, sender: Account): Promise<SendEmailResult> {
  const recipients = await resolveRecipients(ctx, data.recipients);
  const record = await insertSentEmail(ctx.db, {
    subject: data.subject,
    message: data.message,
    recipients: recipients.map((r) => ({ id: r.id, email: r.email })),
    sentBy: sender.id,
    status: 'queued',
  });
  const content = contentOf(data, sender);
  for (const r of recipients) {
    await queueMail(ctx, { kind: 'admin-email', to: r.email, subject: data.subject, content, sentEmailId: record.id, recipientId: r.id });
  }
  await ctx.cache.invalidate(SENT_EMAILS_CACHE_TAG);
  const results = recipients.map((r): EmailRecipientResult => ({
    id: r.id,
    name: senderName(r),
    email: r.email,
    status: 'queued',
    delivered: null,
    detail: '',
  }));
  return { id: record.id, subject: data.subject, status: 'queued', detail: EMAIL_MESSAGES.queued, results };
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
