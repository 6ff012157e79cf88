import type { StudioAlerts } from '@darkroom/contracts';
import type { AppContext } from '../../context';
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
  text: string;
}

/** Queues `mail` to each admin when the studio's toggle `which` is on. Answers how many were queued. */
export async function alertAdmins(ctx: AppContext, which: keyof StudioAlerts, mail: AlertMail): Promise<number> {
  try {
    if (!(await getSiteSettings(ctx)).studio_alerts[which]) return 0;
    const to = (await listPeople(ctx.db, 'admin')).filter((a) => a.isActive && a.email.trim()).map((a) => a.email.trim());
    for (const address of to) await queueMail(ctx, { kind: 'studio-alert', to: address, subject: mail.subject, text: mail.text });
    return to.length;
  } catch (err) {
    ctx.log.error({ err, alert: which }, 'a studio alert could not be queued');
    return 0;
  }
}

const footer = '\n\n--\nDarkroom: see Client galleries in the admin portal. Turn these e-mails off in Site settings.\n';

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
  const verb = which === 'opened' ? 'opened' : 'downloaded';
  await alertAdmins(ctx, which === 'opened' ? 'gallery_opened' : 'gallery_downloaded', {
    subject: `Client gallery ${verb}: ${title}`,
    text: `The client gallery "${title}" was ${verb} for the first time${detail ? ` (${detail})` : ''}.${footer}`,
  });
}

/** The e-mail of a submitted selection: who, how many, the file names and the notes. */
export function submittedMail(
  title: string,
  who: { name: string; email: string | null },
  names: string[],
  notes: { name: string; text: string }[],
): AlertMail {
  const person = who.email ? `${who.name} <${who.email}>` : 'The customer';
  return {
    subject: `Selection submitted: ${title}`,
    text:
      [
        `${person} submitted a selection of ${names.length} photo${names.length === 1 ? '' : 's'} in "${title}".`,
        '',
        'File names:',
        names.join(', '),
        ...(notes.length ? ['', 'Notes:', ...notes.map((n) => `- ${n.name}: ${n.text}`)] : []),
      ].join('\n') + footer,
  };
}
