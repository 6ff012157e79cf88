import { SERVICE_PAGE_MESSAGES, type ServicePageContent, type ServicePagePatch, type ServicePageText } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { HttpError, orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { saveWithImages, type ImageUpload } from '../../media/save-with-images';
import type { StoredImage } from '../../media/stored-image';
import {
  findServicePage,
  findServicePageById,
  insertServicePageOnce,
  updateServicePage,
  type ServicePageRow,
} from './service-page.repository';

export const SERVICE_PAGE_CACHE_TAG = 'service-page';

export function toServicePage(row: ServicePageRow, image: StoredImage): ServicePageContent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...imageFields('image', image),
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

async function withImage(ctx: AppContext, row: ServicePageRow): Promise<ServicePageContent> {
  return toServicePage(row, (await ctx.assets.image(row.imageAssetId))!);
}

/** The spec's single record, listed as an array of zero or one. */
export async function servicePageList(ctx: AppContext): Promise<ServicePageContent[]> {
  const row = await findServicePage(ctx.db);
  return row ? [await withImage(ctx, row)] : [];
}

const imageUpload = (file: UploadedFile): ImageUpload => ({ file, field: 'image', use: 'servicePageImage' });

/** Creates the service page; it is a single record, so a second create is a 409. */
export async function createServicePage(ctx: AppContext, text: ServicePageText, file: UploadedFile): Promise<ServicePageContent> {
  if (await findServicePage(ctx.db)) throw new HttpError(409, SERVICE_PAGE_MESSAGES.alreadyExists);
  const row = await saveWithImages<ServicePageRow, ServicePageRow>(ctx, {
    images: { imageAssetId: imageUpload(file) },
    write: async (tx, ids) => {
      const created = await insertServicePageOnce(tx, { ...text, imageAssetId: ids.imageAssetId! });
      // Another admin created it while this image was being processed.
      if (!created) throw new HttpError(409, SERVICE_PAGE_MESSAGES.alreadyExists);
      return created;
    },
    cacheTags: [SERVICE_PAGE_CACHE_TAG],
  });
  return withImage(ctx, row);
}

/** Partial update: only sent fields change; an omitted or empty image keeps the current one. */
export async function patchServicePage(
  ctx: AppContext,
  id: number,
  text: ServicePagePatch,
  file: UploadedFile | undefined,
): Promise<ServicePageContent> {
  await orNotFound(findServicePageById(ctx.db, id));
  const row = await saveWithImages<ServicePageRow, ServicePageRow>(ctx, {
    images: { imageAssetId: file && imageUpload(file) },
    lock: (tx) => findServicePageById(tx, id, true),
    write: async (tx, ids) => (await updateServicePage(tx, id, { ...text, ...ids }))!,
    cacheTags: [SERVICE_PAGE_CACHE_TAG],
  });
  return withImage(ctx, row);
}
