import path from 'node:path';
import { TEXT_MAX, type HomeGalleryFields, type HomeGalleryImage } from '@darkroom/contracts';
import type { UploadedFile } from '../../http/read-body';
import { imageEntity } from '../image-entities';
import { homeGalleryRepository } from './home-gallery.repository';

/** The spec takes the name from the file name; a browser may send a path, so keep the base name. */
function nameFromFile(file: UploadedFile): string {
  const base = path.posix.basename(file.filename.replaceAll('\\', '/')).trim();
  return (base || 'image').slice(0, TEXT_MAX.medium);
}

/**
 * Home gallery images. A create or PATCH carries a cover_image, a status or a name; a new file
 * without a name renames the entry after the new file, since the name always comes from the file.
 */
export const homeGallery = imageEntity({
  repository: homeGalleryRepository,
  cacheTag: 'home-gallery',
  images: { coverAssetId: { field: 'cover_image', use: 'homeGalleryImage' } },
  values: ({ name, status }: HomeGalleryFields, files) => ({
    ...(status !== undefined && { status }),
    ...((name || files.coverAssetId) && { name: name || nameFromFile(files.coverAssetId!) }),
  }),
  toView: (row): Partial<HomeGalleryImage> => ({ id: row.id, name: row.name, status: row.status }),
});
