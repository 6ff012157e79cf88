import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean, formId, optionalText, pathId, requiredText } from './forms';
import { deliveryPatchShape, deliveryResponseShape } from './delivery';
import { selectionPatchShape, selectionResponseShape } from './selections';
import { GALLERY_LINK_MESSAGES, isWebLink, LINK_MAX } from './gallery-links';
import { TEXT_MAX } from './limits';
import { imageShape, requiredOnCreate, type ChosenFile, type FormMode } from './uploads';

/** Client gallery strings: quoted ones are verbatim from the spec. */
export const CLIENT_GALLERY_MESSAGES = {
  titleRequired: 'Title is required',
  userRequired: 'User is required',
  coverRequired: 'Cover image is required',
  linkInvalid: GALLERY_LINK_MESSAGES.linkInvalid,
  created: 'Client gallery successfully created',
  updated: 'Client gallery successfully updated',
  deleted: 'Client gallery successfully deleted',
  createFailed: 'Client gallery creation failed',
  updateFailed: 'Client gallery update failed',
  deleteFailed: 'Client gallery deletion failed',
  empty: 'No client galleries yet. Create the first one.',
} as const;

/** Label the publish toggle builds its messages from ('Client gallery successfully publish', ...). */
export const CLIENT_GALLERY_PUBLISH_LABEL = 'Client gallery';

/** The spec does not require a gallery link; when one is given it must be an http(s) address. */
const optionalLink = optionalText(LINK_MAX).refine((v) => v === '' || isWebLink(v), { error: GALLERY_LINK_MESSAGES.linkInvalid });

export const clientGalleryFieldsSchema = z.object({
  title: requiredText(CLIENT_GALLERY_MESSAGES.titleRequired, TEXT_MAX.medium),
  user: formId(CLIENT_GALLERY_MESSAGES.userRequired),
  gallery_link: optionalLink,
});
export type ClientGalleryFields = z.output<typeof clientGalleryFieldsSchema>;

/** PATCH: any field (same rules when sent), the publish status and/or the delivery settings. */
export const clientGalleryPatchSchema = clientGalleryFieldsSchema
  .partial()
  .extend({ status: formBoolean.optional(), ...deliveryPatchShape, ...selectionPatchShape });
export type ClientGalleryPatch = z.output<typeof clientGalleryPatchSchema>;

/** The create/edit dialog: the cover is required on create only; on edit it is sent only if new. */
export function clientGalleryFormSchema<F extends ChosenFile = ChosenFile>(mode: FormMode) {
  return clientGalleryFieldsSchema.extend({ cover_image: requiredOnCreate<F>(mode, CLIENT_GALLERY_MESSAGES.coverRequired) });
}
export type ClientGalleryFormValues<F extends ChosenFile = ChosenFile> = z.input<ReturnType<typeof clientGalleryFormSchema<F>>>;
export type ClientGalleryFormOutput<F extends ChosenFile = ChosenFile> = z.output<ReturnType<typeof clientGalleryFormSchema<F>>>;

export const clientGallerySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  gallery_link: z.string(),
  /** URL of the cover (largest web variant), and its view. */
  ...imageShape('cover_image'),
  /** Account id of the customer (null if that account was deleted). */
  user: z.number().int().nullable(),
  /** The customer's display name. */
  user_text: z.string(),
  status: z.boolean(),
  time_created: z.string(),
  /** Client delivery: the private link, its password, expiry, downloads and the customer's favourites. */
  ...deliveryResponseShape,
  ...selectionResponseShape,
});
export type ClientGallery = z.infer<typeof clientGallerySchema>;

const CLIENT_GALLERIES = '/adminportal/manage-client-galleries/';
const byId = z.object({ id: pathId });
const coverFile = { cover_image: { maxFiles: 1 } } as const;

export const clientGalleriesApi = {
  list: endpoint({
    method: 'GET',
    path: CLIENT_GALLERIES,
    tag: 'client-galleries',
    summary: 'Client galleries with their customers',
    response: z.array(clientGallerySchema),
  }),
  get: endpoint({
    method: 'GET',
    path: `${CLIENT_GALLERIES}{id}/`,
    tag: 'client-galleries',
    summary: 'One client gallery',
    params: byId,
    response: clientGallerySchema,
  }),
  create: endpoint({
    method: 'POST',
    path: CLIENT_GALLERIES,
    tag: 'client-galleries',
    summary: 'Create a client gallery for a customer',
    body: clientGalleryFieldsSchema.extend({ status: formBoolean.optional() }),
    files: coverFile,
    requiredFile: { field: 'cover_image', message: CLIENT_GALLERY_MESSAGES.coverRequired },
    response: clientGallerySchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${CLIENT_GALLERIES}{id}/`,
    tag: 'client-galleries',
    summary: 'Change fields, the cover or the publish status',
    params: byId,
    body: clientGalleryPatchSchema,
    files: coverFile,
    response: clientGallerySchema,
  }),
  regenerate: endpoint({
    method: 'POST',
    path: `${CLIENT_GALLERIES}{id}/delivery/regenerate/`,
    tag: 'client-galleries',
    summary: 'Revoke the delivery link and make a new one',
    params: byId,
    response: clientGallerySchema,
    audit: 'regenerate',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${CLIENT_GALLERIES}{id}/`,
    tag: 'client-galleries',
    summary: 'Delete a client gallery with its photos',
    params: byId,
    response: null,
    status: 204,
  }),
} as const;
