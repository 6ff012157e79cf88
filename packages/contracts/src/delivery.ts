import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean, optionalText, pathId } from './forms';
import { TEXT_MAX } from './limits';
import { imageViewSchema } from './uploads';
import { deliverySetQuery, deliverySetsShape } from './client-gallery-sets';

/**
 * Client delivery: a customer opens their client gallery from a private link (`/g/<token>/`),
 * optionally unlocks it with a password, marks favourites and downloads the originals. The
 * studio's side lives on the client gallery (its PATCH fields and the two delivery actions).
 */

export const DELIVERY_MESSAGES = {
  passwordRequired: 'Enter the password',
  passwordWrong: 'That password is not right',
  passwordTooLong: `Use at most 200 characters`,
  expiresInvalid: 'Use a date as YYYY-MM-DD',
  expiresPast: 'Choose today or a later day',
  expired: 'This gallery has expired',
  downloadsOff: 'Downloads are not allowed for this gallery',
  notFound: 'Not found.',
  idsInvalid: 'Each id must be a photo of this gallery',
  linkRegenerated: 'A new link was made; the old one no longer works',
  linkSent: 'The link was sent to the customer',
  noCustomer: 'This gallery has no customer to send it to',
  noCustomerEmail: 'The customer has no e-mail address',
  sendFailed: 'The link could not be sent',
  notPublished: 'Publish the gallery before sending its link',
  downloadSizeInvalid: 'Choose original, web or both',
  sizeInvalid: 'Choose web or original',
  sizeNotOffered: 'This gallery does not offer this size',
  pinInvalid: 'Use four digits, or leave empty for no PIN',
  pinRequired: 'Enter the download PIN',
  pinWrong: 'That PIN is not right',
} as const;

/** What a client gallery lets its customer download: originals, web sizes (long edge 2048 px JPEG), or both. */
const DOWNLOAD_SIZES = ['original', 'web', 'both'] as const;
export type DownloadSize = (typeof DOWNLOAD_SIZES)[number];
/** The long edge of a web-size download, in pixels. */
export const WEB_SIZE_LONG_EDGE = 2048;
const sizeQuery = z.enum(['web', 'original'], { error: DELIVERY_MESSAGES.sizeInvalid }).optional();

/** A preview's width in pixels (the derived width at least as wide, or the largest). */
const previewWidth = z.coerce.number({ error: DELIVERY_MESSAGES.notFound }).int().min(1).max(10_000);

/** A delivery token: 32 random bytes, base64url (43 characters); 22-64 accepted on input. */
export const deliveryTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, { error: DELIVERY_MESSAGES.notFound });
export const DELIVERY_PASSWORD_MAX = 200;
/** Most ids one favourites call accepts (a gallery holds at most a few thousand photos). */
export const DELIVERY_FAVOURITES_MAX = 10_000;

/** PATCH fields of a client gallery that shape its delivery. */
export const deliveryPatchShape = {
  /** A new password; an empty string removes it. Never answered or stored in plain text. */
  delivery_password: z.string().max(DELIVERY_PASSWORD_MAX, { error: DELIVERY_MESSAGES.passwordTooLong }).optional(),
  /** Last day the link works (inclusive, UTC), or empty for no expiry. */
  delivery_expires_at: z
    .union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: DELIVERY_MESSAGES.expiresInvalid })], {
      error: DELIVERY_MESSAGES.expiresInvalid,
    })
    .optional(),
  allow_download: formBoolean.optional(),
  download_size: z.enum(DOWNLOAD_SIZES, { error: DELIVERY_MESSAGES.downloadSizeInvalid }).optional(),
  /** Four digits asked before the first download; an empty string removes it. Write only (hashed). */
  download_pin: z
    .union([z.literal(''), z.string().regex(/^\d{4}$/, { error: DELIVERY_MESSAGES.pinInvalid })], { error: DELIVERY_MESSAGES.pinInvalid })
    .optional(),
  /** The studio's watermark on every preview and web size the customer gets (Site settings). */
  watermark: formBoolean.optional(),
};

/** What a client gallery response adds about its delivery. */
export const deliveryResponseShape = {
  /** `/g/<token>/`: relative; the portal prefixes its origin. */
  delivery_url: z.string(),
  delivery_password_set: z.boolean(),
  /** YYYY-MM-DD or null. */
  delivery_expires_at: z.string().nullable(),
  allow_download: z.boolean(),
  download_size: z.enum(DOWNLOAD_SIZES),
  download_pin_set: z.boolean(),
  watermark: z.boolean(),
  favourites_count: z.number().int(),
};

/** A photo as the customer's gallery shows it. */
export const deliveryPhotoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z.string(),
  /** The display URL (largest web variant). */
  url: z.string(),
  placeholder: z.string().nullable(),
  favourite: z.boolean(),
});
export type DeliveryPhoto = z.infer<typeof deliveryPhotoSchema>;

/**
 * Photos of a delivery page drawn on the server (the rest follow from the JSON as the customer
 * scrolls); a changed watermark is drawn on these first.
 */
export const DELIVERY_PAGE_SIZE = 24;

/** Photos per page of a gallery's JSON: an answer never grows with the gallery. */
export const DELIVERY_JSON_PAGE_SIZE = 100;

/** What the customer's gallery JSON adds: the rules, who the list is for, its state and notes. */
export const deliverySelectionSchema = z.object({
  require_email: z.boolean(),
  selection_limit: z.number().int().nullable(),
  /** The registered visitor (null: the gallery's shared list). */
  visitor: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** When the list was submitted (ISO), or null while it is open. */
  submitted_at: z.string().nullable(),
  notes: z.array(z.object({ photo_id: z.number().int(), text: z.string() })),
});
export type DeliverySelection = z.infer<typeof deliverySelectionSchema>;

export const deliveryGallerySchema = z.object({
  title: z.string(),
  /** Null while a watermarked gallery's cover has no watermarked copy yet. */
  cover: imageViewSchema.nullable(),
  allow_download: z.boolean(),
  /** Which sizes a download may be: `both` lets the customer choose. */
  download_size: z.enum(DOWNLOAD_SIZES),
  /** Whether a PIN is asked before the first download (`POST .../download-pin/`). */
  download_pin: z.boolean(),
  /** This page's photos (all photos, or the favourites with `?favourites=1`), in the saved order. */
  photos: z.array(deliveryPhotoSchema),
  /** How many photos the gallery (or its favourites) holds in all. */
  total: z.number().int(),
  /** The ids of every favourite of the gallery. */
  favourite_ids: z.array(z.number().int()),
  /** The address of the next page, or null on the last. */
  next: z.string().nullable(),
  ...deliverySetsShape,
  /** Proofing: whose list the favourites are, its limit, state and notes (selections.ts). */
  selection: deliverySelectionSchema,
});
export type DeliveryGallery = z.infer<typeof deliveryGallerySchema>;

const byToken = z.object({ token: deliveryTokenSchema });
const SITE_GALLERY = '/site/galleries/{token}/';

export const deliveryUnlockSchema = z.object({
  password: z
    .string({ error: DELIVERY_MESSAGES.passwordRequired })
    .min(1, { error: DELIVERY_MESSAGES.passwordRequired })
    .max(DELIVERY_PASSWORD_MAX, { error: DELIVERY_MESSAGES.passwordTooLong }),
});
const deliveryPinSchema = z.object({
  pin: z.string({ error: DELIVERY_MESSAGES.pinRequired }).regex(/^\d{4}$/, { error: DELIVERY_MESSAGES.pinWrong }),
});
export const deliveryFavouritesSchema = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647), { error: DELIVERY_MESSAGES.idsInvalid }).max(DELIVERY_FAVOURITES_MAX),
});
export const deliverySendSchema = z.object({
  /** Optional words from the admin, put above the link (the e-mail says the password is shared separately). */
  message: optionalText(TEXT_MAX.long),
});

/** What the studio sees of a gallery's delivery: the favourites and the customer's activity. */
export const deliveryEventSchema = z.object({
  at: z.string(),
  /** view, unlock, download, download-favourites, download-photo, favourites */
  kind: z.string(),
  /** What was downloaded or how many favourites, in words. */
  detail: z.string(),
});
export const deliveryActivitySchema = z.object({
  views: z.number().int(),
  downloads: z.number().int(),
  last_visit: z.string().nullable(),
  favourites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  events: z.array(deliveryEventSchema),
});
export type DeliveryActivity = z.infer<typeof deliveryActivitySchema>;

/** How many of the latest delivery events the dashboard lists. */
export const DASHBOARD_LATEST_DELIVERIES = 8;
/** A customer's delivery event as the dashboard lists it, with its client gallery. */
export const deliveryLatestEventSchema = deliveryEventSchema.extend({
  client_gallery: z.number().int(),
  /** The client gallery's title. */
  title: z.string(),
});
export type DeliveryLatestEvent = z.infer<typeof deliveryLatestEventSchema>;

const CLIENT_GALLERY = '/adminportal/manage-client-galleries/{id}/delivery/';
const byId = z.object({ id: pathId });

export const deliveryApi = {
  /** Studio side (admin); `regenerate` is in client-galleries.ts: it answers the gallery. */
  send: endpoint({
    method: 'POST',
    path: `${CLIENT_GALLERY}send/`,
    tag: 'client-galleries',
    summary: 'E-mail the delivery link to the assigned customer',
    params: byId,
    body: deliverySendSchema,
    response: z.object({ detail: z.string() }),
    audit: 'send',
  }),
  activity: endpoint({
    method: 'GET',
    path: `${CLIENT_GALLERY}activity/`,
    tag: 'client-galleries',
    summary: 'Views, downloads, favourites and last visit of a delivery link',
    params: byId,
    response: deliveryActivitySchema,
  }),
  /** Customer side (public: the token is the credential). */
  page: endpoint({
    method: 'GET',
    path: '/g/{token}/',
    access: 'public',
    tag: 'delivery',
    summary: "The customer's gallery page (a password form when one is needed)",
    params: byToken,
    /** A page of the photos for browsers without JavaScript (the script scrolls endlessly instead). */
    query: z.object({
      page: z.coerce.number({ error: 'Use a page number' }).int().min(1).max(1_000_000).optional(),
      set: deliverySetQuery,
    }),
    response: z.string(),
    produces: 'html',
  }),
  /**
   * The page's password form without JavaScript (a script uses `unlock`): sets the cookie and
   * redirects (303) to the page, or answers the form again with its message.
   */
  pageUnlock: endpoint({
    method: 'POST',
    path: '/g/{token}/',
    access: 'public',
    tag: 'delivery',
    summary: "The page's password form, sent without JavaScript: a redirect to the page, or the form with its message",
    params: byToken,
    body: deliveryUnlockSchema,
    response: z.string(),
    produces: 'html',
    rateLimit: { max: 10, windowMs: 60_000 },
  }),
  gallery: endpoint({
    method: 'GET',
    path: SITE_GALLERY,
    access: 'public',
    tag: 'delivery',
    summary: "The gallery and a page of its photos (or of its favourites) in saved order, with the next page's address",
    params: byToken,
    query: z.object({
      page: z.coerce.number({ error: 'Use a page number' }).int().min(1).max(1_000_000).optional(),
      favourites: z.enum(['0', '1']).optional(),
      set: deliverySetQuery,
    }),
    response: deliveryGallerySchema,
  }),
  unlock: endpoint({
    method: 'POST',
    path: `${SITE_GALLERY}unlock/`,
    access: 'public',
    tag: 'delivery',
    summary: 'Enter the gallery password; sets a cookie scoped to this gallery',
    params: byToken,
    body: deliveryUnlockSchema,
    response: null,
    status: 204,
    rateLimit: { max: 10, windowMs: 60_000 },
  }),
  favourites: endpoint({
    method: 'PUT',
    path: `${SITE_GALLERY}favourites/`,
    access: 'public',
    tag: 'delivery',
    summary: 'Replace the favourites with these photo ids',
    params: byToken,
    body: deliveryFavouritesSchema,
    response: z.object({ ids: z.array(z.number().int()) }),
    rateLimit: { max: 120, windowMs: 60_000 },
    // Every photo of a big gallery may be a favourite: thousands of ids.
    bodyLimit: 64 * 1024,
  }),
  download: endpoint({
    method: 'GET',
    path: `${SITE_GALLERY}download/`,
    access: 'public',
    tag: 'delivery',
    summary: 'A zip of the originals or web sizes (all, ?favourites=1 or one set, ?set=<id>), streamed',
    params: byToken,
    query: z.object({ favourites: z.enum(['0', '1']).optional(), size: sizeQuery, set: deliverySetQuery }),
    response: z.string(),
    produces: 'binary',
  }),
  original: endpoint({
    method: 'GET',
    path: `${SITE_GALLERY}photos/{id}/original/`,
    access: 'public',
    tag: 'delivery',
    summary: 'One original, byte for byte',
    params: z.object({ token: deliveryTokenSchema, id: pathId }),
    response: z.string(),
    produces: 'binary',
  }),
  photoDownload: endpoint({
    method: 'GET',
    path: `${SITE_GALLERY}photos/{id}/download/`,
    access: 'public',
    tag: 'delivery',
    summary: 'One photo: the original, or its web size (long edge 2048 px JPEG, sRGB, no metadata)',
    params: z.object({ token: deliveryTokenSchema, id: pathId }),
    query: z.object({ size: sizeQuery }),
    response: z.string(),
    produces: 'binary',
  }),
  /**
   * A preview of one photo (a derived WebP of about `width` px), checked against the token on
   * every request: private, revalidated each time, so a revoked link stops it at once.
   */
  preview: endpoint({
    method: 'GET',
    path: `${SITE_GALLERY}photos/{id}/preview/{width}/`,
    access: 'public',
    tag: 'delivery',
    summary: "A photo's preview (watermarked when the gallery says so), for holders of the link only",
    params: z.object({ token: deliveryTokenSchema, id: pathId, width: previewWidth }),
    response: z.string(),
    produces: 'binary',
  }),
  coverPreview: endpoint({
    method: 'GET',
    path: `${SITE_GALLERY}cover/{width}/`,
    access: 'public',
    tag: 'delivery',
    summary: "The gallery's cover, for holders of the link only",
    params: z.object({ token: deliveryTokenSchema, width: previewWidth }),
    response: z.string(),
    produces: 'binary',
  }),
  downloadPin: endpoint({
    method: 'POST',
    path: `${SITE_GALLERY}download-pin/`,
    access: 'public',
    tag: 'delivery',
    summary: "Enter the gallery's download PIN; sets a cookie scoped to this gallery",
    params: byToken,
    body: deliveryPinSchema,
    response: null,
    status: 204,
    rateLimit: { max: 10, windowMs: 60_000 },
    bodyLimit: 1024,
  }),
} as const;

// Wired in api.ts (`delivery`); deliveryResponseShape is part of clientGallerySchema,
// deliveryPatchShape of clientGalleryPatchSchema, and `regenerate` is clientGalleriesApi.regenerate.

/**
 * The website's client gallery page: a customer types their e-mail and is sent the links of
 * their live galleries. Every address gets the same answer, so nobody learns who is a customer.
 */
export const CLIENT_GALLERY_PAGE_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address.',
  emailMax: 'Email cannot be more than 254 characters',
  sent: 'If this address has client galleries with us, their links are on their way to it.',
} as const;

/** Requests per e-mail address per hour; past it the answer is the same and no mail leaves. */
export const CLIENT_GALLERY_REQUESTS_PER_EMAIL_PER_HOUR = 3;

export const clientGalleryRequestSchema = z.object({
  email: z
    .string({ error: CLIENT_GALLERY_PAGE_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: CLIENT_GALLERY_PAGE_MESSAGES.emailRequired })
    .max(254, { error: CLIENT_GALLERY_PAGE_MESSAGES.emailMax })
    .pipe(z.email({ error: CLIENT_GALLERY_PAGE_MESSAGES.emailInvalid })),
});
export type ClientGalleryRequest = z.output<typeof clientGalleryRequestSchema>;

export const clientGalleryPageApi = {
  request: endpoint({
    method: 'POST',
    path: '/site/client-gallery/',
    access: 'public',
    tag: 'site',
    summary:
      'E-mail a customer the links of their client galleries (the same answer for any address; throttled per address and per e-mail)',
    body: clientGalleryRequestSchema,
    response: z.object({ status: z.literal(true), detail: z.string() }),
    rateLimit: { max: 10, windowMs: 10 * 60_000 },
    bodyLimit: 1024,
  }),
} as const;
