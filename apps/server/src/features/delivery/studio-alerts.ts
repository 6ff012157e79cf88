import type { StudioAlerts } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { selectionSubmittedMail, studioAlertMail } from '../../mail/messages';
import type { MailContent } from '../../mail/content';
import { queueMail } from '../emails/outgoing.service';
import { listPeople } from '../people/people.repository';
import { getSiteSettings } from '../site/site-settings.service';
import { claimAlert } from './selections.repository';

/**
 * The studio's alerts (Site settings, `studio_alerts`): e-mails to every active admin with an
 * address, one message each, queued like every e-mail. An alert never fails the customer's
 * request: a problem is logged and the customer goes on.
 */

export interface AlertMail {
  subject: string;
  content: MailContent;
}

/** Queues `mail` to each admin when the studio's toggle `which` is on. Answers how many were queued. */
export async function alertAdmins(ctx: AppContext, which: keyof StudioAlerts, mail: AlertMail): Promise<number> {
  try {
    if (!(await getSiteSettings(ctx)).studio_alerts[which]) return 0;
    const to = (await listPeople(ctx.db, 'admin')).filter((a) => a.isActive && a.email.trim()).map((a) => a.email.trim());
    for (const address of to) await queueMail(ctx, { kind: 'studio-alert', to: address, subject: mail.subject, content: mail.content });
    return to.length;
  } catch (err) {
    ctx.log.error({ err, alert: which }, 'a studio alert could not be queued');
    return 0;
  }
}

/**
 * A gallery's first opening or first download: claimed once per gallery (whatever the toggle
 * says then, so "first" stays true), then e-mailed if the studio wants it.
 */
export async function alertFirst(
  ctx: AppContext,
  galleryId: number,
  title: string,
  which: 'opened' | 'downloaded',
  detail = '',
): Promise<void> {
  try {
    if (!(await claimAlert(ctx.db, galleryId, which))) return;
  } catch (err) {
    ctx.log.error({ err, alert: which }, 'a studio alert could not be claimed');
    return;
  }
  await alertAdmins(ctx, which === 'opened' ? 'gallery_opened' : 'gallery_downloaded', {
    subject: `Client gallery ${which}: ${title}`,
    content: studioAlertMail({ event: which, galleryTitle: title, galleryId, detail, publicUrl: ctx.config.publicUrl }),
  });
}

/** The e-mail of a submitted selection: who, how many, the file names and the notes. */
export function submittedMail(
  ctx: AppContext,
  gallery: { id: number; title: string },
  who: { name: string; email: string | null },
  names: string[],
  notes: { name: string; text: string }[],
): AlertMail {
  return {
    subject: `Selection submitted: ${gallery.title}`,
    content: selectionSubmittedMail({
      galleryTitle: gallery.title,
      galleryId: gallery.id,
      visitorName: who.email ? who.name : 'The customer',
      visitorEmail: who.email,
      fileNames: names,
      notes,
      publicUrl: ctx.config.publicUrl,
    }),
  };
}
