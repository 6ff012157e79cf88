import { useQuery } from '@tanstack/react-query';
import { servicePageApi, type ServicePageContent } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call, send } from '../../api/endpoints';
import { useInvalidatingMutation, type UploadProgress as Progress } from '../../api/mutations';

export const servicePageKeys = { content: ['service-page', 'content'] as const };

export interface ServicePageWrite {
  name: string;
  description?: string | null;
  /** Sent only when a new file was chosen (required on create). */
  image: File | null;
}

/** The single record: the API lists zero or one. */
export function useServicePage() {
  return useQuery({
    queryKey: servicePageKeys.content,
    queryFn: async ({ signal }) => (await call(servicePageApi.list, { signal }))[0] ?? null,
  });
}

/** Shows the saved record at once, then refreshes it (also after a failure). */
const useServicePageMutation = <V>(call: (vars: V) => Promise<ServicePageContent>) =>
  useInvalidatingMutation(servicePageKeys.content, call, {
    onSuccess: (saved, client) => client.setQueryData(servicePageKeys.content, saved),
  });

const body = (values: ServicePageWrite) => toFormData({ name: values.name, description: values.description ?? '', image: values.image });

export function useCreateServicePage() {
  return useServicePageMutation(
    ({ values, onProgress }: { values: ServicePageWrite; onProgress?: Progress }) =>
      send(servicePageApi.create, { form: body(values), onProgress }).promise,
  );
}

export function useUpdateServicePage() {
  return useServicePageMutation(
    ({ id, values, onProgress }: { id: number; values: ServicePageWrite; onProgress?: Progress }) =>
      send(servicePageApi.update, { params: { id }, form: body(values), onProgress }).promise,
  );
}
