import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean } from './forms';

/**
 * The studio's brand (Site settings > Branding): a logo (the favicon is made from it), an accent
 * colour and one of a few font pairings, used by the website, the delivery pages and e-mails.
 */

/** Curated heading/body pairs, self-hosted (latin subset, woff2); `system` downloads no font. */
export const FONT_PAIRINGS = [
  { key: 'system', label: 'System fonts (nothing to download)' },
  { key: 'classic', label: 'Cormorant Garamond and Lato' },
  { key: 'editorial', label: 'Playfair Display and Source Sans 3' },
  { key: 'modern', label: 'Montserrat and Inter' },
] as const;
export type FontPairing = (typeof FONT_PAIRINGS)[number]['key'];
const PAIRING_KEYS = FONT_PAIRINGS.map((p) => p.key) as [FontPairing, ...FontPairing[]];

/** The website's own accent until the studio chooses one. */
export const DEFAULT_ACCENT = '#8a3f1f';

export const BRANDING_MESSAGES = {
  title: 'Branding',
  logo: 'Logo',
  logoHelp:
    'PNG with a transparent background, or JPEG, at least 64 x 32 px. The website’s header is dark: a light logo shows best. The favicon is made from it.',
  headerPreview: 'In the website’s header',
  removeLogo: 'Remove the logo',
  accent: 'Accent colour',
  accentHelp: 'Buttons and links. A light colour is darkened on the website so text stays readable.',
  accentInvalid: 'Enter a colour as #rrggbb (for example #8a3f1f)',
  fonts: 'Fonts',
  fontInvalid: 'Choose a font pairing from the list',
  updated: 'Branding successfully updated',
  updateFailed: 'Branding update failed',
} as const;

const HEX = /^#[0-9a-f]{6}$/i;

/** `PUT /adminportal/site-settings/branding/` (multipart: the text fields and an optional `logo` file). */
export const brandingInputSchema = z.object({
  accent: z
    .string({ error: BRANDING_MESSAGES.accentInvalid })
    .trim()
    .refine((v) => HEX.test(v), { error: BRANDING_MESSAGES.accentInvalid })
    .transform((v) => v.toLowerCase()),
  font_pairing: z.enum(PAIRING_KEYS, { error: BRANDING_MESSAGES.fontInvalid }),
  /** True: the logo (and so the favicon) is removed. A new `logo` file replaces it. */
  remove_logo: formBoolean.default(false),
});
export type BrandingInput = z.input<typeof brandingInputSchema>;
export type BrandingData = z.output<typeof brandingInputSchema>;

export const brandingSchema = z.object({
  /** The logo as the website's header shows it (WebP, transparency kept); null: none. */
  logo: z.string().nullable(),
  logo_width: z.number().int().nullable(),
  logo_height: z.number().int().nullable(),
  /** The favicons made from the logo (PNG, 32 and 180 px); null without a logo. */
  favicon_32: z.string().nullable(),
  favicon_180: z.string().nullable(),
  accent: z.string(),
  font_pairing: z.enum(PAIRING_KEYS),
});
export type Branding = z.infer<typeof brandingSchema>;

const BRANDING = '/adminportal/site-settings/branding/';

export const brandingApi = {
  get: endpoint({
    method: 'GET',
    path: BRANDING,
    tag: 'site-settings',
    summary: 'The studio’s logo, accent colour and fonts',
    response: brandingSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: BRANDING,
    tag: 'site-settings',
    summary: 'Replace the logo, accent colour and fonts',
    body: brandingInputSchema,
    files: { logo: { maxFiles: 1 } },
    response: brandingSchema,
  }),
} as const;

// Contrast (WCAG 2 relative luminance), so a chosen accent never makes links or buttons unreadable.

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The accent as the website uses it: the chosen colour, darkened step by step until links on the
 * darkest light background it sits on (the footer's #efebe5; the page's #faf8f5 is lighter), and
 * white text on its buttons, reach 4.5:1 (WCAG AA for body text).
 */
export function readableAccent(accent: string, background = '#efebe5'): string {
  if (!HEX.test(accent)) return DEFAULT_ACCENT;
  const n = parseInt(accent.slice(1), 16);
  let [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const hex = () => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  // At most 20 steps of 10%: black (21:1) ends it whatever the start.
  for (let i = 0; i < 20 && contrastRatio(hex(), background) < 4.5; i++) {
    [r, g, b] = [r, g, b].map((c) => Math.floor(c * 0.9)) as [number, number, number];
  }
  return hex().toLowerCase();
}

/** The first-run setup: offered on sign-in until it is finished or dismissed (once for the studio). */
export const setupStatusSchema = z.object({ open: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const SETUP_MESSAGES = {
  title: 'Set up your studio',
  intro: 'A minute now saves a surprise later: your studio’s name, where enquiries reach you, your time zone and your logo.',
  studioName: 'Studio name',
  email: 'Your e-mail address',
  emailHelp: 'New enquiries are sent here.',
  timeZone: 'Time zone',
  timeZoneHelp: 'Client galleries expire at the end of their last day here.',
  logo: 'Logo (optional)',
  chooseLogo: 'Choose a logo',
  save: 'Save and finish',
  skip: 'Skip for now',
  saved: 'Your studio is set up',
} as const;

const SETUP = '/adminportal/site-settings/setup/';

export const setupApi = {
  status: endpoint({
    method: 'GET',
    path: SETUP,
    tag: 'site-settings',
    summary: 'Whether the first-run setup is still offered',
    response: setupStatusSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: `${SETUP}close/`,
    tag: 'site-settings',
    summary: 'Finish or dismiss the first-run setup',
    response: setupStatusSchema,
  }),
} as const;
