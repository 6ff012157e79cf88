import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { siteSettings } from '../../db/site-settings.schema';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SiteSettingsValues = Omit<typeof siteSettings.$inferInsert, 'id' | 'timeUpdated'>;

const ROW_ID = 1;

export async function findSiteSettingsRow(db: DbOrTx): Promise<SiteSettingsRow | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, ROW_ID));
  return row;
}

/** Writes the one settings row, creating it on the first save. */
export async function saveSiteSettingsRow(db: DbOrTx, values: SiteSettingsValues): Promise<SiteSettingsRow> {
  const now = new Date();
  const [row] = await db
    .insert(siteSettings)
    .values({ id: ROW_ID, ...values, timeUpdated: now })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, timeUpdated: now } })
    .returning();
  return row!;
}

/** What a row made by something other than the settings form starts with (the site's defaults). */
export type SiteSettingsDefaults = Pick<SiteSettingsValues, 'studioName' | 'tagline' | 'seoDescription' | 'socialLinks' | 'menuPages'>;

/** Makes the settings row with these defaults when there is none yet (branding or setup saved first). */
export async function ensureSiteSettingsRow(db: DbOrTx, defaults: SiteSettingsDefaults): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: ROW_ID, ...defaults })
    .onConflictDoNothing({ target: siteSettings.id });
}

/** The settings row, locked until the transaction ends. */
export async function lockSiteSettingsRow(tx: DbOrTx): Promise<SiteSettingsRow | undefined> {
  const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.id, ROW_ID)).for('update');
  return row;
}

/** Writes only the brand's columns. */
export async function saveBrandingColumns(
  tx: DbOrTx,
  values: Pick<SiteSettingsValues, 'logoAssetId' | 'accent' | 'fontPairing'>,
): Promise<SiteSettingsRow> {
  const [row] = await tx.update(siteSettings).set(values).where(eq(siteSettings.id, ROW_ID)).returning();
  return row!;
}

/** Records that the first-run setup was finished or dismissed. */
export async function closeSetup(db: DbOrTx, at: Date): Promise<void> {
  await db.update(siteSettings).set({ setupClosedAt: at }).where(eq(siteSettings.id, ROW_ID));
}
