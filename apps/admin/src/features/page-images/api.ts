import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageImage, PageType } from '@darkroom/contracts';
import { api, ApiError, errorMessage, toFormData } from '../../api/client';

const BASE = '/adminportal/pages-images/';

export const pageImageKeys = {
  all: ['page-images'] as const,
  list: () => [...pageImageKeys.all, 'list'] as const,
  types: ['page-types'] as const,
};

/** A 400 names the page first, then the image. */
export const PAGE_IMAGE_FIELD_ORDER = ['page', 'image'];

/** With an answer, the spec's 400/500 rule; with none (the network failed), the area's own message. */
export function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status !== 0 ? errorMessage(err, PAGE_IMAGE_FIELD_ORDER) : fallback;
}

export function usePageImages() {
  return useQuery({ queryKey: pageImageKeys.list(), queryFn: ({ signal }) => api.get<PageImage[]>(BASE, signal) });
}

/** The fixed page list (ids 1-7); it never changes while the portal runs. */
export function usePageTypes() {
  return useQuery({
    queryKey: pageImageKeys.types,
    queryFn: ({ signal }) => api.get<PageType[]>('/adminportal/page-types/', signal),
    staleTime: Infinity,
  });
}

export interface PageImageFormValues {
  page: number;
  image: File | null;
}

/** Create (POST page + image) or update (PATCH page, and the image only when a new one was chosen). */
export function useSavePageImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: PageImageFormValues }) => {
      const form = toFormData({ page: values.page, image: values.image });
      return id ? api.patch<PageImage>(`${BASE}${id}/`, form) : api.post<PageImage>(BASE, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: pageImageKeys.all }),
  });
}

export function usePublishPageImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) => api.patch<PageImage>(`${BASE}${id}/`, toFormData({ status })),
    onSuccess: () => qc.invalidateQueries({ queryKey: pageImageKeys.all }),
  });
}

export function useDeletePageImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${BASE}${id}/`),
    onSuccess: () => qc.invalidateQueries({ queryKey: pageImageKeys.all }),
  });
}
