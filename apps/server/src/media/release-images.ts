import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { imageKeys } from './image-pipeline';
import type { StoredImage } from './stored-image';

/** Every jsonb image column in the schema: [table, column]. A new image column must be added here. */
const IMAGE_COLUMNS: [string, string][] = [
  ['services', 'cover'],
  ['gallery_photos', 'image'],
  ['page_images', 'image'],
  ['about_content', 'page_image'],
  ['about_content', 'info_image'],
  ['carousel_items', 'image'],
  ['home_gallery_images', 'cover'],
  ['contact_us_content', 'nav_image'],
  ['love_stories', 'cover'],
  ['client_galleries', 'cover'],
  ['team_members', 'cover'],
  ['service_page', 'image'],
];

/** SHA-256s (of originals) that some row still references. */
async function referencedShas(db: DbOrTx, shas: string[]): Promise<Set<string>> {
  if (!shas.length) return new Set();
  const list = sql.join(
    shas.map((s) => sql`${s}`),
    sql`, `,
  );
  const parts = IMAGE_COLUMNS.map(
    ([t, c]) =>
      sql`select ${sql.identifier(c)}->>'sha256' as sha from ${sql.identifier(t)} where ${sql.identifier(c)}->>'sha256' in (${list})`,
  );
  const query = sql.join(parts, sql` union `);
  const result = await db.execute<{ sha: string }>(query);
  const rows = (Array.isArray(result) ? result : (result as { rows: { sha: string }[] }).rows) as { sha: string }[];
  return new Set(rows.map((r) => r.sha));
}

/**
 * Deletes the files of images that no row references any more. Call it after the database
 * change has committed: files are shared by content, so an image still used elsewhere stays.
 */
export async function releaseImages(ctx: AppContext, images: (StoredImage | null | undefined)[]): Promise<void> {
  const candidates = images.filter((i): i is StoredImage => !!i);
  if (!candidates.length) return;
  const still = await referencedShas(ctx.db, [...new Set(candidates.map((i) => i.sha256))]);
  const keys = candidates.filter((i) => !still.has(i.sha256)).flatMap(imageKeys);
  try {
    await ctx.storage.delete([...new Set(keys)]);
  } catch (err) {
    // The records are gone already; a file left behind is only wasted space.
    ctx.log.warn({ err }, 'could not delete media files');
  }
}
