import { useQuery } from '@tanstack/react-query';
import type { HomeGalleryImage } from '@darkroom/contracts';
import { api, toFormData, upload } from '../../api/client';
import { useInvalidatingMutation, type UploadProgress as Progress } from '../../api/mutations';

const URL = '/adminportal/home-gallery-image/';

export const homeGalleryKeys = { list: ['home-gallery', 'list'] as const };

export function useHomeGalleryList() {
  return useQuery({ queryKey: homeGalleryKeys.list, queryFn: ({ signal }) => api.get<HomeGalleryImage[]>(URL, signal) });
}

/** Every write refreshes the list once it settles. */
const useHomeGalleryMutation = <V>(call: (vars: V) => Promise<unknown>) => useInvalidatingMutation(homeGalleryKeys.list, call);

/** Create: multipart name + cover_image; the name is the file's name (spec). */
export function useCreateHomeGalleryImage() {
  return useHomeGalleryMutation(
    ({ file, onProgress }: { file: File; onProgress?: Progress }) =>
      upload<HomeGalleryImage>('POST', URL, toFormData({ name: file.name, cover_image: file }), onProgress).promise,
  );
}

/** Update: a new cover_image (the server renames the entry after the new file). */
export function useReplaceHomeGalleryImage() {
  return useHomeGalleryMutation(
    ({ id, file, onProgress }: { id: number; file: File; onProgress?: Progress }) =>
      upload<HomeGalleryImage>('PATCH', `${URL}${id}/`, toFormData({ cover_image: file }), onProgress).promise,
  );
}

/** The spec's publish call: multipart with status only. */
export function useSetHomeGalleryStatus() {
  return useHomeGalleryMutation(({ id, status }: { id: number; status: boolean }) =>
    api.patch<HomeGalleryImage>(`${URL}${id}/`, toFormData({ status })),
  );
}

export function useDeleteHomeGalleryImage() {
  return useHomeGalleryMutation((id: number) => api.delete<void>(`${URL}${id}/`));
}
