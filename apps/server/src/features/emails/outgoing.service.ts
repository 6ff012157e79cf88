import path from 'node:path';
import type { AppContext } from '../../context';
import type { JobQueue } from '../../jobs/queue';
import type { Config } from '../../config';
import { findOutgoingMail, insertOutgoingMail, markMailSent, markMailTryFailed, refreshSentEmail } from './outgoing.repository';

/** Cache tag of the e-mails page's lists (admin sends and their messages' states). */
export const SENT_EMAILS_CACHE_TAG = 'sent-emails';

const MAIL_JOB = 'mail';

export interface QueuedMail {
  kind: 'enquiry' | 'delivery' | 'admin-email';
  to: string | string[];
  subject: string;
  text: string;
  /** An admin e-mail's send and recipient, whose status follows this message. */
  sentEmailId?: number;
  recipientId?: number;
}

/**
 * Records a message and queues its delivery: the caller answers without waiting for the mail
 * server, and a refusal is tried again later. The job carries only the id; the text stays here.
 */
export async function queueMail(ctx: AppContext, mail: QueuedMail): Promise<number> {
  const row = await insertOutgoingMail(ctx.db, {
    kind: mail.kind,
    toAddress: [mail.to].flat().join(', '),
    subject: mail.subject,
    body: mail.text,
    sentEmailId: mail.sentEmailId,
    recipientId: mail.recipientId,
  });
  await ctx.jobs.send(MAIL_JOB, { id: row.id });
  return row.id;
}

/** Sends one queued message; a message already sent is never sent again. */
async function deliver(ctx: AppContext, { id }: { id: number }, last: boolean): Promise<void> {
  const mail = await findOutgoingMail(ctx.db, id);
  if (!mail || mail.status !== 'queued') return;
  try {
    const sent = await ctx.mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.body });
    await markMailSent(ctx.db, id, sent.delivered, sent.delivered === 'outbox' ? path.basename(sent.id) : sent.id);
  } catch (err) {
    const message = String((err as Error).message ?? err).slice(0, 300);
    ctx.log.warn({ err, mailId: id, last }, last ? 'e-mail failed for good' : 'e-mail failed; it will be tried again');
    await markMailTryFailed(ctx.db, id, message, last);
    throw err;
  } finally {
    if (mail.sentEmailId !== null) await refreshSentEmail(ctx.db, mail.sentEmailId);
    await ctx.cache.invalidate(SENT_EMAILS_CACHE_TAG);
  }
}

/** The e-mail job: retried with back-off (MAIL_RETRY_LIMIT tries after the first, from MAIL_RETRY_DELAY_SECONDS). */
export function defineMailJob(jobs: JobQueue, config: Pick<Config, 'mailRetryLimit' | 'mailRetryDelaySeconds'>): void {
  jobs.define<{ id: number }>({
    name: MAIL_JOB,
    retryLimit: config.mailRetryLimit,
    retryDelaySeconds: config.mailRetryDelaySeconds,
    expireInSeconds: 5 * 60,
    run: (ctx, data, attempt) => deliver(ctx, data, attempt.last),
  });
}
