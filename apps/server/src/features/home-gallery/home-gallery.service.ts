import path from 'node:path';
import type { AppContext } from '../../context';
import { TEXT_MAX, type HomeGalleryFields, type HomeGalleryImage } from '@darkroom/contracts';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
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

export async function listHomeGalleryImages(ctx: AppContext): Promise<HomeGalleryImage[]> {
  return (await listHomeGalleryRows(ctx.db)).map(toHomeGalleryImage);
}

/** The spec takes the name from the file name; a browser may send a path, so keep the base name. */
function nameFromFile(file: UploadedFile): string {
  const base = path.posix.basename(file.filename.replaceAll('\\', '/')).trim();
  return (base || 'image').slice(0, TEXT_MAX.medium);
}

export async function createHomeGalleryImage(ctx: AppContext, input: HomeGalleryFields, upload: UploadedFile): Promise<HomeGalleryImage> {
  const cover = await processImage(ctx.storage, upload, { field: IMAGE_FIELD, use: 'homeGalleryImage' });
  const row = await withNewImages(ctx, [cover], () =>
    insertHomeGalleryRow(ctx.db, { name: input.name || nameFromFile(upload), cover, status: input.status ?? false }),
  );
  await ctx.cache.invalidate(HOME_GALLERY_CACHE_TAG);
  return toHomeGalleryImage(row);
}

/**
 * PATCH carries a new cover_image or a status (or both). A new file without a name renames the
 * entry after the new file, since the name always comes from the file.
 */
export async function updateHomeGalleryImage(
  ctx: AppContext,
  id: number,
  input: HomeGalleryFields,
  file: UploadedFile | undefined,
): Promise<HomeGalleryImage> {
  const before = await orNotFound(findHomeGalleryRow(ctx.db, id));
  const cover = file ? await processImage(ctx.storage, file, { field: IMAGE_FIELD, use: 'homeGalleryImage' }) : undefined;
  const changes: HomeGalleryChanges = {};
  if (input.status !== undefined) changes.status = input.status;
  if (input.name) changes.name = input.name;
  if (file && cover) {
    changes.cover = cover;
    changes.name ??= nameFromFile(file);
  }
  // orNotFound: deleted by someone else between the read and the write.
  const row = await withNewImages(ctx, [cover], () => orNotFound(updateHomeGalleryRow(ctx.db, id, changes)));
  await ctx.cache.invalidate(HOME_GALLERY_CACHE_TAG);
  if (cover) await releaseImages(ctx, [before.cover]);
  return toHomeGalleryImage(row);
}

export async function deleteHomeGalleryImage(ctx: AppContext, id: number): Promise<void> {
  const row = await orNotFound(deleteHomeGalleryRow(ctx.db, id));
  await ctx.cache.invalidate(HOME_GALLERY_CACHE_TAG);
  await releaseImages(ctx, [row.cover]);
}
