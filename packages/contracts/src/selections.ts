import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean, pathId } from './forms';
import { deliveryTokenSchema } from './delivery';
import { SELECTION_MESSAGES } from './selection-messages';

export * from './selection-messages';

/**
 * Each visitor's selection (proofing): a client gallery may ask a visitor's name and e-mail
 * before the photos (`require_email`), then every visitor keeps their own list of favourites,
 * capped by `selection_limit`, with a note per photo; "Submit selection" freezes a list and tells
 * the studio, which may reopen it. Without `require_email` the gallery keeps one shared list.
 */

export const SELECTION_LIMIT_MAX = 10_000;
export const VISITOR_NAME_MAX = 200;
export const NOTE_MAX = 1000;

/** Client gallery PATCH fields of proofing. */
export const selectionPatchShape = {
  /** Visitors give a name and e-mail before the photos, and each keeps their own list. */
  require_email: z
    .preprocess(
      (v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean({ error: SELECTION_MESSAGES.requireEmailInvalid }),
    )
    .optional(),
  /** Most photos a list may hold; empty (or null) for no limit. Digits in a form are a number. */
  selection_limit: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v.trim()) : v),
      z.union(
        [
          z.literal(''),
          z.null(),
          z
            .number({ error: SELECTION_MESSAGES.limitInvalid })
            .int({ error: SELECTION_MESSAGES.limitInvalid })
            .min(1, { error: SELECTION_MESSAGES.limitInvalid })
            .max(SELECTION_LIMIT_MAX, { error: SELECTION_MESSAGES.limitInvalid }),
        ],
        { error: SELECTION_MESSAGES.limitInvalid },
      ),
    )
    .optional(),
};

/** What a client gallery response adds about proofing. */
export const selectionResponseShape = {
  require_email: z.boolean(),
  selection_limit: z.number().int().nullable(),
};

export const visitorSchema = z.object({
  name: z
    .string({ error: SELECTION_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: SELECTION_MESSAGES.nameRequired })
    .max(VISITOR_NAME_MAX, { error: SELECTION_MESSAGES.nameMax })
    .refine((v) => !/[\r\n]/.test(v), { error: SELECTION_MESSAGES.nameRequired }),
  email: z
    .string({ error: SELECTION_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: SELECTION_MESSAGES.emailRequired })
    .max(254, { error: SELECTION_MESSAGES.emailInvalid })
    .pipe(z.email({ error: SELECTION_MESSAGES.emailInvalid })),
});
export type VisitorInput = z.output<typeof visitorSchema>;

export const noteSchema = z.object({
  /** The note; empty removes it. */
  text: z.string({ error: SELECTION_MESSAGES.noteMax }).trim().max(NOTE_MAX, { error: SELECTION_MESSAGES.noteMax }),
});

/** A list as the studio sees it. */
export const selectionSchema = z.object({
  id: z.number().int(),
  /** Empty for the shared list. */
  name: z.string(),
  /** Null for the shared list. */
  email: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** The photos of the list, in the gallery's order, with their file names. */
  photos: z.array(z.object({ id: z.number().int(), name: z.string() })),
  notes: z.array(z.object({ photo_id: z.number().int(), name: z.string(), text: z.string() })),
});
export type Selection = z.infer<typeof selectionSchema>;

/** A submitted selection as the dashboard lists it. */
export const submittedSelectionSchema = z.object({
  client_gallery: z.number().int(),
  title: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  count: z.number().int(),
  submitted_at: z.string(),
});
export type SubmittedSelection = z.infer<typeof submittedSelectionSchema>;
/** How many submitted selections the dashboard lists. */
export const DASHBOARD_SUBMITTED_SELECTIONS = 8;

const SITE_GALLERY = '/site/galleries/{token}/';
const byToken = z.object({ token: deliveryTokenSchema });
const SELECTIONS = '/adminportal/manage-client-galleries/{id}/selections/';

export const selectionsApi = {
  visitor: endpoint({
    method: 'POST',
    path: `${SITE_GALLERY}visitor/`,
    access: 'public',
    tag: 'delivery',
    summary: "Give a visitor's name and e-mail; sets a cookie scoped to this gallery (the same address keeps its list)",
    params: byToken,
    body: visitorSchema,
    response: null,
    status: 204,
    rateLimit: { max: 10, windowMs: 60_000 },
    bodyLimit: 2048,
  }),
  submit: endpoint({
    method: 'POST',
    path: `${SITE_GALLERY}favourites/submit/`,
    access: 'public',
    tag: 'delivery',
    summary: 'Submit the selection: freezes the list and tells the studio',
    params: byToken,
    response: z.object({ submitted_at: z.string(), count: z.number().int() }),
    rateLimit: { max: 10, windowMs: 60_000 },
    bodyLimit: 1024,
  }),
  note: endpoint({
    method: 'PUT',
    path: `${SITE_GALLERY}photos/{id}/note/`,
    access: 'public',
    tag: 'delivery',
    summary: "A note on a photo for the studio (empty removes it), in the visitor's list",
    params: z.object({ token: deliveryTokenSchema, id: pathId }),
    body: noteSchema,
    response: z.object({ photo_id: z.number().int(), text: z.string() }),
    rateLimit: { max: 120, windowMs: 60_000 },
    bodyLimit: 8 * 1024,
  }),
  list: endpoint({
    method: 'GET',
    path: SELECTIONS,
    tag: 'client-galleries',
    summary: "Every visitor's list of a client gallery (and the shared one), with file names and notes",
    params: z.object({ id: pathId }),
    response: z.array(selectionSchema),
  }),
  reopen: endpoint({
    method: 'POST',
    path: `${SELECTIONS}{visitor}/reopen/`,
    tag: 'client-galleries',
    summary: 'Reopen a submitted selection so its visitor may change it',
    params: z.object({ id: pathId, visitor: pathId }),
    response: selectionSchema,
    audit: 'reopen',
  }),
} as const;

/** Studio alerts (Site settings): which events e-mail the admins. */
export const studioAlertsSchema = z.object({
  selection_submitted: formBoolean,
  gallery_opened: formBoolean,
  gallery_downloaded: formBoolean,
});
export type StudioAlerts = z.output<typeof studioAlertsSchema>;
export const DEFAULT_STUDIO_ALERTS: StudioAlerts = { selection_submitted: true, gallery_opened: false, gallery_downloaded: false };
