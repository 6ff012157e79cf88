import { useQuery } from '@tanstack/react-query';
import { siteSettingsApi, type SiteSettingsInput } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

export const siteSettingsKeys = { all: ['site-settings'] as const };

/** The public website's settings (the defaults until first saved). */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsKeys.all,
    queryFn: ({ signal }) => call(siteSettingsApi.get, { signal }),
  });
}

export function useSaveSiteSettings() {
  return useInvalidatingMutation(siteSettingsKeys.all, (values: SiteSettingsInput) =>
    call(siteSettingsApi.update, { body: { ...values } }),
  );
}
