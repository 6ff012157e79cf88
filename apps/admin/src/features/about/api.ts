import { useQuery } from '@tanstack/react-query';
import type { AboutContent } from '@darkroom/contracts';
import { api, toFormData } from '../../api/client';
import { useInvalidatingMutation } from '../../api/mutations';

const BASE = '/adminportal/pages/about-content/';

export const aboutKeys = { all: ['about'] as const };

/** The about content, or null when none exists yet (the API answers a list of at most one). */
export function useAboutContent() {
  return useQuery({
    queryKey: aboutKeys.all,
    queryFn: async ({ signal }) => (await api.get<AboutContent[]>(BASE, signal))[0] ?? null,
  });
}

export interface AboutFormValues {
  header_text: string;
  info_text1: string;
  info_text2: string;
  info_image: File | null;
  page_image: File | null;
}

/** Creates the content when none exists, else updates it; images not chosen are left out. */
export function useSaveAbout() {
  return useInvalidatingMutation(
    aboutKeys.all,
    ({ id, values }: { id: number | null; values: AboutFormValues }) => {
      const form = toFormData({ ...values });
      return id ? api.patch<AboutContent>(`${BASE}${id}/`, form) : api.post<AboutContent>(BASE, form);
    },
    { refreshOn: 'success', onSuccess: (saved, client) => client.setQueryData(aboutKeys.all, saved) },
  );
}
