import { useQuery } from '@tanstack/react-query';
import type { ClientGallery } from '@darkroom/contracts';
import { api, ApiError, toFormData, upload } from '../../api/client';
import { useInvalidatingMutation, type UploadProgress } from '../../api/mutations';

const BASE = '/adminportal/manage-client-galleries/';

export const clientGalleryKeys = {
  all: ['client-galleries'] as const,
  list: () => [...clientGalleryKeys.all, 'list'] as const,
  detail: (id: number) => [...clientGalleryKeys.all, 'detail', id] as const,
};

/** Form fields in the order a 400's messages are shown and focused. */
export const CLIENT_GALLERY_FIELDS = ['title', 'user', 'gallery_link', 'cover_image'];

/** The first field message of a 400, if the answer carried one. */
export function firstFieldMessage(err: unknown, fields: string[] = CLIENT_GALLERY_FIELDS): string | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const messages = err.fields;
  for (const f of [...fields, 'status', 'non_field_errors']) if (messages[f]?.[0]) return messages[f][0];
  return null;
}

export function useClientGalleries() {
  return useQuery({ queryKey: clientGalleryKeys.list(), queryFn: ({ signal }) => api.get<ClientGallery[]>(BASE, signal) });
}

export function useClientGallery(id: number | null) {
  return useQuery({
    queryKey: clientGalleryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ClientGallery>(`${BASE}${id}/`, signal),
    enabled: !!id,
  });
}

export interface ClientGallerySaveValues {
  title: string;
  user: number;
  gallery_link: string;
  cover_image: File | null;
}

/** Every write refreshes the galleries (list and details) once it settles. */
const useClientGalleryMutation = <V, R>(call: (vars: V) => Promise<R>) => useInvalidatingMutation(clientGalleryKeys.all, call);

/** Create (POST) or update (PATCH); an unchanged cover is left out of the update. */
export function useSaveClientGallery() {
  return useClientGalleryMutation(
    ({ id, values, onProgress }: { id: number | null; values: ClientGallerySaveValues; onProgress?: UploadProgress }) =>
      upload<ClientGallery>(id ? 'PATCH' : 'POST', id ? `${BASE}${id}/` : BASE, toFormData({ ...values }), onProgress).promise,
  );
}

/** The publish toggle sends the status as a form field, as the spec's client does. */
export function usePublishClientGallery() {
  return useClientGalleryMutation(({ id, status }: { id: number; status: boolean }) =>
    api.patch<ClientGallery>(`${BASE}${id}/`, toFormData({ status })),
  );
}

export function useDeleteClientGallery() {
  return useClientGalleryMutation((id: number) => api.delete<null>(`${BASE}${id}/`));
}
