import { homeGalleryApi } from '@darkroom/contracts';
import { useEntityList, useEntityRemove, useEntitySave, useEntityStatus } from '../../api/image-entities';

export const homeGalleryKeys = { list: ['home-gallery', 'list'] as const };

/** Every write refreshes the list once it settles. */
export const useHomeGalleryList = () => useEntityList(homeGalleryKeys.list, homeGalleryApi);

/**
 * Create: multipart name + cover_image, the name being the file's (spec). Update: a new
 * cover_image (the server renames the entry after the new file).
 */
export const useSaveHomeGalleryImage = () => useEntitySave<{ name?: string; cover_image: File }>(homeGalleryKeys.list, homeGalleryApi);

/** The spec's publish call: multipart with status only. */
export const useSetHomeGalleryStatus = () => useEntityStatus(homeGalleryKeys.list, homeGalleryApi);
export const useDeleteHomeGalleryImage = () => useEntityRemove(homeGalleryKeys.list, homeGalleryApi);
