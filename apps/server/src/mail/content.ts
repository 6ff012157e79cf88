import type { Brand } from './brand';

/**
 * What one e-mail says, as data: the HTML (templates/studio-email.tsx) and the plain text
 * (`mailText`) are both made from it, so the two parts never say different things. It is kept
 * with the queued message (outgoing_mail.content) and the HTML rendered when it is sent.
 * Nothing here may hold a password or a PIN.
 */
export interface MailContent {
  /** The inbox's preview line (hidden in the message). */
  preview: string;
  /** "Hello Ada,": the first line. */
  greeting?: string;
  /** The title in large type; a letter (a reply in the studio's words) has none. */
  heading?: string;
  /** Our own words, one paragraph each. */
  paragraphs: string[];
  /** Someone's own words (the studio's note, a visitor's message), line breaks kept. */
  quote?: { text: string; by?: string };
  /** Label and value rows (an enquiry's answers). */
  details?: { label: string; value: string }[];
  /** The one thing to do. */
  button?: { label: string; url: string };
  /** Further links, one a row (the "your galleries" e-mail: one per gallery). */
  links?: { label: string; url: string; note?: string }[];
  /** Small print under the button. */
  notes?: string[];
  /** The asset shown above the words (a gallery's cover), sent inline as an attachment. */
  coverAssetId?: number;
  /** The cover from its watermarked copy (a watermarked gallery's customer): none rather than the plain one. */
  coverWatermarked?: boolean;
  /** Reply-To when not the studio's contact address (a new enquiry: the visitor). */
  replyTo?: string;
}

/** The content id of the inline cover image (`cid:` in the HTML). */
export const COVER_CID = 'cover@darkroom';

/** The plain-text part: the same words, links written out, and the studio's signature. */
export function mailText(brand: Brand, c: MailContent): string {
  const blocks: string[] = [];
  if (c.greeting) blocks.push(c.greeting);
  blocks.push(...c.paragraphs);
  if (c.details?.length) blocks.push(c.details.map((d) => `${d.label}: ${d.value}`).join('\n'));
  if (c.quote) blocks.push(c.quote.by ? `${c.quote.text}\n-- ${c.quote.by}` : c.quote.text);
  if (c.button) blocks.push(`${c.button.label}:\n${c.button.url}`);
  if (c.links?.length)
    blocks.push(c.links.map((l) => [`${l.label}: ${l.url}`, ...(l.note ? [`  (${l.note})`] : [])].join('\n')).join('\n'));
  blocks.push(...(c.notes ?? []));
  const reach = [brand.contactEmail, brand.phone, brand.siteUrl].filter(Boolean).join(' | ');
  blocks.push(`--\n${brand.name}${reach ? `\n${reach}` : ''}`);
  return `${blocks.join('\n\n')}\n`;
}

/** A day (YYYY-MM-DD) as people write it: "Thursday, 31 December 2099". */
export const longDate = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A page of the admin portal (a route of apps/admin), absolute; null without PUBLIC_URL. */
export const portalUrl = (publicUrl: string | null, route: string): string | null =>
  publicUrl ? `${publicUrl}/admin-account${route}` : null;
