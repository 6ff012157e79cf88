import type { FastifyInstance } from 'fastify';
import { CAROUSEL_MESSAGES, carouselPatchSchema, carouselTextSchema, type CarouselItem } from '@darkroom/contracts';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { validate, validateWithFile } from '../../lib/validate';
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

export async function listCarouselItems(app: FastifyInstance): Promise<CarouselItem[]> {
  return (await listCarouselRows(app.db)).map(toCarouselItem);
}

/** Creates an item; text and image are checked (all messages at once) before anything is stored. */
export async function createCarouselItem(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<CarouselItem> {
  const { data, file: upload } = validateWithFile(carouselTextSchema, fields, {
    field: IMAGE_FIELD,
    value: file,
    missing: CAROUSEL_MESSAGES.imageRequired,
  });
  const image = await processImage(app.storage, upload, { field: IMAGE_FIELD, use: 'carouselImage' });
  const row = await withNewImages(app, [image], () => insertCarouselRow(app.db, { ...data, image, status: false }));
  await app.cache.invalidate(CAROUSEL_CACHE_TAG);
  return toCarouselItem(row);
}

/** Partial update: sent text fields, the status, and the image only when a new file came. */
export async function updateCarouselItem(
  app: FastifyInstance,
  id: number,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<CarouselItem> {
  const before = await orNotFound(findCarouselRow(app.db, id));
  const patch = validate(carouselPatchSchema, fields);
  const image = file ? await processImage(app.storage, file, { field: IMAGE_FIELD, use: 'carouselImage' }) : undefined;
  const changes: CarouselChanges = { ...patch, ...(image ? { image } : {}) };
  // orNotFound: deleted by someone else between the read and the write.
  const row = await withNewImages(app, [image], () => orNotFound(updateCarouselRow(app.db, id, changes)));
  await app.cache.invalidate(CAROUSEL_CACHE_TAG);
  if (image) await releaseImages(app, [before.image]);
  return toCarouselItem(row);
}

export async function deleteCarouselItem(app: FastifyInstance, id: number): Promise<void> {
  const row = await orNotFound(deleteCarouselRow(app.db, id));
  await app.cache.invalidate(CAROUSEL_CACHE_TAG);
  await releaseImages(app, [row.image]);
}
