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
