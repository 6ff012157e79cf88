import path from 'node:path';
import type { AppContext } from '../../context';
import type { JobQueue } from '../../jobs/queue';
import type { Config } from '../../config';
import { OUTGOING_MAIL_LIMIT, type OutgoingMailRecord } from '@darkroom/contracts';
import { studioBrand } from '../../mail/brand';
import { COVER_CID, mailText, type MailContent } from '../../mail/content';
import type { OutgoingMail } from '../../mail/mailer';
import { findOutgoingMail, insertOutgoingMail, listOutgoingMail, settleMail } from './outgoing.repository';

/** Cache tag of the e-mails page's lists (admin sends and their messages' states). */
export const SENT_EMAILS_CACHE_TAG = 'sent-emails';

const MAIL_JOB = 'mail';

export interface QueuedMail {
  kind: OutgoingMailRecord['kind'];
  to: string | string[];
  subject: string;
  content: MailContent;
  /** An admin e-mail's send and recipient, whose status follows this message. */
  sentEmailId?: number;
  recipientId?: number;
}

/**
 * A message in the studio's brand: the text part, the HTML part (with the cover inline when it
 * can be read: a message goes without it rather than not at all), From the studio's name and
 * Reply-To its contact address (or the content's own).
 */
export async function brandedMail(ctx: AppContext, content: MailContent, text?: string): Promise<Omit<OutgoingMail, 'to' | 'subject'>> {
  const brand = await studioBrand(ctx);
  let cover: Buffer | null = null;
  if (content.coverAssetId !== undefined) {
    try {
      cover = await ctx.assets.mailPicture(content.coverAssetId, content.coverWatermarked === true);
    } catch (err) {
      ctx.log.warn({ err, assetId: content.coverAssetId }, 'an e-mail goes without its cover');
    }
  }
  const { renderMailHtml } = await import('../../mail/templates/studio-email');
  const replyTo = content.replyTo ?? brand.contactEmail;
  return {
    text: text ?? mailText(brand, content),
    html: await renderMailHtml(brand, content, { cover: cover !== null }),
    fromName: brand.name,
    ...(replyTo ? { replyTo } : {}),
    ...(cover ? { inline: [{ cid: COVER_CID, filename: 'cover.jpg', contentType: 'image/jpeg', content: cover }] } : {}),
  };
}

/**
 * Records a message and queues its delivery: the caller answers without waiting for the mail
 * server, and a refusal is tried again later. The job carries only the id; the message stays
 * here: its text as written now, its content for the HTML made when it is sent.
 */
export async function queueMail(ctx: AppContext, mail: QueuedMail): Promise<number> {
  const row = await insertOutgoingMail(ctx.db, {
    kind: mail.kind,
    toAddress: [mail.to].flat().join(', '),
    subject: mail.subject,
    body: mailText(await studioBrand(ctx), mail.content),
    content: mail.content,
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
    // A message queued before e-mails had content goes as the plain text it was.
    const parts = mail.content ? await brandedMail(ctx, mail.content, mail.body) : { text: mail.body };
    const sent = await ctx.mailer.send({ to: mail.toAddress, subject: mail.subject, ...parts });
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
