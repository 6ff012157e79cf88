import { useQuery } from '@tanstack/react-query';
import { carouselApi } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call, send } from '../../api/endpoints';
import { useInvalidatingMutation, type UploadProgress as Progress } from '../../api/mutations';

export const carouselKeys = { list: ['carousel', 'list'] as const };

export interface CarouselWrite {
  header: string;
  title: string;
  message: string;
  /** Sent only when a new file was chosen. */
  image: File | null;
}

export function useCarouselList() {
  return useQuery({ queryKey: carouselKeys.list, queryFn: ({ signal }) => call(carouselApi.list, { signal }) });
}

/** Every write refreshes the list once it settles (also after a failure, which may be a stale row). */
const useCarouselMutation = <V>(call: (vars: V) => Promise<unknown>) => useInvalidatingMutation(carouselKeys.list, call);

export function useCreateCarousel() {
  return useCarouselMutation(
    ({ values, onProgress }: { values: CarouselWrite; onProgress?: Progress }) =>
      send(carouselApi.create, { form: toFormData({ ...values }), onProgress }).promise,
  );
}

export function useUpdateCarousel() {
  return useCarouselMutation(
    ({ id, values, onProgress }: { id: number; values: CarouselWrite; onProgress?: Progress }) =>
      send(carouselApi.update, { params: { id }, form: toFormData({ ...values }), onProgress }).promise,
  );
}

/** The spec's publish call: multipart with status only. */
export function useSetCarouselStatus() {
  return useCarouselMutation(({ id, status }: { id: number; status: boolean }) =>
    call(carouselApi.update, { params: { id }, body: toFormData({ status }) }),
  );
}

export function useDeleteCarousel() {
  return useCarouselMutation((id: number) => call(carouselApi.remove, { params: { id } }));
}
