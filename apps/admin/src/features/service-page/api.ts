import { useQuery } from '@tanstack/react-query';
import { servicePageApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { useEntitySave } from '../../api/image-entities';

export const servicePageKeys = { content: ['service-page', 'content'] as const };

export interface ServicePageWrite {
  name: string;
  description: string;
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

/** Create or update; shows the saved record at once, then refreshes it (also after a failure). */
export const useSaveServicePage = () =>
  useEntitySave<ServicePageWrite>(servicePageKeys.content, servicePageApi, {
    onSuccess: (saved, client) => client.setQueryData(servicePageKeys.content, saved),
  });
