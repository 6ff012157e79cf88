import { useQuery } from '@tanstack/react-query';
import { siteSettingsApi, type SiteSettings, type SiteSettingsInput } from '@darkroom/contracts';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/mutations';

export const siteSettingsKeys = { all: ['site-settings'] as const };

/** The public website's settings (the defaults until first saved). */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsKeys.all,
    queryFn: ({ signal }) => api.get<SiteSettings>(siteSettingsApi.get.path, signal),
  });
}

export function useSaveSiteSettings() {
  return useInvalidatingMutation(siteSettingsKeys.all, (values: SiteSettingsInput) =>
    api.put<SiteSettings>(siteSettingsApi.update.path, values as unknown as Record<string, unknown>),
  );
}
