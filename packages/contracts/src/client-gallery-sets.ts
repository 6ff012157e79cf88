import { z } from 'zod';
import { endpoint } from './endpoint';
import { formId, MAX_ID, pathId, requiredText } from './forms';

/**
 * Sets: named, ordered groups of a client gallery's photos (Getting ready, Ceremony, Reception).
 * A photo is in at most one set or in none; the customer's page shows each non-empty set as a
 * tab and downloads a set as its own zip. The studio manages them on the gallery's photos page.
 */

export const SET_MESSAGES = {
  nameRequired: 'Name is required',
  nameTaken: 'This gallery already has a set with this name',
  tooMany: 'A gallery holds at most 50 sets',
  setInvalid: 'Choose a set of this gallery',
  idsInvalid: 'Send every set of this gallery once, in the new order',
  photosInvalid: 'Each id must be a photo of this gallery',
  photosRequired: 'Choose at least one photo',
  created: 'Set created',
  renamed: 'Set renamed',
  deleted: 'Set deleted; its photos are in no set now',
  moved: 'Photos moved',
  saveFailed: 'The set could not be saved',
} as const;

/** The longest set name. */
export const SET_NAME_MAX = 150;
/** Sets one gallery may hold: a tab bar beyond this would not be read by anyone. */
export const SETS_PER_GALLERY_MAX = 50;
/** Photos one bulk move may name (a client gallery holds at most a few thousand). */
export const SET_MOVE_MAX = 10_000;

export const clientGallerySetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The set's photos, in the gallery's saved order (every state: the studio sees them all). */
  photo_ids: z.array(z.number().int()),
});
export type ClientGallerySet = z.infer<typeof clientGallerySetSchema>;

export const setNameSchema = z.object({
  name: requiredText(SET_MESSAGES.nameRequired, SET_NAME_MAX, `Use at most ${SET_NAME_MAX} characters`),
});
export type SetName = z.output<typeof setNameSchema>;

const idList = (message: string) => z.array(formId(message), { error: message }).max(SET_MOVE_MAX, { error: message });

export const setOrderSchema = z.object({ ids: idList(SET_MESSAGES.idsInvalid) });
export const setMoveSchema = z.object({
  /** The set the photos go into; null takes them out of any set. */
  set: z.union([z.null(), formId(SET_MESSAGES.setInvalid)], { error: SET_MESSAGES.setInvalid }),
  photos: idList(SET_MESSAGES.photosInvalid).min(1, { error: SET_MESSAGES.photosRequired }),
});
export type SetMove = z.output<typeof setMoveSchema>;

const SETS = '/adminportal/manage-client-galleries/{id}/sets/';
const byGallery = z.object({ id: pathId });
const bySet = z.object({ id: pathId, set_id: pathId });
const setList = z.array(clientGallerySetSchema);

/** The studio's side (admin only). Every write answers the gallery's sets as they now are. */
export const clientGallerySetsApi = {
  list: endpoint({
    method: 'GET',
    path: SETS,
    tag: 'client-galleries',
    summary: "A client gallery's sets in order, each with its photos",
    params: byGallery,
    response: setList,
  }),
  create: endpoint({
    method: 'POST',
    path: SETS,
    tag: 'client-galleries',
    summary: 'Add a set at the end',
    params: byGallery,
    body: setNameSchema,
    response: setList,
    status: 201,
    bodyLimit: 4096,
  }),
  rename: endpoint({
    method: 'PATCH',
    path: `${SETS}{set_id}/`,
    tag: 'client-galleries',
    summary: 'Rename a set',
    params: bySet,
    body: setNameSchema,
    response: setList,
    bodyLimit: 4096,
  }),
  order: endpoint({
    method: 'PUT',
    path: `${SETS}order/`,
    tag: 'client-galleries',
    summary: "Save the sets' order (every set's id once)",
    params: byGallery,
    body: setOrderSchema,
    response: setList,
    audit: 'reorder',
  }),
  move: endpoint({
    method: 'POST',
    path: `${SETS}photos/`,
    tag: 'client-galleries',
    summary: 'Move photos into a set, or out of any set (set: null)',
    params: byGallery,
    body: setMoveSchema,
    response: setList,
    audit: 'move',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${SETS}{set_id}/`,
    tag: 'client-galleries',
    summary: 'Delete a set; its photos stay in the gallery, in no set',
    params: bySet,
    response: setList,
  }),
} as const;

/** A set as the customer's page shows it: a tab, with how many photos it holds. */
export const deliverySetSchema = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export type DeliverySet = z.infer<typeof deliverySetSchema>;

/** What the customer's gallery JSON adds about sets. */
export const deliverySetsShape = {
  /** The gallery's non-empty sets, in order (empty: the gallery has no sets to show). */
  sets: z.array(deliverySetSchema),
  /** The set this answer shows (`?set=<id>`), or null for all photos. */
  set: z.number().int().nullable(),
  /** How many photos the whole gallery shows (the All tab), whatever the set. */
  all_total: z.number().int(),
};

/** `?set=<id>` on the customer's page, JSON and zip; anything else than a set of the gallery is not found. */
export const deliverySetQuery = z.coerce
  .number({ error: 'Not found.' })
  .int({ error: 'Not found.' })
  .min(1, { error: 'Not found.' })
  .max(MAX_ID, { error: 'Not found.' })
  .optional();
