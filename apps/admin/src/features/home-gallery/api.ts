import { useQuery } from '@tanstack/react-query';
import { homeGalleryApi } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call, send } from '../../api/endpoints';
import { useInvalidatingMutation, type UploadProgress as Progress } from '../../api/mutations';

export const homeGalleryKeys = { list: ['home-gallery', 'list'] as const };

export function useHomeGalleryList() {
  return useQuery({ queryKey: homeGalleryKeys.list, queryFn: ({ signal }) => call(homeGalleryApi.list, { signal }) });
}

/** Every write refreshes the list once it settles. */
const useHomeGalleryMutation = <V>(call: (vars: V) => Promise<unknown>) => useInvalidatingMutation(homeGalleryKeys.list, call);

/** Create: multipart name + cover_image; the name is the file's name (spec). */
export function useCreateHomeGalleryImage() {
  return useHomeGalleryMutation(
    ({ file, onProgress }: { file: File; onProgress?: Progress }) =>
      send(homeGalleryApi.create, { form: toFormData({ name: file.name, cover_image: file }), onProgress }).promise,
  );
}

/** Update: a new cover_image (the server renames the entry after the new file). */
export function useReplaceHomeGalleryImage() {
  return useHomeGalleryMutation(
    ({ id, file, onProgress }: { id: number; file: File; onProgress?: Progress }) =>
      send(homeGalleryApi.update, { params: { id }, form: toFormData({ cover_image: file }), onProgress }).promise,
  );
}

/** The spec's publish call: multipart with status only. */
export function useSetHomeGalleryStatus() {
  return useHomeGalleryMutation(({ id, status }: { id: number; status: boolean }) =>
    call(homeGalleryApi.update, { params: { id }, body: toFormData({ status }) }),
  );
}

export function useDeleteHomeGalleryImage() {
  return useHomeGalleryMutation((id: number) => call(homeGalleryApi.remove, { params: { id } }));
}
