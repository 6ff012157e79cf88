import { useQuery } from '@tanstack/react-query';
import { servicesApi } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';
import { serviceKeys, servicesQuery } from './queries';

export { serviceKeys };

/** The order in which a 400's field messages are shown: name, then image, then description. */
export const SERVICE_FIELD_ORDER = ['name', 'cover_image', 'description', 'description2', 'seo_title', 'seo_description'];

export function useServices() {
  return useQuery(servicesQuery);
}

export function useService(id: number | null) {
  return useQuery({
    queryKey: serviceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(servicesApi.get, { params: { id: id! }, signal }),
    enabled: !!id,
  });
}

export interface ServiceFormValues {
  name: string;
  description: string;
  description2: string;
  seo_title: string;
  seo_description: string;
  cover_image: File | null;
}

/** Create (POST, one cover file; the server derives the site and original copies) or update (PATCH). */
export function useSaveService() {
  return useInvalidatingMutation(
    serviceKeys.all,
    ({ id, values }: { id: number | null; values: ServiceFormValues }) => {
      const form = toFormData({
        name: values.name,
        description: values.description,
        description2: values.description2,
        seo_title: values.seo_title,
        seo_description: values.seo_description,
        // An empty image is left out on update, so the old cover stays.
        cover_image: values.cover_image,
      });
      return id ? call(servicesApi.update, { params: { id }, body: form }) : call(servicesApi.create, { body: form });
    },
    { refreshOn: 'success' },
  );
}

export function usePublishService() {
  return useInvalidatingMutation(
    serviceKeys.all,
    ({ id, status }: { id: number; status: boolean }) => call(servicesApi.update, { params: { id }, body: toFormData({ status }) }),
    { refreshOn: 'success' },
  );
}

export function useDeleteService() {
  return useInvalidatingMutation(serviceKeys.all, (id: number) => call(servicesApi.remove, { params: { id } }), { refreshOn: 'success' });
}

/** Saves the order of every service (the website lists them so). */
export function useOrderServices() {
  return useInvalidatingMutation(serviceKeys.all, (ids: number[]) => call(servicesApi.order, { body: { ids } }));
}
