import type { CarouselItem, CarouselPatch, CarouselText } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
import {
  deleteCarouselRow,
  findCarouselRow,
  insertCarouselRow,
  listCarouselRows,
  updateCarouselRow,
  type CarouselChanges,
  type CarouselRow,
} from './carousel.repository';

export const CAROUSEL_CACHE_TAG = 'carousel';
const IMAGE_FIELD = 'image';

export function toCarouselItem(row: CarouselRow): CarouselItem {
  return {
    id: row.id,
    header: row.header,
    title: row.title,
    message: row.message,
    ...imageFields('image', row.image),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

export async function listCarouselItems(ctx: AppContext): Promise<CarouselItem[]> {
  return (await listCarouselRows(ctx.db)).map(toCarouselItem);
}

/** Creates an item; text and image are checked (all messages at once) before anything is stored. */
export async function createCarouselItem(ctx: AppContext, data: CarouselText, file: UploadedFile): Promise<CarouselItem> {
  const image = await processImage(ctx.storage, file, { field: IMAGE_FIELD, use: 'carouselImage' });
  const row = await withNewImages(ctx, [image], () => insertCarouselRow(ctx.db, { ...data, image, status: false }));
  await ctx.cache.invalidate(CAROUSEL_CACHE_TAG);
  return toCarouselItem(row);
}

/** Partial update: sent text fields, the status, and the image only when a new file came. */
export async function updateCarouselItem(
  ctx: AppContext,
  id: number,
  patch: CarouselPatch,
  file: UploadedFile | undefined,
): Promise<CarouselItem> {
  const before = await orNotFound(findCarouselRow(ctx.db, id));
  const image = file ? await processImage(ctx.storage, file, { field: IMAGE_FIELD, use: 'carouselImage' }) : undefined;
  const changes: CarouselChanges = { ...patch, ...(image ? { image } : {}) };
  // orNotFound: deleted by someone else between the read and the write.
  const row = await withNewImages(ctx, [image], () => orNotFound(updateCarouselRow(ctx.db, id, changes)));
  await ctx.cache.invalidate(CAROUSEL_CACHE_TAG);
  if (image) await releaseImages(ctx, [before.image]);
  return toCarouselItem(row);
}

export async function deleteCarouselItem(ctx: AppContext, id: number): Promise<void> {
  const row = await orNotFound(deleteCarouselRow(ctx.db, id));
  await ctx.cache.invalidate(CAROUSEL_CACHE_TAG);
  await releaseImages(ctx, [row.image]);
}
