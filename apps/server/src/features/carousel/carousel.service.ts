import type { FastifyInstance } from 'fastify';
import {
  CAROUSEL_MESSAGES,
  carouselPatchSchema,
  carouselTextSchema,
  toFieldErrors,
  type CarouselItem,
  type FieldErrors,
} from '@darkroom/contracts';
import { notFound, ValidationError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { validate } from '../../lib/validate';
import { imageView, processImage } from '../../media/image-pipeline';
import { releaseImages } from '../../media/release-images';
import type { StoredImage } from '../../media/stored-image';
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
  const view = imageView(row.image);
  return {
    id: row.id,
    header: row.header,
    title: row.title,
    message: row.message,
    image: view.url,
    image_view: view,
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

export async function listCarouselItems(app: FastifyInstance): Promise<CarouselItem[]> {
  return (await listCarouselRows(app.db)).map(toCarouselItem);
}

/** The list as cached JSON text (read-mostly; dropped on every write). */
export function carouselListJson(app: FastifyInstance): Promise<string> {
  return app.cache.json(CAROUSEL_CACHE_TAG, 'list', () => listCarouselItems(app));
}

async function getRow(app: FastifyInstance, id: number): Promise<CarouselRow> {
  const row = await findCarouselRow(app.db, id);
  if (!row) throw notFound();
  return row;
}

/** Runs `write` with a freshly stored image; if the write fails, the new files go again. */
async function withNewImage<T>(app: FastifyInstance, image: StoredImage | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await releaseImages(app, [image]);
    throw err;
  }
}

/** Creates an item; text and image are checked (all messages at once) before anything is stored. */
export async function createCarouselItem(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<CarouselItem> {
  const parsed = carouselTextSchema.safeParse(fields);
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
  if (!file) errors[IMAGE_FIELD] = [CAROUSEL_MESSAGES.imageRequired];
  if (!parsed.success || !file) throw new ValidationError(errors);

  const image = await processImage(app.storage, file, { field: IMAGE_FIELD, use: 'carouselImage' });
  const row = await withNewImage(app, image, () => insertCarouselRow(app.db, { ...parsed.data, image, status: false }));
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
  const before = await getRow(app, id);
  const patch = validate(carouselPatchSchema, fields);
  const image = file ? await processImage(app.storage, file, { field: IMAGE_FIELD, use: 'carouselImage' }) : undefined;
  const changes: CarouselChanges = { ...patch, ...(image ? { image } : {}) };
  const row = await withNewImage(app, image, async () => {
    const updated = await updateCarouselRow(app.db, id, changes);
    // Deleted by someone else between the read and the write.
    if (!updated) throw notFound();
    return updated;
  });
  await app.cache.invalidate(CAROUSEL_CACHE_TAG);
  if (image) await releaseImages(app, [before.image]);
  return toCarouselItem(row);
}

export async function deleteCarouselItem(app: FastifyInstance, id: number): Promise<void> {
  const row = await deleteCarouselRow(app.db, id);
  if (!row) throw notFound();
  await app.cache.invalidate(CAROUSEL_CACHE_TAG);
  await releaseImages(app, [row.image]);
}
