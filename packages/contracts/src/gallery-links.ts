import { z } from 'zod';
import { endpoint } from './endpoint';
import { formId, pathId, requiredText } from './forms';
import { TEXT_MAX } from './limits';

/** Gallery link strings: quoted ones are verbatim from the spec. */
export const GALLERY_LINK_MESSAGES = {
  linkRequired: 'Gallery link is required',
  // The spec only asks for a link; an address the customer cannot open is caught here.
  linkInvalid: 'Enter a valid link starting with http:// or https://',
  descriptionRequired: 'Gallery description is required',
  userRequired: 'User is required',
  created: 'Link successfully assigned to user',
  updated: 'Gallery Link successfully updated',
  deleted: 'Gallery Link successfully deleted',
  createFailed: 'Gallery link creation failed.',
  updateFailed: 'Gallery link update failed.',
  deleteFailed: 'Gallery link deletion failed',
  assign: 'Assign',
} as const;

export const LINK_MAX = 500;

/** True for an absolute http(s) address with a host. */
export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** A required http(s) link: `requiredMessage` when blank, then the URL check. */
export function webLink(requiredMessage: string) {
  // pipe: the URL check runs only once the link is present, so a blank link gets one message.
  return requiredText(requiredMessage, LINK_MAX).pipe(z.string().refine(isWebLink, { error: GALLERY_LINK_MESSAGES.linkInvalid }));
}

/** POST and PUT bodies, and the Assign dialog. */
export const galleryLinkSchema = z.object({
  link: webLink(GALLERY_LINK_MESSAGES.linkRequired),
  description: requiredText(GALLERY_LINK_MESSAGES.descriptionRequired, TEXT_MAX.long),
  user: formId(GALLERY_LINK_MESSAGES.userRequired),
});
export type GalleryLinkInput = z.output<typeof galleryLinkSchema>;
export type GalleryLinkFormValues = z.input<typeof galleryLinkSchema>;

/** Fields whose first 400 message the portal shows, in the spec's order. */
export const GALLERY_LINK_ERROR_FIELDS = ['link', 'user', 'description'] as const;

export const galleryLinkResponseSchema = z.object({
  id: z.number().int(),
  link: z.string(),
  description: z.string(),
  /** Account id of the customer. */
  user: z.number().int().nullable(),
  /** The customer's display name. */
  user_text: z.string(),
  /** Title of the client gallery whose gallery_link is this link, or ''. */
  title: z.string(),
  time_created: z.string(),
});
export type GalleryLink = z.infer<typeof galleryLinkResponseSchema>;

const LINKS = '/adminportal/photo-gallery-links/';
const byId = z.object({ id: pathId });

export const galleryLinksApi = {
  list: endpoint({
    method: 'GET',
    path: LINKS,
    tag: 'gallery-links',
    summary: 'Gallery links with their customers',
    response: z.array(galleryLinkResponseSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: LINKS,
    tag: 'gallery-links',
    summary: 'Assign a gallery link to a customer',
    body: galleryLinkSchema,
    response: galleryLinkResponseSchema,
    status: 201,
  }),
  replace: endpoint({
    method: 'PUT',
    path: `${LINKS}{id}/`,
    tag: 'gallery-links',
    summary: 'Change a gallery link',
    params: byId,
    body: galleryLinkSchema,
    response: galleryLinkResponseSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${LINKS}{id}/`,
    tag: 'gallery-links',
    summary: 'Delete a gallery link',
    params: byId,
    response: null,
    status: 204,
  }),
} as const;
