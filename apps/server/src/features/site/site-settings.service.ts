import { DEFAULT_SITE_SETTINGS, SITE_MENU_PAGES, type SiteMenuPage, type SiteSettings, type SiteSettingsData } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { findSiteSettingsRow, saveSiteSettingsRow, type SiteSettingsRow } from './site-settings.repository';

/** Cache tag of the settings (every rendered page shows them). */
export const SITE_SETTINGS_TAG = 'site-settings';

const MENU_KEYS = new Set<string>(SITE_MENU_PAGES.map((p) => p.key));

/** The server's own time zone: the studio's until it saves one. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function toSiteSettings(row: SiteSettingsRow | undefined): SiteSettings {
  if (!row) return { ...DEFAULT_SITE_SETTINGS, time_zone: serverTimeZone() };
  return {
    studio_name: row.studioName,
    tagline: row.tagline,
    seo_description: row.seoDescription,
    social_links: row.socialLinks,
    menu_pages: row.menuPages.filter((k): k is SiteMenuPage => MENU_KEYS.has(k)),
    time_zone: row.timeZone ?? serverTimeZone(),
    expiry_reminder_days: row.expiryReminderDays,
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** The saved settings, or the defaults of a fresh install. */
export async function getSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  return toSiteSettings(await findSiteSettingsRow(ctx.db));
}

export async function updateSiteSettings(ctx: AppContext, data: SiteSettingsData): Promise<SiteSettings> {
  const row = await saveSiteSettingsRow(ctx.db, {
    studioName: data.studio_name,
    tagline: data.tagline,
    seoDescription: data.seo_description,
    socialLinks: data.social_links,
    menuPages: data.menu_pages,
    ...(data.time_zone !== undefined ? { timeZone: data.time_zone } : {}),
    ...(data.expiry_reminder_days !== undefined ? { expiryReminderDays: data.expiry_reminder_days } : {}),
  });
  await ctx.cache.invalidate(SITE_SETTINGS_TAG);
  return toSiteSettings(row);
}
