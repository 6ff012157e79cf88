import { AUDIT_ACTIONS } from './audit';
import { z } from 'zod';
import { endpoint } from './endpoint';
import { formId, pathId } from './forms';
import { COMMON_MESSAGES } from './messages';
import { imageViewSchema } from './uploads';

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
  // Not in the spec: a resumable upload must say its size when it starts.
  sizeRequired: 'The file size is required',
  idsRequired: 'Select at least one photo',
  orderMixed: 'Photos must belong to one gallery',
  hashesInvalid: 'Each hash must be a SHA-256 in hex',
  // Not quoted by the spec (its uploads derive in the request); ours derive in a job.
  processing: 'Processing',
  processingFailed: 'The photo could not be processed. Remove it and upload it again',
  removePhoto: 'Remove',
} as const;

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

/**
 * Resumable (tus) uploads of gallery photos: created by a POST to this path (with a trailing
 * slash), each then at `{path}/{id}/`. Admin-only, one photo per upload.
 */
export const GALLERY_RESUMABLE_PATH = '/adminportal/manage-gallery/resumable';
/** Upload-Metadata keys of a resumable upload: the file's name and the gallery it goes to. */
export const GALLERY_RESUMABLE_METADATA = { filename: 'filename', type: 'galleryType', id: 'galleryId' } as const;

/** A resumable upload's metadata, checked by the one id rule and the gallery types. */
export const galleryResumableMetadataSchema = z.object({
  filename: z
    .string({ error: GALLERY_MESSAGES.imageRequired })
    .trim()
    .min(1, { error: GALLERY_MESSAGES.imageRequired })
    .regex(/\.(jpe?g|png)$/i, { error: COMMON_MESSAGES.imageType }),
  galleryType: z.enum(GALLERY_TYPES, { error: GALLERY_MESSAGES.typeRequired }),
  galleryId: formId(GALLERY_MESSAGES.parentRequired),
});

const galleryType = z.enum(GALLERY_TYPES, { error: GALLERY_MESSAGES.typeRequired });
const positiveId = formId(GALLERY_MESSAGES.parentRequired);

/** `POST /adminportal/manage-gallery/check/`: which of these SHA-256s does the gallery hold already? */
export const galleryCheckSchema = z.object({
  type: galleryType,
  id: positiveId,
  hashes: z
    .array(z.string().regex(/^[a-f0-9]{64}$/, { error: GALLERY_MESSAGES.hashesInvalid }), { error: GALLERY_MESSAGES.hashesInvalid })
    .max(GALLERY_CHECK_MAX),
});
export type GalleryCheckInput = z.infer<typeof galleryCheckSchema>;
export const galleryCheckResponseSchema = z.object({ existing: z.array(z.string()) });

/** `PATCH /adminportal/manage-gallery/order/`: the photos in their new order (one gallery). */
export const galleryOrderSchema = z.object({
  ids: z
    .array(formId(GALLERY_MESSAGES.idsRequired), { error: GALLERY_MESSAGES.idsRequired })
    .min(1, { error: GALLERY_MESSAGES.idsRequired })
    .max(GALLERY_CHECK_MAX),
});

/** `GET /adminportal/galleries/lookup/?type=&name=` (used by /view-gallery after a reload). */
export const galleryLookupSchema = z.object({
  type: galleryType,
  name: z.string({ error: GALLERY_MESSAGES.parentRequired }).trim().min(1, { error: GALLERY_MESSAGES.parentRequired }).max(255),
});
export const galleryLookupResponseSchema = z.object({ id: z.number().int(), title: z.string(), type: z.enum(GALLERY_TYPES) });
export type GalleryLookupResponse = z.infer<typeof galleryLookupResponseSchema>;

/** The image convention: the URL in the spec's field, plus a view with srcset and placeholder. */
export type GalleryImageView = z.infer<typeof imageViewSchema>;

/** A gallery photo as the API returns it. */
export const galleryPhotoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  land_scape_img: z.string(),
  land_scape_img_view: imageViewSchema,
  /**
   * `processing` until its derived files are made (the URLs are empty meanwhile), then `ready`;
   * `failed` with its `error` when they cannot be (the photo can be removed). Visitors see ready
   * photos only.
   */
  state: z.enum(['processing', 'ready', 'failed']),
  error: z.string().nullable(),
  img_width: z.number().int(),
  img_height: z.number().int(),
  time_created: z.string(),
  time_updated: z.string(),
  /** The parent's id (service, love story or client gallery). */
  gal: z.number().int(),
  type: z.enum(GALLERY_TYPES),
  position: z.number().int(),
});
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;

export type GallerySkipReason = 'name' | 'content';
/** Answer of an upload: what was stored, and what was skipped and why. */
export const galleryUploadResponseSchema = z.object({
  stored: z.array(galleryPhotoSchema),
  skipped: z.array(z.object({ name: z.string(), reason: z.enum(['name', 'content']), message: z.string() })),
});
export type GalleryUploadResponse = z.infer<typeof galleryUploadResponseSchema>;

export const GALLERY_SKIP_MESSAGES: Record<GallerySkipReason, string> = {
  name: 'An image with this name is already in the gallery',
  content: 'The same image is already in the gallery',
};

export const galleryDeleteResponseSchema = z.object({ deleted: z.number().int() });

/** Most photo files one upload request takes (the portal sends one per request). */
export const GALLERY_UPLOAD_MAX_FILES = 200;
/** Most photo ids one delete call accepts (the portal sends large selections in slices). */
export const GALLERY_DELETE_MAX_IDS = 1000;

const byId = z.object({ id: pathId });
const photos = z.array(galleryPhotoSchema);
const names = z.array(z.string());

/** A gallery's photos and names are read under the spec's paths, one pair per gallery type. */
const galleryReads = (type: GalleryType, photosPath: string, namesPath: string) => ({
  photos: endpoint({
    method: 'GET',
    path: `${photosPath}{id}/`,
    tag: 'galleries',
    summary: `Photos of a ${type}, in saved order`,
    params: byId,
    response: photos,
  }),
  names: endpoint({
    method: 'GET',
    path: `${namesPath}{id}/`,
    tag: 'galleries',
    summary: `File names in a ${type}'s gallery`,
    params: byId,
    response: names,
  }),
});

export const galleriesApi = {
  upload: endpoint({
    method: 'POST',
    path: '/adminportal/manage-gallery/',
    audit: AUDIT_ACTIONS.upload,
    tag: 'galleries',
    summary:
      "Upload photos: the parent's field (service, love-story, client-gallery) holds its id; one land_scape_image (or orig_image) part per file",
    streamed: true,
    body: z.object({ service: z.string().optional(), 'love-story': z.string().optional(), 'client-gallery': z.string().optional() }),
    files: { land_scape_image: { maxFiles: GALLERY_UPLOAD_MAX_FILES }, orig_image: { maxFiles: GALLERY_UPLOAD_MAX_FILES } },
    response: galleryUploadResponseSchema,
    status: 201,
  }),
  check: endpoint({
    method: 'POST',
    path: '/adminportal/manage-gallery/check/',
    audit: false,
    tag: 'galleries',
    summary: 'Which of these SHA-256s the gallery holds already',
    body: galleryCheckSchema,
    response: galleryCheckResponseSchema,
  }),
  order: endpoint({
    method: 'PATCH',
    path: '/adminportal/manage-gallery/order/',
    audit: AUDIT_ACTIONS.reorder,
    tag: 'galleries',
    summary: 'Save the order of one gallery',
    body: galleryOrderSchema,
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  deletePhotos: endpoint({
    method: 'DELETE',
    path: '/adminportal/manage-gallery/{ids}/',
    tag: 'galleries',
    summary: 'Delete photos by id (comma-separated)',
    params: z.object({
      ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(pathId).min(1).max(GALLERY_DELETE_MAX_IDS)),
    }),
    response: galleryDeleteResponseSchema,
  }),
  deleteGallery: endpoint({
    method: 'DELETE',
    path: '/adminportal/galleries/delete/{id}/',
    tag: 'galleries',
    summary: 'Delete every photo of one gallery',
    params: byId,
    query: z.object({ type: z.enum(GALLERY_TYPES, { error: GALLERY_MESSAGES.typeRequired }).default('service') }),
    response: galleryDeleteResponseSchema,
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/adminportal/galleries/lookup/',
    tag: 'galleries',
    summary: 'Find a gallery by its name or title',
    query: galleryLookupSchema,
    response: galleryLookupResponseSchema,
  }),
  service: galleryReads('service', '/adminportal/service-galleries/', '/adminportal/service-galleries-image-names/'),
  'love-story': galleryReads('love-story', '/adminportal/galleries/love-stories/', '/adminportal/lovestory-galleries-image-names/'),
  'client-gallery': galleryReads('client-gallery', '/adminportal/client-photos/', '/adminportal/client-galleries-image-names/'),
} as const;
