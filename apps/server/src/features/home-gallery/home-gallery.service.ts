import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HOME_GALLERY_MESSAGES, homeGalleryFieldsSchema, TEXT_MAX, type HomeGalleryImage } from '@darkroom/contracts';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { validate, validateWithFile } from '../../lib/validate';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
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
  return {
    id: row.id,
    name: row.name,
    ...imageFields('cover_image', row.cover),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

export async function listHomeGalleryImages(app: FastifyInstance): Promise<HomeGalleryImage[]> {
  return (await listHomeGalleryRows(app.db)).map(toHomeGalleryImage);
}

/** The spec takes the name from the file name; a browser may send a path, so keep the base name. */
function nameFromFile(file: UploadedFile): string {
  const base = path.posix.basename(file.filename.replaceAll('\\', '/')).trim();
  return (base || 'image').slice(0, TEXT_MAX.medium);
}

export async function createHomeGalleryImage(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<HomeGalleryImage> {
  const { data: input, file: upload } = validateWithFile(homeGalleryFieldsSchema, fields, {
    field: IMAGE_FIELD,
    value: file,
    missing: HOME_GALLERY_MESSAGES.imageRequired,
  });
  const cover = await processImage(app.storage, upload, { field: IMAGE_FIELD, use: 'homeGalleryImage' });
  const row = await withNewImages(app, [cover], () =>
    insertHomeGalleryRow(app.db, { name: input.name || nameFromFile(upload), cover, status: input.status ?? false }),
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
  const before = await orNotFound(findHomeGalleryRow(app.db, id));
  const input = validate(homeGalleryFieldsSchema, fields);
  const cover = file ? await processImage(app.storage, file, { field: IMAGE_FIELD, use: 'homeGalleryImage' }) : undefined;
  const changes: HomeGalleryChanges = {};
  if (input.status !== undefined) changes.status = input.status;
  if (input.name) changes.name = input.name;
  if (file && cover) {
    changes.cover = cover;
    changes.name ??= nameFromFile(file);
  }
  // orNotFound: deleted by someone else between the read and the write.
  const row = await withNewImages(app, [cover], () => orNotFound(updateHomeGalleryRow(app.db, id, changes)));
  await app.cache.invalidate(HOME_GALLERY_CACHE_TAG);
  if (cover) await releaseImages(app, [before.cover]);
  return toHomeGalleryImage(row);
}

export async function deleteHomeGalleryImage(app: FastifyInstance, id: number): Promise<void> {
  const row = await orNotFound(deleteHomeGalleryRow(app.db, id));
  await app.cache.invalidate(HOME_GALLERY_CACHE_TAG);
  await releaseImages(app, [row.cover]);
}
