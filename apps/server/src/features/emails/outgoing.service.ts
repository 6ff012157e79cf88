import path from 'node:path';
import type { AppContext } from '../../context';
import type { JobQueue } from '../../jobs/queue';
import type { Config } from '../../config';
import { OUTGOING_MAIL_LIMIT, type OutgoingMailRecord } from '@darkroom/contracts';
import { findOutgoingMail, insertOutgoingMail, listOutgoingMail, settleMail } from './outgoing.repository';

/** Cache tag of the e-mails page's lists (admin sends and their messages' states). */
export const SENT_EMAILS_CACHE_TAG = 'sent-emails';

const MAIL_JOB = 'mail';

export interface QueuedMail {
  kind: OutgoingMailRecord['kind'];
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
  await ctx.cache.invalidate(SENT_EMAILS_CACHE_TAG);
  return row.id;
}

/** Sends one queued message; a message already sent is never sent again. */
async function deliver(ctx: AppContext, { id }: { id: number }, last: boolean): Promise<void> {
  const mail = await findOutgoingMail(ctx.db, id);
  if (!mail || mail.status !== 'queued') return;
  try {
    const sent = await ctx.mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.body });
    const detail = sent.delivered === 'outbox' ? path.basename(sent.id) : sent.id;
    await settleMail(ctx.db, mail, { sent: true, delivered: sent.delivered, detail });
  } catch (err) {
    const error = String((err as Error).message ?? err).slice(0, 300);
    ctx.log.warn({ err, mailId: id, last }, last ? 'e-mail failed for good' : 'e-mail failed; it will be tried again');
    await settleMail(ctx.db, mail, { sent: false, error, last });
    throw err;
  } finally {
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

/** The latest messages with their state, newest first (the e-mails page). */
export async function outgoingMailList(ctx: AppContext): Promise<OutgoingMailRecord[]> {
  const rows = await listOutgoingMail(ctx.db, OUTGOING_MAIL_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as OutgoingMailRecord['kind'],
    to: r.toAddress,
    subject: r.subject,
    status: r.status as OutgoingMailRecord['status'],
    attempts: r.attempts,
    error: r.error,
    time_created: r.timeCreated.toISOString(),
    time_sent: r.timeSent?.toISOString() ?? null,
  }));
}
