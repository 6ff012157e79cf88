import path from 'node:path';
import type { AppContext } from '../../context';
import { TEXT_MAX, type HomeGalleryFields, type HomeGalleryImage } from '@darkroom/contracts';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { deleteWithImages, saveWithImages, type ImageUpload } from '../../media/save-with-images';
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

export function toHomeGalleryImage(row: HomeGalleryRow, cover: StoredImage): HomeGalleryImage {
  return {
    id: row.id,
    name: row.name,
    ...imageFields('cover_image', cover),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

async function withImages(ctx: AppContext, rows: HomeGalleryRow[]): Promise<HomeGalleryImage[]> {
  const images = await ctx.assets.images(rows.map((r) => r.coverAssetId));
  return rows.map((r) => toHomeGalleryImage(r, images.get(r.coverAssetId)!));
}

export async function listHomeGalleryImages(ctx: AppContext): Promise<HomeGalleryImage[]> {
  return withImages(ctx, await listHomeGalleryRows(ctx.db));
}

const coverUpload = (file: UploadedFile): ImageUpload => ({ file, field: IMAGE_FIELD, use: 'homeGalleryImage' });

/** The spec takes the name from the file name; a browser may send a path, so keep the base name. */
function nameFromFile(file: UploadedFile): string {
  const base = path.posix.basename(file.filename.replaceAll('\\', '/')).trim();
  return (base || 'image').slice(0, TEXT_MAX.medium);
}

export async function createHomeGalleryImage(ctx: AppContext, input: HomeGalleryFields, upload: UploadedFile): Promise<HomeGalleryImage> {
  const row = await saveWithImages<HomeGalleryRow, HomeGalleryRow>(ctx, {
    images: { coverAssetId: coverUpload(upload) },
    write: (tx, ids) =>
      insertHomeGalleryRow(tx, {
        name: input.name || nameFromFile(upload),
        coverAssetId: ids.coverAssetId!,
        status: input.status ?? false,
      }),
    cacheTags: [HOME_GALLERY_CACHE_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
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
  await orNotFound(findHomeGalleryRow(ctx.db, id));
  const changes: HomeGalleryChanges = {};
  if (input.status !== undefined) changes.status = input.status;
  if (input.name) changes.name = input.name;
  if (file) changes.name ??= nameFromFile(file);
  const row = await saveWithImages<HomeGalleryRow, HomeGalleryRow>(ctx, {
    images: { coverAssetId: file && coverUpload(file) },
    lock: (tx) => findHomeGalleryRow(tx, id, true),
    write: async (tx, ids) => (await updateHomeGalleryRow(tx, id, { ...changes, ...ids }))!,
    cacheTags: [HOME_GALLERY_CACHE_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}

export async function deleteHomeGalleryImage(ctx: AppContext, id: number): Promise<void> {
  await deleteWithImages(ctx, {
    remove: (tx) => deleteHomeGalleryRow(tx, id),
    assetsOf: (row) => [row.coverAssetId],
    cacheTags: [HOME_GALLERY_CACHE_TAG],
  });
}
