import { z } from 'zod';

/** Schemas, messages and types of the photo galleries (services, love stories, client galleries). */

export const GALLERY_TYPES = ['service', 'love-story', 'client-gallery'] as const;
export type GalleryType = (typeof GALLERY_TYPES)[number];

export const GALLERY_MESSAGES = {
  imageRequired: 'Image is required',
  duplicate: 'Duplicate image(s) found. Kindly upload new images',
  uploaded: 'Gallery successfully uploaded',
  uploadFailed: 'Gallery upload failed.',
  deleted: 'Gallery successfully deleted',
  deleteFailed: 'Gallery deletion failed',
  categoryDeleted: 'Gallery category successfully deleted',
  categoryDeleteFailed: 'Gallery category deletion failed',
  noGallery: 'No gallery found',
  noGalleryFor: (name: string) => `No gallery found for ${name}`,
  dragToRearrange: 'Drag photo to rearrange',
  selectToDelete: 'Select photos to delete',
  // Not quoted by the spec (it does not save the order); ours does.
  orderSaved: 'Gallery order successfully saved',
  orderFailed: 'Gallery order update failed',
  parentRequired: 'Gallery is required',
  typeRequired: 'Gallery type is required',
  idsRequired: 'Select at least one photo',
  orderMixed: 'Photos must belong to one gallery',
  hashesInvalid: 'Each hash must be a SHA-256 in hex',
} as const;

/** Multipart part names holding photos; `orig_image` is treated as the photo itself (apps/server/src/features/galleries/README.md). */
export const GALLERY_FILE_FIELDS = ['land_scape_image', 'orig_image'] as const;
/** The form field naming the parent, per type; underscore spellings are accepted too. */
export const GALLERY_PARENT_FIELDS: Record<GalleryType, string[]> = {
  service: ['service'],
  'love-story': ['love-story', 'love_story'],
  'client-gallery': ['client-gallery', 'client_gallery'],
};

/** Most hashes one check call accepts (a gallery is at most a few thousand photos). */
export const GALLERY_CHECK_MAX = 10_000;
/** Browser-side parallel uploads (one file per request). */
export const GALLERY_UPLOAD_PARALLEL = 3;
/** Browser-side attempts per file for network or server faults (a 400 is never retried). */
export const GALLERY_UPLOAD_ATTEMPTS = 3;

const galleryType = z.enum(GALLERY_TYPES, { error: GALLERY_MESSAGES.typeRequired });
const positiveId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: GALLERY_MESSAGES.parentRequired }).int().positive({ error: GALLERY_MESSAGES.parentRequired }),
);

/** `POST /adminportal/manage-gallery/check/`: which of these SHA-256s does the gallery hold already? */
export const galleryCheckSchema = z.object({
  type: galleryType,
  id: positiveId,
  hashes: z
    .array(z.string().regex(/^[a-f0-9]{64}$/, { error: GALLERY_MESSAGES.hashesInvalid }), { error: GALLERY_MESSAGES.hashesInvalid })
    .max(GALLERY_CHECK_MAX),
});
export type GalleryCheckInput = z.infer<typeof galleryCheckSchema>;
export interface GalleryCheckResponse {
  existing: string[];
}

/** `PATCH /adminportal/manage-gallery/order/`: the photos in their new order (one gallery). */
export const galleryOrderSchema = z.object({
  ids: z
    .array(
      z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int().positive({ error: GALLERY_MESSAGES.idsRequired })),
      { error: GALLERY_MESSAGES.idsRequired },
    )
    .min(1, { error: GALLERY_MESSAGES.idsRequired })
    .max(GALLERY_CHECK_MAX),
});
export type GalleryOrderInput = z.infer<typeof galleryOrderSchema>;

/** `GET /adminportal/galleries/lookup/?type=&name=` (used by /view-gallery after a reload). */
export const galleryLookupSchema = z.object({
  type: galleryType,
  name: z.string({ error: GALLERY_MESSAGES.parentRequired }).trim().min(1, { error: GALLERY_MESSAGES.parentRequired }).max(255),
});
export interface GalleryLookupResponse {
  id: number;
  title: string;
  type: GalleryType;
}

/** The image convention: the URL in the spec's field, plus a view with srcset and placeholder. */
export interface GalleryImageView {
  url: string;
  width: number;
  height: number;
  srcset: string;
  placeholder: string | null;
  square: string | null;
  wide: string | null;
}

/** A gallery photo as the API returns it. */
export interface GalleryPhoto {
  id: number;
  name: string;
  title: string;
  land_scape_img: string;
  land_scape_img_view: GalleryImageView;
  img_width: number;
  img_height: number;
  time_created: string;
  time_updated: string;
  /** The parent's id (service, love story or client gallery). */
  gal: number;
  type: GalleryType;
  position: number;
}

export type GallerySkipReason = 'name' | 'content';
/** Answer of an upload: what was stored, and what was skipped and why. */
export interface GalleryUploadResponse {
  stored: GalleryPhoto[];
  skipped: { name: string; reason: GallerySkipReason; message: string }[];
}

export const GALLERY_SKIP_MESSAGES: Record<GallerySkipReason, string> = {
  name: 'An image with this name is already in the gallery',
  content: 'The same image is already in the gallery',
};

export interface GalleryDeleteResponse {
  deleted: number;
}
