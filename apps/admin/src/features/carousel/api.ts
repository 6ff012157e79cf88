import { useQuery } from '@tanstack/react-query';
import type { CarouselItem } from '@darkroom/contracts';
import { api, toFormData, upload } from '../../api/client';
import { useInvalidatingMutation, type UploadProgress as Progress } from '../../api/mutations';

const URL = '/adminportal/manage-carousel/';

export const carouselKeys = { list: ['carousel', 'list'] as const };

export interface CarouselWrite {
  header: string;
  title: string;
  message: string;
  /** Sent only when a new file was chosen. */
  image: File | null;
}

export function useCarouselList() {
  return useQuery({ queryKey: carouselKeys.list, queryFn: ({ signal }) => api.get<CarouselItem[]>(URL, signal) });
}

/** Every write refreshes the list once it settles (also after a failure, which may be a stale row). */
const useCarouselMutation = <V>(call: (vars: V) => Promise<unknown>) => useInvalidatingMutation(carouselKeys.list, call);

export function useCreateCarousel() {
  return useCarouselMutation(
    ({ values, onProgress }: { values: CarouselWrite; onProgress?: Progress }) =>
      upload<CarouselItem>('POST', URL, toFormData({ ...values }), onProgress).promise,
  );
}

export function useUpdateCarousel() {
  return useCarouselMutation(
    ({ id, values, onProgress }: { id: number; values: CarouselWrite; onProgress?: Progress }) =>
      upload<CarouselItem>('PATCH', `${URL}${id}/`, toFormData({ ...values }), onProgress).promise,
  );
}

/** The spec's publish call: multipart with status only. */
export function useSetCarouselStatus() {
  return useCarouselMutation(({ id, status }: { id: number; status: boolean }) =>
    api.patch<CarouselItem>(`${URL}${id}/`, toFormData({ status })),
  );
}

export function useDeleteCarousel() {
  return useCarouselMutation((id: number) => api.delete<void>(`${URL}${id}/`));
}
