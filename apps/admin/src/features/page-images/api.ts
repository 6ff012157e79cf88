import { useQuery } from '@tanstack/react-query';
import { pageImagesApi } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

export const pageImageKeys = {
  all: ['page-images'] as const,
  list: () => [...pageImageKeys.all, 'list'] as const,
  types: ['page-types'] as const,
};

/** A 400 names the page first, then the image. */
export const PAGE_IMAGE_FIELD_ORDER = ['page', 'image'];

export function usePageImages() {
  return useQuery({ queryKey: pageImageKeys.list(), queryFn: ({ signal }) => call(pageImagesApi.list, { signal }) });
}

/** The fixed page list (ids 1-7); it never changes while the portal runs. */
export function usePageTypes() {
  return useQuery({
    queryKey: pageImageKeys.types,
    queryFn: ({ signal }) => call(pageImagesApi.pageTypes, { signal }),
    staleTime: Infinity,
  });
}

export interface PageImageFormValues {
  page: number;
  image: File | null;
}

/** Create (POST page + image) or update (PATCH page, and the image only when a new one was chosen). */
export function useSavePageImage() {
  return useInvalidatingMutation(
    pageImageKeys.all,
    ({ id, values }: { id: number | null; values: PageImageFormValues }) => {
      const form = toFormData({ page: values.page, image: values.image });
      return id ? call(pageImagesApi.update, { params: { id }, body: form }) : call(pageImagesApi.create, { body: form });
    },
    { refreshOn: 'success' },
  );
}

export function usePublishPageImage() {
  return useInvalidatingMutation(
    pageImageKeys.all,
    ({ id, status }: { id: number; status: boolean }) => call(pageImagesApi.update, { params: { id }, body: toFormData({ status }) }),
    { refreshOn: 'success' },
  );
}

export function useDeletePageImage() {
  return useInvalidatingMutation(pageImageKeys.all, (id: number) => call(pageImagesApi.remove, { params: { id } }), {
    refreshOn: 'success',
  });
}
