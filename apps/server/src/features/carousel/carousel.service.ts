import type { CarouselItem, CarouselPatch, CarouselText } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { deleteWithImages, saveWithImages, type ImageUpload } from '../../media/save-with-images';
import type { StoredImage } from '../../media/stored-image';
import {
  deleteCarouselRow,
  findCarouselRow,
  insertCarouselRow,
  listCarouselRows,
  updateCarouselRow,
  type CarouselRow,
} from './carousel.repository';

export const CAROUSEL_CACHE_TAG = 'carousel';
const IMAGE_FIELD = 'image';

export function toCarouselItem(row: CarouselRow, image: StoredImage): CarouselItem {
  return {
    id: row.id,
    header: row.header,
    title: row.title,
    message: row.message,
    ...imageFields('image', image),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

async function withImages(ctx: AppContext, rows: CarouselRow[]): Promise<CarouselItem[]> {
  const images = await ctx.assets.images(rows.map((r) => r.imageAssetId));
  return rows.map((r) => toCarouselItem(r, images.get(r.imageAssetId)!));
}

export async function listCarouselItems(ctx: AppContext): Promise<CarouselItem[]> {
  return withImages(ctx, await listCarouselRows(ctx.db));
}

const imageUpload = (file: UploadedFile): ImageUpload => ({ file, field: IMAGE_FIELD, use: 'carouselImage' });

/** Creates an item; text and image are checked (all messages at once) before anything is stored. */
export async function createCarouselItem(ctx: AppContext, data: CarouselText, file: UploadedFile): Promise<CarouselItem> {
  const row = await saveWithImages<CarouselRow, CarouselRow>(ctx, {
    images: { imageAssetId: imageUpload(file) },
    write: (tx, ids) => insertCarouselRow(tx, { ...data, imageAssetId: ids.imageAssetId!, status: false }),
    cacheTags: [CAROUSEL_CACHE_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}

/** Partial update: sent text fields, the status, and the image only when a new file came. */
export async function updateCarouselItem(
  ctx: AppContext,
  id: number,
  patch: CarouselPatch,
  file: UploadedFile | undefined,
): Promise<CarouselItem> {
  await orNotFound(findCarouselRow(ctx.db, id));
  const row = await saveWithImages<CarouselRow, CarouselRow>(ctx, {
    images: { imageAssetId: file && imageUpload(file) },
    lock: (tx) => findCarouselRow(tx, id, true),
    write: async (tx, ids) => (await updateCarouselRow(tx, id, { ...patch, ...ids }))!,
    cacheTags: [CAROUSEL_CACHE_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}

export async function deleteCarouselItem(ctx: AppContext, id: number): Promise<void> {
  await deleteWithImages(ctx, {
    remove: (tx) => deleteCarouselRow(tx, id),
    assetsOf: (row) => [row.imageAssetId],
    cacheTags: [CAROUSEL_CACHE_TAG],
  });
}
