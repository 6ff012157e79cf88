import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean, optionalText } from './forms';

/**
 * The studio's watermark (a Site settings section): text or an uploaded PNG logo, where it sits,
 * how big (percent of the photo's width) and how opaque. A client gallery with `watermark: true`
 * shows it on every preview and web-size download; originals are never altered.
 */

export const WATERMARK_POSITIONS = ['center', 'top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

export const WATERMARK_LIMITS = { text: 60, minSize: 5, maxSize: 90, minOpacity: 5, maxOpacity: 100 } as const;

export const WATERMARK_MESSAGES = {
  title: 'Watermark',
  textMax: `Use at most ${WATERMARK_LIMITS.text} characters`,
  positionInvalid: 'Choose a position from the list',
  sizeInvalid: `Use a whole number from ${WATERMARK_LIMITS.minSize} to ${WATERMARK_LIMITS.maxSize}`,
  opacityInvalid: `Use a whole number from ${WATERMARK_LIMITS.minOpacity} to ${WATERMARK_LIMITS.maxOpacity}`,
  logoType: 'The logo must be a PNG file',
  updated: 'Watermark saved; watermarked galleries are being updated',
  updateFailed: 'Watermark could not be saved',
} as const;

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** `PUT .../watermark/` (multipart: these fields and an optional `logo` PNG). */
export const watermarkInputSchema = z.object({
  text: optionalText(WATERMARK_LIMITS.text, WATERMARK_MESSAGES.textMax),
  position: z.enum(WATERMARK_POSITIONS, { error: WATERMARK_MESSAGES.positionInvalid }),
  size: whole(WATERMARK_LIMITS.minSize, WATERMARK_LIMITS.maxSize, WATERMARK_MESSAGES.sizeInvalid),
  opacity: whole(WATERMARK_LIMITS.minOpacity, WATERMARK_LIMITS.maxOpacity, WATERMARK_MESSAGES.opacityInvalid),
  /** Removes the saved logo (a new `logo` file replaces it anyway). */
  remove_logo: formBoolean.optional(),
});
export type WatermarkInput = z.input<typeof watermarkInputSchema>;

export const watermarkSchema = z.object({
  text: z.string(),
  /** The logo as uploaded (an admin-only address), or null: then the text is drawn. */
  logo: z.string().nullable(),
  position: z.enum(WATERMARK_POSITIONS),
  size: z.number().int(),
  opacity: z.number().int(),
  /** How many photos of watermarked galleries still wait for their watermarked copy. */
  pending: z.number().int(),
});
export type Watermark = z.infer<typeof watermarkSchema>;

export const DEFAULT_WATERMARK = { text: '', logo: null, position: 'bottom-right', size: 25, opacity: 50 } as const;

const PATH = '/adminportal/site-settings/watermark/';

export const watermarkApi = {
  get: endpoint({ method: 'GET', path: PATH, tag: 'site-settings', summary: "The studio's watermark", response: watermarkSchema }),
  update: endpoint({
    method: 'PUT',
    path: PATH,
    tag: 'site-settings',
    summary: "Replace the studio's watermark; watermarked galleries are derived again in the background",
    body: watermarkInputSchema,
    files: { logo: { maxFiles: 1 } },
    response: watermarkSchema,
  }),
} as const;
