import { portalUrl, type MailContent } from './content';

/**
 * The studio's notices of what customers do in a client gallery, for its admins. The features
 * that send them (a submitted selection, a gallery first opened or downloaded) queue them with
 * `queueMail`; the link leads to the gallery's photos page of the portal.
 */

/** "Selection submitted": who chose, how many photos, their file names and notes, and where to see them. */
export function selectionSubmittedMail(s: {
  galleryTitle: string;
  galleryId: number;
  visitorName: string;
  /** Null for the gallery's one shared list (no visitor gave an address). */
  visitorEmail: string | null;
  fileNames: string[];
  notes: { name: string; text: string }[];
  publicUrl: string | null;
}): MailContent {
  const count = s.fileNames.length;
  const photos = `${count} photo${count === 1 ? '' : 's'}`;
  const link = portalUrl(s.publicUrl, `/ClientGalleries?id=${s.galleryId}`);
  return {
    preview: `${s.visitorName} chose ${photos} in "${s.galleryTitle}".`,
    heading: 'A selection was submitted',
    paragraphs: [`${s.visitorName} submitted a selection of ${photos} in "${s.galleryTitle}".`],
    details: [
      { label: 'Name', value: s.visitorName },
      ...(s.visitorEmail ? [{ label: 'E-mail', value: s.visitorEmail }] : []),
      { label: 'Gallery', value: s.galleryTitle },
      { label: 'File names', value: s.fileNames.join(', ') },
    ],
    ...(s.notes.length ? { quote: { text: s.notes.map((n) => `${n.name}: ${n.text}`).join('\n'), by: 'Notes' } } : {}),
    ...(link ? { button: { label: 'See the selection', url: link } } : {}),
    notes: [
      s.visitorEmail
        ? 'Reply to this e-mail to write to the visitor.'
        : 'The photos page of the gallery in the admin portal shows this list and copies its file names.',
    ],
    ...(s.visitorEmail ? { replyTo: s.visitorEmail } : {}),
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
