import { useQuery } from '@tanstack/react-query';
import { aboutApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { useEntitySave } from '../../api/image-entities';

export const aboutKeys = { all: ['about'] as const };

/** The about content, or null when none exists yet (the API answers a list of at most one). */
export function useAboutContent() {
  return useQuery({
    queryKey: aboutKeys.all,
    queryFn: async ({ signal }) => (await call(aboutApi.list, { signal }))[0] ?? null,
  });
}

export interface AboutFormValues {
  header_text: string;
  info_text1: string;
  info_text2: string;
  seo_title: string;
  seo_description: string;
  info_image: File | null;
  page_image: File | null;
}

/** Creates the content when none exists, else updates it; images not chosen are left out. */
export const useSaveAbout = () =>
  useEntitySave<AboutFormValues>(aboutKeys.all, aboutApi, {
    upload: false,
    refreshOn: 'success',
    onSuccess: (saved, client) => client.setQueryData(aboutKeys.all, saved),
  });
