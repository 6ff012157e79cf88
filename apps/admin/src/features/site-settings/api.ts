import { useQuery } from '@tanstack/react-query';
import { siteSettingsApi, watermarkApi, type SiteSettingsInput, type WatermarkPosition } from '@darkroom/contracts';
import { call, send } from '../../api/endpoints';
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

export const watermarkKeys = { all: ['site-settings', 'watermark'] as const };

/** The studio's watermark; asked again every 2 s while watermarked copies are being made. */
export function useWatermark() {
  return useQuery({
    queryKey: watermarkKeys.all,
    queryFn: ({ signal }) => call(watermarkApi.get, { signal }),
    refetchInterval: (q) => (q.state.data?.pending ? 2000 : false),
  });
}

export interface WatermarkValues {
  text: string;
  position: WatermarkPosition;
  size: number;
  opacity: number;
  /** A new PNG logo, or null to keep the saved one. */
  logo: File | null;
  removeLogo: boolean;
}

export function useSaveWatermark() {
  return useInvalidatingMutation(watermarkKeys.all, (v: WatermarkValues) => {
    const form = new FormData();
    form.append('text', v.text);
    form.append('position', v.position);
    form.append('size', String(v.size));
    form.append('opacity', String(v.opacity));
    if (v.removeLogo) form.append('remove_logo', 'true');
    if (v.logo) form.append('logo', v.logo);
    return send(watermarkApi.update, { form }).promise;
  });
}
