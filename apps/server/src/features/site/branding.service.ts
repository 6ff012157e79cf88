import {
  DEFAULT_ACCENT,
  DEFAULT_SITE_SETTINGS,
  FONT_PAIRINGS,
  type Branding,
  type BrandingData,
  type FontPairing,
  type SetupStatus,
} from '@darkroom/contracts';
import type { Brand } from '@darkroom/site/model';
import type { AppContext } from '../../context';
import { firstFile, type UploadedFile } from '../../http/read-body';
import { mediaUrl } from '../../media/image-pipeline';
import { saveWithImages } from '../../media/save-with-images';
import type { BrandFiles } from '../../media/stored-image';
import {
  closeSetup,
  ensureSiteSettingsRow,
  findSiteSettingsRow,
  lockSiteSettingsRow,
  saveBrandingColumns,
  type SiteSettingsRow,
} from './site-settings.repository';
import { SITE_SETTINGS_TAG } from './site-settings.service';

const PAIRINGS = new Set<string>(FONT_PAIRINGS.map((p) => p.key));

const fontOf = (row: SiteSettingsRow | undefined): FontPairing =>
  row?.fontPairing && PAIRINGS.has(row.fontPairing) ? (row.fontPairing as FontPairing) : 'system';

/** The logo's files, made on first use (a logo restored from a backup made before they existed, say). */
async function logoFiles(ctx: AppContext, row: SiteSettingsRow | undefined): Promise<BrandFiles | null> {
  return row?.logoAssetId ? ctx.assets.brandFiles(row.logoAssetId) : null;
}

function brandingOf(row: SiteSettingsRow | undefined, files: BrandFiles | null): Branding {
  const header = files?.logo[Math.min(1, files.logo.length - 1)];
  return {
    logo: header ? mediaUrl(header.key) : null,
    logo_width: header?.width ?? null,
    logo_height: header?.height ?? null,
    favicon_32: files ? mediaUrl(files.icon32) : null,
    favicon_180: files ? mediaUrl(files.icon180) : null,
    accent: row?.accent ?? DEFAULT_ACCENT,
    font_pairing: fontOf(row),
  };
}

export async function getBranding(ctx: AppContext): Promise<Branding> {
  const row = await findSiteSettingsRow(ctx.db);
  return brandingOf(row, await logoFiles(ctx, row));
}

const settingsDefaults = () => ({
  studioName: DEFAULT_SITE_SETTINGS.studio_name,
  tagline: DEFAULT_SITE_SETTINGS.tagline,
  seoDescription: DEFAULT_SITE_SETTINGS.seo_description,
  socialLinks: DEFAULT_SITE_SETTINGS.social_links,
  menuPages: [...DEFAULT_SITE_SETTINGS.menu_pages],
});

/**
 * Replaces the brand: the accent, the fonts and, when a file is sent, the logo (checked and
 * stored like every image, then its favicons made); `remove_logo` drops it. The old logo's asset
 * is released once nothing else uses it.
 */
export async function updateBranding(ctx: AppContext, data: BrandingData, files: Record<string, UploadedFile[]>): Promise<Branding> {
  const file = firstFile(files, 'logo');
  await ensureSiteSettingsRow(ctx.db, settingsDefaults());
  let dropped: number | null = null;
  const row = await saveWithImages<SiteSettingsRow, SiteSettingsRow>(ctx, {
    images: { logoAssetId: file && { file, field: 'logo', use: 'logo' } },
    lock: lockSiteSettingsRow,
    write: (tx, ids, before) => {
      const removing = data.remove_logo && !ids.logoAssetId;
      if (removing) dropped = before?.logoAssetId ?? null;
      return saveBrandingColumns(tx, {
        accent: data.accent,
        fontPairing: data.font_pairing,
        ...(ids.logoAssetId ? { logoAssetId: ids.logoAssetId } : removing ? { logoAssetId: null } : {}),
      });
    },
  });
  if (dropped !== null) await ctx.assets.release([dropped]);
  // The favicons are made now, so the first page a visitor opens does not wait for them.
  const made = await logoFiles(ctx, row);
  await ctx.cache.invalidate(SITE_SETTINGS_TAG);
  return brandingOf(row, made);
}

/** The brand as the website's pages and the delivery pages draw it. */
export async function siteBrand(ctx: AppContext): Promise<Brand> {
  const row = await findSiteSettingsRow(ctx.db);
  const files = await logoFiles(ctx, row);
  const oneX = files?.logo[0];
  return {
    logo:
      files && oneX
        ? {
            src: mediaUrl((files.logo[1] ?? oneX).key),
            srcset: files.logo.map((l, i) => `${mediaUrl(l.key)} ${i + 1}x`).join(', '),
            width: oneX.width,
            height: oneX.height,
          }
        : null,
    favicon32: files ? mediaUrl(files.icon32) : null,
    favicon180: files ? mediaUrl(files.icon180) : null,
    accent: row?.accent ?? DEFAULT_ACCENT,
    fontPairing: fontOf(row),
  };
}

/**
 * The brand of e-mails (mail/brand.ts takes `{ studioName, contactEmail, logoUrl?, accent? }`):
 * the logo as a PNG at `origin` (mail programs rarely show WebP) and the accent, when chosen.
 */
export async function mailBrandExtras(ctx: AppContext, origin: string): Promise<{ logoUrl?: string; accent?: string }> {
  const row = await findSiteSettingsRow(ctx.db);
  const files = await logoFiles(ctx, row);
  return {
    ...(files ? { logoUrl: `${origin}${mediaUrl(files.logoPng)}` } : {}),
    ...(row?.accent ? { accent: row.accent } : {}),
  };
}

export async function setupStatus(ctx: AppContext): Promise<SetupStatus> {
  const row = await findSiteSettingsRow(ctx.db);
  return { open: !row?.setupClosedAt };
}

/** The setup was finished or dismissed: it is not offered again, to any admin. */
export async function closeSetupFor(ctx: AppContext): Promise<SetupStatus> {
  await ensureSiteSettingsRow(ctx.db, settingsDefaults());
  await closeSetup(ctx.db, new Date());
  return { open: false };
}
