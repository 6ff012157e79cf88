import { boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { mediaAssets } from './schema';

/**
 * The public site's settings: one row (id 1), written by the portal's settings page. Absent
 * until first saved; the site then shows the defaults from packages/contracts.
 * Migrations: drizzle/0003_site_settings.sql; the contact form's columns 0009_enquiry_pipeline.sql
 * (null in a row saved before them: the defaults apply).
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey(),
    studioName: text('studio_name').notNull(),
    tagline: text('tagline').notNull(),
    seoDescription: text('seo_description').notNull(),
    socialLinks: jsonb('social_links').$type<{ label: string; url: string }[]>().notNull(),
    menuPages: jsonb('menu_pages').$type<string[]>().notNull(),
    enquiryFields: jsonb('enquiry_fields').$type<Record<string, string>>(),
    enquiryPrivacy: text('enquiry_privacy'),
    enquiryAckEnabled: boolean('enquiry_ack_enabled'),
    enquiryAckSubject: text('enquiry_ack_subject'),
    enquiryAckMessage: text('enquiry_ack_message'),
    /** IANA time zone of the studio; null: the server's. Migration: drizzle/0012_proofing_expiry.sql. */
    timeZone: text('time_zone'),
    expiryReminderDays: integer('expiry_reminder_days').notNull().default(7),
    /** The home page's own title (its description is seoDescription); empty: name and tagline. Migration: 0018_page_seo.sql. */
    homeSeoTitle: varchar('home_seo_title', { length: 70 }).notNull().default(''),
    /** The studio's e-mail alerts (drizzle/0014_visitor_selections.sql). */
    alertSelectionSubmitted: boolean('alert_selection_submitted').notNull().default(true),
    alertGalleryOpened: boolean('alert_gallery_opened').notNull().default(false),
    alertGalleryDownloaded: boolean('alert_gallery_downloaded').notNull().default(false),
    timeUpdated: timestamp('time_updated', { withTimezone: true }).notNull().defaultNow(),
    /** The brand (drizzle/0016_branding.sql): the logo's asset (its favicons are derived from it). */
    logoAssetId: integer('logo_asset_id').references(() => mediaAssets.id),
    /** `#rrggbb` as chosen; null: the website's own. */
    accent: text('accent'),
    /** A key of FONT_PAIRINGS; null: system fonts. */
    fontPairing: text('font_pairing'),
    /** When the first-run setup was finished or dismissed; null: the portal offers it. */
    setupClosedAt: timestamp('setup_closed_at', { withTimezone: true }),
  },
  (t) => [index('site_settings_logo_asset').on(t.logoAssetId)],
);
