import type { AppContext } from '../../context';
import type { JobQueue } from '../../jobs/queue';
import { longDate, type MailContent } from '../../mail/content';
import { queueMail } from '../emails/outgoing.service';
import { getSiteSettings } from '../site/site-settings.service';
import * as repo from './delivery.repository';
import { dayIn, deliveryUrl } from './delivery.service';

/** Hourly: a reminder leaves within the hour the studio's day reaches it. */
const REMINDERS_CRON = '17 * * * *';
const REMINDERS_JOB = 'delivery-expiry-reminders';

/** YYYY-MM-DD plus `days`. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * E-mails the customer of every published gallery whose last day is at most the studio's
 * `expiry_reminder_days` away (0: no reminders), once per expiry date: a gallery is claimed
 * before its mail is queued, so two runs never both send. Returns how many were queued.
 */
export async function sendExpiryReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const settings = await getSiteSettings(ctx);
  const days = settings.expiry_reminder_days;
  if (days <= 0) return 0;
  const today = dayIn(settings.time_zone, now);
  const due = await repo.galleriesToRemind(ctx.db, today, addDays(today, days));
  const origin = ctx.config.publicUrl;
  let queued = 0;
  for (const g of due) {
    if (!g.expiresAt || !g.email || !(await repo.claimReminder(ctx.db, g.id, g.expiresAt))) continue;
    const lastDay = g.expiresAt === today ? 'Today is the last day' : `The last day is ${longDate(g.expiresAt)}`;
    const content: MailContent = {
      preview: `${lastDay}: download the photos you want to keep.`,
      greeting: g.firstName?.trim() ? `Hello ${g.firstName.trim()},` : 'Hello,',
      heading: g.expiresAt === today ? 'Last day to download your photos' : 'Your gallery closes soon',
      paragraphs: [
        `Your photos "${g.title}" will not be online much longer. ${lastDay} (${g.expiresAt}).`,
        'Download the ones you want to keep before then.',
      ],
      // Without PUBLIC_URL a job knows no address for the site: the customer has the link already.
      ...(origin
        ? { button: { label: 'Open your gallery', url: `${origin}${deliveryUrl(g.token)}` } }
        : { notes: ['Use the link from the e-mail the studio sent you.'] }),
      coverAssetId: g.coverAssetId,
      coverWatermarked: g.watermark,
    };
    await queueMail(ctx, { kind: 'delivery', to: g.email.trim(), subject: `Your photos expire soon: ${g.title}`, content });
    await repo.insertEvent(ctx.db, g.id, 'reminder', g.email.trim());
    queued += 1;
  }
  return queued;
}

export function defineExpiryRemindersJob(jobs: JobQueue): void {
  jobs.define({
    name: REMINDERS_JOB,
    cron: REMINDERS_CRON,
    retryLimit: 2,
    expireInSeconds: 10 * 60,
    run: async (ctx) => {
      await sendExpiryReminders(ctx);
    },
  });
}
