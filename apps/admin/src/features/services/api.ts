import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Service } from '@darkroom/contracts';
import { api, ApiError, errorMessage, toFormData } from '../../api/client';

const BASE = '/adminportal/manage-services/';

export const serviceKeys = {
  all: ['services'] as const,
  list: () => [...serviceKeys.all, 'list'] as const,
  detail: (id: number) => [...serviceKeys.all, 'detail', id] as const,
};

/** The order in which a 400's field messages are shown: name, then image, then description. */
export const SERVICE_FIELD_ORDER = ['name', 'cover_image', 'description', 'description2'];

/**
 * The message for a failed write: with an answer, the spec's 400/500 rule; with none (the
 * network failed), the area's own failure message.
 */
export function failureText(err: unknown, fallback: string, fields: string[] = SERVICE_FIELD_ORDER): string {
  return err instanceof ApiError && err.status !== 0 ? errorMessage(err, fields) : fallback;
}

export function useServices() {
  return useQuery({ queryKey: serviceKeys.list(), queryFn: ({ signal }) => api.get<Service[]>(BASE, signal) });
}

export function useService(id: number | null) {
  return useQuery({
    queryKey: serviceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Service>(`${BASE}${id}/`, signal),
    enabled: !!id,
  });
}

export interface ServiceFormValues {
  name: string;
  description: string;
  description2: string;
  cover_image: File | null;
}

/** Create (POST, one cover file; the server derives the site and original copies) or update (PATCH). */
export function useSaveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: ServiceFormValues }) => {
      const form = toFormData({
        name: values.name,
        description: values.description,
        description2: values.description2,
        // An empty image is left out on update, so the old cover stays.
        cover_image: values.cover_image,
      });
      return id ? api.patch<Service>(`${BASE}${id}/`, form) : api.post<Service>(BASE, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

export function usePublishService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) => api.patch<Service>(`${BASE}${id}/`, toFormData({ status })),
    onSuccess: () => qc.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${BASE}${id}/`),
    onSuccess: () => qc.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
