import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientGallery, PersonAccount } from '@darkroom/contracts';
import { api, ApiError, toFormData } from '../../api/client';

const BASE = '/adminportal/manage-client-galleries/';

export const clientGalleryKeys = {
  all: ['client-galleries'] as const,
  list: () => [...clientGalleryKeys.all, 'list'] as const,
  detail: (id: number) => [...clientGalleryKeys.all, 'detail', id] as const,
  customers: () => [...clientGalleryKeys.all, 'customers'] as const,
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

/** Customers a gallery can be assigned to (the users list; admins are never offered). */
export function useCustomers(enabled = true) {
  return useQuery({
    queryKey: clientGalleryKeys.customers(),
    queryFn: ({ signal }) => api.get<PersonAccount[]>('/adminportal/manage-users/', signal),
    enabled,
    staleTime: 0,
  });
}

export interface ClientGallerySaveValues {
  title: string;
  user: number;
  gallery_link: string;
  cover_image: File | null;
}

/** Create (POST) or update (PATCH); an unchanged cover is left out of the update. */
export function useSaveClientGallery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: ClientGallerySaveValues }) => {
      const form = toFormData({ ...values });
      return id ? api.patch<ClientGallery>(`${BASE}${id}/`, form) : api.post<ClientGallery>(BASE, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: clientGalleryKeys.all }),
  });
}

/** The publish toggle sends the status as a form field, as the spec's client does. */
export function usePublishClientGallery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) => api.patch<ClientGallery>(`${BASE}${id}/`, toFormData({ status })),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientGalleryKeys.all }),
  });
}

export function useDeleteClientGallery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${BASE}${id}/`),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientGalleryKeys.all }),
  });
}
