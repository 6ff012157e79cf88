import { SERVICE_PAGE_MESSAGES, type ServicePageContent, type ServicePagePatch, type ServicePageText } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { HttpError, orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
import {
  findServicePage,
  findServicePageById,
  insertServicePageOnce,
  updateServicePage,
  type ServicePageRow,
  type ServicePageValues,
} from './service-page.repository';

export const SERVICE_PAGE_CACHE_TAG = 'service-page';

export function toServicePage(row: ServicePageRow): ServicePageContent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...imageFields('image', row.image),
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** The spec's single record, listed as an array of zero or one. */
export async function servicePageList(ctx: AppContext): Promise<ServicePageContent[]> {
  const row = await findServicePage(ctx.db);
  return row ? [toServicePage(row)] : [];
}

const storeImage = (ctx: AppContext, file: UploadedFile) => processImage(ctx.storage, file, { field: 'image', use: 'servicePageImage' });

/** Creates the service page; it is a single record, so a second create is a 409. */
export async function createServicePage(ctx: AppContext, text: ServicePageText, file: UploadedFile): Promise<ServicePageContent> {
  if (await findServicePage(ctx.db)) throw new HttpError(409, SERVICE_PAGE_MESSAGES.alreadyExists);
  const image = await storeImage(ctx, file);
  const row = await withNewImages(ctx, [image], async () => {
    const created = await insertServicePageOnce(ctx.db, { ...text, image });
    // Another admin created it while this image was being processed.
    if (!created) throw new HttpError(409, SERVICE_PAGE_MESSAGES.alreadyExists);
    return created;
  });
  await ctx.cache.invalidate(SERVICE_PAGE_CACHE_TAG);
  return toServicePage(row);
}

/** Partial update: only sent fields change; an omitted or empty image keeps the current one. */
export async function patchServicePage(
  ctx: AppContext,
  id: number,
  text: ServicePagePatch,
  file: UploadedFile | undefined,
): Promise<ServicePageContent> {
  const before = await orNotFound(findServicePageById(ctx.db, id));
  const image = file ? await storeImage(ctx, file) : undefined;
  const values: ServicePageValues = { ...text, ...(image ? { image } : {}) };
  // orNotFound: deleted by someone else meanwhile.
  const row = await withNewImages(ctx, [image], () => orNotFound(updateServicePage(ctx.db, id, values)));
  if (image) await releaseImages(ctx, [before.image]);
  await ctx.cache.invalidate(SERVICE_PAGE_CACHE_TAG);
  return toServicePage(row);
}
