import { portalUrl, type MailContent } from './content';

/**
 * The studio's notices of what customers do in a client gallery, for its admins. The features
 * that send them (a submitted selection, a gallery first opened or downloaded) queue them with
 * `queueMail`; the link leads to the gallery's photos page of the portal.
 */

/** "Selection submitted": who chose, how many photos, and where to see them. */
export function selectionSubmittedMail(s: {
  galleryTitle: string;
  galleryId: number;
  visitorName: string;
  visitorEmail: string;
  count: number;
  publicUrl: string | null;
}): MailContent {
  const photos = `${s.count} photo${s.count === 1 ? '' : 's'}`;
  const link = portalUrl(s.publicUrl, `/ClientGalleries?id=${s.galleryId}`);
  return {
    preview: `${s.visitorName} chose ${photos} in "${s.galleryTitle}".`,
    heading: 'A selection was submitted',
    paragraphs: [`${s.visitorName} submitted a selection of ${photos} in "${s.galleryTitle}".`],
    details: [
      { label: 'Name', value: s.visitorName },
      { label: 'E-mail', value: s.visitorEmail },
      { label: 'Photos chosen', value: String(s.count) },
      { label: 'Gallery', value: s.galleryTitle },
    ],
    ...(link ? { button: { label: 'See the selection', url: link } } : {}),
    notes: [
      link
        ? 'Reply to this e-mail to write to the visitor.'
        : 'See the gallery in the admin portal; reply to this e-mail to write to the visitor.',
    ],
    replyTo: s.visitorEmail,
  };
}

/** A studio alert: a client gallery was opened for the first time, or downloaded. */
export function studioAlertMail(a: {
  event: 'opened' | 'downloaded';
  galleryTitle: string;
  galleryId: number;
  /** What was downloaded, or who opened it, when known ("all photos, web size"). */
  detail?: string;
  publicUrl: string | null;
}): MailContent {
  const what = a.event === 'opened' ? 'was opened for the first time' : 'was downloaded';
  const link = portalUrl(a.publicUrl, `/ClientGalleries?id=${a.galleryId}`);
  return {
    preview: `"${a.galleryTitle}" ${what}.`,
    heading: a.event === 'opened' ? 'Your client opened their gallery' : 'Photos were downloaded',
    paragraphs: [`The client gallery "${a.galleryTitle}" ${what}.`, ...(a.detail ? [a.detail] : [])],
    ...(link ? { button: { label: 'See the activity', url: link } } : {}),
    notes: ['You get this alert because it is turned on in Site settings.'],
  };
}
