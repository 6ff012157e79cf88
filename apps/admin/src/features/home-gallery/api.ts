import { homeGalleryApi } from '@darkroom/contracts';
import { useEntityList, useEntityOrder, useEntityRemove, useEntitySave, useEntityStatus } from '../../api/image-entities';

export const homeGalleryKeys = { list: ['home-gallery', 'list'] as const };

/** Every write refreshes the list once it settles. */
export const useHomeGalleryList = () => useEntityList(homeGalleryKeys.list, homeGalleryApi);

/**
 * Create: multipart name + cover_image, the name being the file's (spec). Update: a new
 * cover_image (the server renames the entry after the new file). `status` publishes a new image in
 * its create (the multi-file upload, after one confirmation for all).
 */
export const useSaveHomeGalleryImage = () =>
  useEntitySave<{ name?: string; cover_image: File; status?: boolean }>(homeGalleryKeys.list, homeGalleryApi);

/** The spec's publish call: multipart with status only. */
export const useSetHomeGalleryStatus = () => useEntityStatus(homeGalleryKeys.list, homeGalleryApi);
export const useDeleteHomeGalleryImage = () => useEntityRemove(homeGalleryKeys.list, homeGalleryApi);

/** Saves the order the website shows them in. */
export const useOrderHomeGallery = () => useEntityOrder(homeGalleryKeys.list, homeGalleryApi);
