import { useQuery } from '@tanstack/react-query';
import { pageImagesApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { useEntityRemove, useEntitySave, useEntityStatus } from '../../api/image-entities';

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
export const useSavePageImage = () =>
  useEntitySave<PageImageFormValues>(pageImageKeys.all, pageImagesApi, { upload: false, refreshOn: 'success' });

export const usePublishPageImage = () => useEntityStatus(pageImageKeys.all, pageImagesApi, { refreshOn: 'success' });

export const useDeletePageImage = () => useEntityRemove(pageImageKeys.all, pageImagesApi, { refreshOn: 'success' });
