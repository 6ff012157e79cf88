import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  HOME_GALLERY_MESSAGES,
  homeGalleryFieldsSchema,
  TEXT_MAX,
  toFieldErrors,
  type FieldErrors,
  type HomeGalleryImage,
} from '@darkroom/contracts';
import { notFound, ValidationError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { validate } from '../../lib/validate';
import { imageView, processImage } from '../../media/image-pipeline';
import { releaseImages } from '../../media/release-images';
import type { StoredImage } from '../../media/stored-image';
import {
  deleteHomeGalleryRow,
  findHomeGalleryRow,
  insertHomeGalleryRow,
  listHomeGalleryRows,
  updateHomeGalleryRow,
  type HomeGalleryChanges,
  type HomeGalleryRow,
} from './home-gallery.repository';

export const HOME_GALLERY_CACHE_TAG = 'home-gallery';
const IMAGE_FIELD = 'cover_image';

export function toHomeGalleryImage(row: HomeGalleryRow): HomeGalleryImage {
  const view = imageView(row.cover);
  return {
    id: row.id,
    name: row.name,
    cover_image: view.url,
    cover_image_view: view,
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

export async function listHomeGalleryImages(app: FastifyInstance): Promise<HomeGalleryImage[]> {
  return (await listHomeGalleryRows(app.db)).map(toHomeGalleryImage);
}

/** The list as cached JSON text (read-mostly; dropped on every write). */
export function homeGalleryListJson(app: FastifyInstance): Promise<string> {
  return app.cache.json(HOME_GALLERY_CACHE_TAG, 'list', () => listHomeGalleryImages(app));
}

/** The spec takes the name from the file name; a browser may send a path, so keep the base name. */
function nameFromFile(file: UploadedFile): string {
  const base = path.posix.basename(file.filename.replaceAll('\\', '/')).trim();
  return (base || 'image').slice(0, TEXT_MAX.medium);
}

async function withNewImage<T>(app: FastifyInstance, image: StoredImage | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await releaseImages(app, [image]);
    throw err;
  }
}

export async function createHomeGalleryImage(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<HomeGalleryImage> {
  const parsed = homeGalleryFieldsSchema.safeParse(fields);
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
  if (!file) errors[IMAGE_FIELD] = [HOME_GALLERY_MESSAGES.imageRequired];
  if (!parsed.success || !file) throw new ValidationError(errors);
  const input = parsed.data;
  const cover = await processImage(app.storage, file, { field: IMAGE_FIELD, use: 'homeGalleryImage' });
  const row = await withNewImage(app, cover, () =>
    insertHomeGalleryRow(app.db, { name: input.name || nameFromFile(file), cover, status: input.status ?? false }),
  );
  await app.cache.invalidate(HOME_GALLERY_CACHE_TAG);
  return toHomeGalleryImage(row);
}

/**
 * PATCH carries a new cover_image or a status (or both). A new file without a name renames the
 * entry after the new file, since the name always comes from the file.
 */
export async function updateHomeGalleryImage(
  app: FastifyInstance,
  id: number,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<HomeGalleryImage> {
  const before = await findHomeGalleryRow(app.db, id);
  if (!before) throw notFound();
  const input = validate(homeGalleryFieldsSchema, fields);
  const cover = file ? await processImage(app.storage, file, { field: IMAGE_FIELD, use: 'homeGalleryImage' }) : undefined;
  const changes: HomeGalleryChanges = {};
  if (input.status !== undefined) changes.status = input.status;
  if (input.name) changes.name = input.name;
  if (file && cover) {
    changes.cover = cover;
    changes.name ??= nameFromFile(file);
  }
  const row = await withNewImage(app, cover, async () => {
    const updated = await updateHomeGalleryRow(app.db, id, changes);
    // Deleted by someone else between the read and the write.
    if (!updated) throw notFound();
    return updated;
  });
  await app.cache.invalidate(HOME_GALLERY_CACHE_TAG);
  if (cover) await releaseImages(app, [before.cover]);
  return toHomeGalleryImage(row);
}

export async function deleteHomeGalleryImage(app: FastifyInstance, id: number): Promise<void> {
  const row = await deleteHomeGalleryRow(app.db, id);
  if (!row) throw notFound();
  await app.cache.invalidate(HOME_GALLERY_CACHE_TAG);
  await releaseImages(app, [row.cover]);
}
