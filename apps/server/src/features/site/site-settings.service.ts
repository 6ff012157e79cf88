import {
  DEFAULT_SITE_SETTINGS,
  ENQUIRY_EXTRA_KEYS,
  ENQUIRY_FIELD_MODES,
  SITE_MENU_PAGES,
  type EnquiryFieldMode,
  type SiteMenuPage,
  type SiteSettings,
  type SiteSettingsData,
} from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { findSiteSettingsRow, saveSiteSettingsRow, type SiteSettingsRow } from './site-settings.repository';

/** Cache tag of the settings (every rendered page shows them). */
export const SITE_SETTINGS_TAG = 'site-settings';

const MENU_KEYS = new Set<string>(SITE_MENU_PAGES.map((p) => p.key));

const MODES = new Set<string>(ENQUIRY_FIELD_MODES);

/** The contact form's questions as saved (null in a row saved before they existed: the defaults). */
function enquiryFieldsOf(saved: Record<string, string> | null): SiteSettings['enquiry_fields'] {
  if (!saved) return DEFAULT_SITE_SETTINGS.enquiry_fields;
  return Object.fromEntries(
    ENQUIRY_EXTRA_KEYS.map((k) => [k, MODES.has(saved[k] ?? '') ? (saved[k] as EnquiryFieldMode) : 'off']),
  ) as SiteSettings['enquiry_fields'];
}

/** The server's own time zone: the studio's until it saves one. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function toSiteSettings(row: SiteSettingsRow | undefined): SiteSettings {
  if (!row) return { ...DEFAULT_SITE_SETTINGS, time_zone: serverTimeZone() };
  const ack = DEFAULT_SITE_SETTINGS.enquiry_ack;
  return {
    studio_name: row.studioName,
    tagline: row.tagline,
    seo_description: row.seoDescription,
    social_links: row.socialLinks,
    menu_pages: row.menuPages.filter((k): k is SiteMenuPage => MENU_KEYS.has(k)),
    enquiry_fields: enquiryFieldsOf(row.enquiryFields),
    enquiry_privacy: row.enquiryPrivacy ?? DEFAULT_SITE_SETTINGS.enquiry_privacy,
    enquiry_ack: {
      enabled: row.enquiryAckEnabled ?? ack.enabled,
      subject: row.enquiryAckSubject ?? ack.subject,
      message: row.enquiryAckMessage ?? ack.message,
    },
    time_zone: row.timeZone ?? serverTimeZone(),
    expiry_reminder_days: row.expiryReminderDays,
    home_seo_title: row.homeSeoTitle,
    studio_alerts: {
      selection_submitted: row.alertSelectionSubmitted,
      gallery_opened: row.alertGalleryOpened,
      gallery_downloaded: row.alertGalleryDownloaded,
    },
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** The saved settings, or the defaults of a fresh install. */
export async function getSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  return toSiteSettings(await findSiteSettingsRow(ctx.db));
}

/** Replaces the settings; the contact form's parts an older client does not send stay as they were. */
export async function updateSiteSettings(ctx: AppContext, data: SiteSettingsData): Promise<SiteSettings> {
  const row = await saveSiteSettingsRow(ctx.db, {
    studioName: data.studio_name,
    tagline: data.tagline,
    seoDescription: data.seo_description,
    socialLinks: data.social_links,
    menuPages: data.menu_pages,
    ...(data.enquiry_fields ? { enquiryFields: data.enquiry_fields } : {}),
    ...(data.enquiry_privacy !== undefined ? { enquiryPrivacy: data.enquiry_privacy } : {}),
    ...(data.enquiry_ack
      ? {
          enquiryAckEnabled: data.enquiry_ack.enabled,
          enquiryAckSubject: data.enquiry_ack.subject,
          enquiryAckMessage: data.enquiry_ack.message,
        }
      : {}),
    ...(data.time_zone !== undefined ? { timeZone: data.time_zone } : {}),
    ...(data.expiry_reminder_days !== undefined ? { expiryReminderDays: data.expiry_reminder_days } : {}),
    ...(data.home_seo_title !== undefined ? { homeSeoTitle: data.home_seo_title } : {}),
    ...(data.studio_alerts
      ? {
          alertSelectionSubmitted: data.studio_alerts.selection_submitted,
          alertGalleryOpened: data.studio_alerts.gallery_opened,
          alertGalleryDownloaded: data.studio_alerts.gallery_downloaded,
        }
      : {}),
  });
  await ctx.cache.invalidate(SITE_SETTINGS_TAG);
  return toSiteSettings(row);
}
