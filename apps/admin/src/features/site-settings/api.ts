import { useQuery } from '@tanstack/react-query';
import {
  brandingApi,
  setupApi,
  siteSettingsApi,
  watermarkApi,
  type FontPairing,
  type SiteSettingsInput,
  type WatermarkPosition,
} from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call, send } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

export const siteSettingsKeys = { all: ['site-settings'] as const };
export const brandingKeys = { all: ['site-settings', 'branding'] as const };
export const setupKeys = { all: ['site-settings', 'setup'] as const };

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

/** The logo, favicons, accent and fonts. */
export function useBranding() {
  return useQuery({
    queryKey: brandingKeys.all,
    queryFn: ({ signal }) => call(brandingApi.get, { signal }),
  });
}

export interface BrandingFormValues {
  accent: string;
  font_pairing: FontPairing;
  remove_logo: boolean;
  /** A new logo; null keeps the current one. */
  logo: File | null;
}

export function useSaveBranding() {
  return useInvalidatingMutation(brandingKeys.all, (values: BrandingFormValues) =>
    call(brandingApi.update, {
      body: toFormData({ accent: values.accent, font_pairing: values.font_pairing, remove_logo: values.remove_logo, logo: values.logo }),
    }),
  );
}

/** Whether the first-run setup is still offered (asked once per visit of the portal). */
export function useSetupStatus(enabled: boolean) {
  return useQuery({
    queryKey: setupKeys.all,
    queryFn: ({ signal }) => call(setupApi.status, { signal }),
    enabled,
    staleTime: Infinity,
  });
}

export function useCloseSetup() {
  return useInvalidatingMutation(setupKeys.all, () => call(setupApi.close));
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
