import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean, optionalText, requiredText } from './forms';
import { SEO_LIMITS } from './seo';
import { ENQUIRY_EXTRA_KEYS, ENQUIRY_FIELD_MODES, type EnquiryExtraField, type EnquiryFieldMode } from './enquiries';
import { DEFAULT_STUDIO_ALERTS, studioAlertsSchema } from './selections';

/**
 * Site settings: what the spec leaves open about the public website (its name, tagline, SEO
 * description, social links and menu), edited on one small portal page.
 */

/** Pages that may appear in the site's menu, in menu order. Home is always reachable from the name. */
export const SITE_MENU_PAGES = [
  { key: 'services', label: 'Services', path: '/services/' },
  { key: 'love-stories', label: 'Love stories', path: '/love-stories/' },
  { key: 'about', label: 'About', path: '/about/' },
  { key: 'contact', label: 'Contact', path: '/contact/' },
] as const;
export type SiteMenuPage = (typeof SITE_MENU_PAGES)[number]['key'];
const MENU_KEYS = SITE_MENU_PAGES.map((p) => p.key) as [SiteMenuPage, ...SiteMenuPage[]];

export const SITE_SETTINGS_LIMITS = {
  studioName: 120,
  tagline: 200,
  seoDescription: 300,
  socialLinks: 8,
  label: 40,
  url: 500,
  privacy: 500,
  ackSubject: 200,
  ackMessage: 5000,
} as const;

export const SITE_SETTINGS_MESSAGES = {
  title: 'Site settings',
  studioNameRequired: 'Studio name is required',
  studioNameMax: `Studio name cannot be more than ${SITE_SETTINGS_LIMITS.studioName} characters`,
  taglineMax: `Tagline cannot be more than ${SITE_SETTINGS_LIMITS.tagline} characters`,
  seoDescriptionMax: `SEO description cannot be more than ${SITE_SETTINGS_LIMITS.seoDescription} characters`,
  linkLabelRequired: 'Link name is required',
  linkUrlInvalid: 'Enter a full web address (https://...)',
  tooManyLinks: `At most ${SITE_SETTINGS_LIMITS.socialLinks} social links`,
  privacyMax: `The privacy line cannot be more than ${SITE_SETTINGS_LIMITS.privacy} characters`,
  ackSubjectRequired: 'Subject of the acknowledgement is required',
  ackMessageRequired: 'Words of the acknowledgement are required',
  timeZoneInvalid: 'Choose a time zone from the list',
  homeSeoTitleMax: `The home page's SEO title cannot be more than ${SEO_LIMITS.title} characters`,
  reminderDaysInvalid: 'Use a whole number of days from 0 to 60 (0: no reminder)',
  updated: 'Site settings successfully updated',
  updateFailed: 'Site settings update failed',
} as const;

/** Days before expiry a client gallery's customer is reminded, until the studio says otherwise. */
const DEFAULT_EXPIRY_REMINDER_DAYS = 7;

/** Whether the runtime knows this IANA time zone name. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const webUrl = z
  .string({ error: SITE_SETTINGS_MESSAGES.linkUrlInvalid })
  .trim()
  .max(SITE_SETTINGS_LIMITS.url, { error: SITE_SETTINGS_MESSAGES.linkUrlInvalid })
  .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { error: SITE_SETTINGS_MESSAGES.linkUrlInvalid });

export const socialLinkSchema = z.object({
  label: requiredText(SITE_SETTINGS_MESSAGES.linkLabelRequired, SITE_SETTINGS_LIMITS.label),
  url: webUrl,
});

/** `PUT /adminportal/site-settings/`: the whole settings, checked with these messages. */
/** Each extra question of the contact form: off, optional or required (absent = off). */
const enquiryFieldsSchema = z
  .partialRecord(z.enum(ENQUIRY_EXTRA_KEYS), z.enum(ENQUIRY_FIELD_MODES))
  .transform((m) => Object.fromEntries(ENQUIRY_EXTRA_KEYS.map((k) => [k, m[k] ?? 'off'])) as Record<EnquiryExtraField, EnquiryFieldMode>);

/** The automatic acknowledgement e-mailed to a visitor who sent an enquiry. */
const enquiryAckSchema = z
  .object({
    enabled: formBoolean.default(false),
    subject: optionalText(SITE_SETTINGS_LIMITS.ackSubject),
    message: optionalText(SITE_SETTINGS_LIMITS.ackMessage),
  })
  .superRefine((ack, ctx) => {
    if (!ack.enabled) return;
    if (!ack.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: SITE_SETTINGS_MESSAGES.ackSubjectRequired });
    if (!ack.message) ctx.addIssue({ code: 'custom', path: ['message'], message: SITE_SETTINGS_MESSAGES.ackMessageRequired });
  });

export const siteSettingsInputSchema = z.object({
  studio_name: requiredText(
    SITE_SETTINGS_MESSAGES.studioNameRequired,
    SITE_SETTINGS_LIMITS.studioName,
    SITE_SETTINGS_MESSAGES.studioNameMax,
  ),
  tagline: optionalText(SITE_SETTINGS_LIMITS.tagline, SITE_SETTINGS_MESSAGES.taglineMax),
  seo_description: optionalText(SITE_SETTINGS_LIMITS.seoDescription, SITE_SETTINGS_MESSAGES.seoDescriptionMax),
  social_links: z.array(socialLinkSchema).max(SITE_SETTINGS_LIMITS.socialLinks, { error: SITE_SETTINGS_MESSAGES.tooManyLinks }).default([]),
  menu_pages: z
    .array(z.enum(MENU_KEYS))
    .default([])
    .transform((keys) => MENU_KEYS.filter((k) => keys.includes(k))),
  /** Absent (an older client): the form keeps today's questions, privacy line and acknowledgement. */
  enquiry_fields: enquiryFieldsSchema.optional(),
  enquiry_privacy: optionalText(SITE_SETTINGS_LIMITS.privacy, SITE_SETTINGS_MESSAGES.privacyMax).optional(),
  enquiry_ack: enquiryAckSchema.optional(),
  /** The studio's IANA time zone (client galleries expire at the end of a day there); left out: kept. */
  time_zone: z
    .string({ error: SITE_SETTINGS_MESSAGES.timeZoneInvalid })
    .max(64, { error: SITE_SETTINGS_MESSAGES.timeZoneInvalid })
    .refine(isTimeZone, { error: SITE_SETTINGS_MESSAGES.timeZoneInvalid })
    .optional(),
  /** Days before a client gallery expires that its customer is reminded (0: never); left out: kept. */
  expiry_reminder_days: z
    .number({ error: SITE_SETTINGS_MESSAGES.reminderDaysInvalid })
    .int({ error: SITE_SETTINGS_MESSAGES.reminderDaysInvalid })
    .min(0, { error: SITE_SETTINGS_MESSAGES.reminderDaysInvalid })
    .max(60, { error: SITE_SETTINGS_MESSAGES.reminderDaysInvalid })
    .optional(),
  /** The home page's own title (its description is seo_description); empty: the name and tagline; left out: kept. */
  home_seo_title: optionalText(SEO_LIMITS.title, SITE_SETTINGS_MESSAGES.homeSeoTitleMax).optional(),
  /** Which client gallery events e-mail the admins; left out: kept. */
  studio_alerts: studioAlertsSchema.optional(),
});
export type SiteSettingsInput = z.input<typeof siteSettingsInputSchema>;
export type SiteSettingsData = z.output<typeof siteSettingsInputSchema>;

export const siteSettingsSchema = z.object({
  studio_name: z.string(),
  tagline: z.string(),
  seo_description: z.string(),
  social_links: z.array(z.object({ label: z.string(), url: z.string() })),
  menu_pages: z.array(z.enum(MENU_KEYS)),
  enquiry_fields: z.record(z.enum(ENQUIRY_EXTRA_KEYS), z.enum(ENQUIRY_FIELD_MODES)),
  /** One line under the contact form on how the visitor's details are used. */
  enquiry_privacy: z.string(),
  /** Private to the portal: the public settings leave it out. */
  enquiry_ack: z.object({ enabled: z.boolean(), subject: z.string(), message: z.string() }),
  /** The studio's time zone (the server's until one is saved). */
  time_zone: z.string(),
  expiry_reminder_days: z.number().int(),
  home_seo_title: z.string(),
  /** Private to the portal: e-mails to the admins on a submitted selection, a first opening, a first download. */
  studio_alerts: z.object({ selection_submitted: z.boolean(), gallery_opened: z.boolean(), gallery_downloaded: z.boolean() }),
  /** ISO 8601; null while the defaults have never been saved. */
  time_updated: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** What a fresh install shows until an admin saves the settings. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  studio_name: 'Darkroom Studio',
  tagline: 'Wedding and portrait photography',
  seo_description:
    'Darkroom Studio photographs weddings, engagements and portraits with a natural, documentary eye. See our services and love stories, and get in touch.',
  social_links: [],
  menu_pages: MENU_KEYS,
  enquiry_fields: { event_date: 'optional', venue: 'optional', service: 'optional', budget: 'off', phone: 'optional', heard_from: 'off' },
  enquiry_privacy: 'We use your details only to answer your enquiry, and never share them.',
  enquiry_ack: {
    enabled: false,
    subject: 'Thank you for your enquiry',
    message: 'Thank you for getting in touch. We have received your enquiry and will write back within two working days.',
  },
  time_zone: 'UTC',
  expiry_reminder_days: DEFAULT_EXPIRY_REMINDER_DAYS,
  home_seo_title: '',
  studio_alerts: DEFAULT_STUDIO_ALERTS,
  time_updated: null,
};

const SETTINGS = '/adminportal/site-settings/';

export const siteSettingsApi = {
  get: endpoint({ method: 'GET', path: SETTINGS, tag: 'site-settings', summary: 'The public site settings', response: siteSettingsSchema }),
  update: endpoint({
    method: 'PUT',
    path: SETTINGS,
    tag: 'site-settings',
    summary: 'Replace the public site settings',
    body: siteSettingsInputSchema,
    response: siteSettingsSchema,
  }),
} as const;
