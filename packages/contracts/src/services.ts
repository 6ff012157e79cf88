import { z } from 'zod';
import { endpoint } from './endpoint';
import { orderEndpoint } from './order';
import { formBoolean, optionalText, pathId, requiredText } from './forms';
import { publishMessages } from './messages';
import { TEXT_MAX } from './limits';
import { imageShape } from './uploads';
import { seoFields } from './seo';

export const SERVICE_MESSAGES = {
  nameRequired: 'Service name is required',
  descriptionRequired: 'Service description is required',
  coverRequired: 'Service cover image is required',
  created: 'Service successfully created',
  createFailed: 'Service creation failed',
  // A service is the site's "gallery category" (its gallery page is /ManageCategory): the spec's
  // category messages are the ones shown for a service update and delete.
  updated: 'Gallery category successfully updated',
  updateFailed: 'Service update failed',
  deleted: 'Gallery category successfully deleted',
  deleteFailed: 'Gallery category deletion failed',
  manageGalleryTitle: (name: string) => `Manage ${name} Gallery`,
  ...publishMessages('Service'),
  addTitle: 'Add new service',
  editTitle: 'Edit Service',
} as const;

/** Text fields of the service form; the cover image is checked separately (required on create only). */
export const serviceFieldsSchema = z.object({
  name: requiredText(SERVICE_MESSAGES.nameRequired, TEXT_MAX.medium),
  description: requiredText(SERVICE_MESSAGES.descriptionRequired, TEXT_MAX.long),
  description2: optionalText(),
  ...seoFields,
});

/** Create: the text fields plus an optional initial status (unpublished by default). */
export const serviceCreateSchema = serviceFieldsSchema.extend({ status: formBoolean.optional() });

/** PATCH: every field optional; a sent field must still be valid (an edit or a publish toggle). */
export const serviceUpdateSchema = serviceFieldsSchema.partial().extend({ status: formBoolean.optional() });
export type ServiceUpdateInput = z.infer<typeof serviceUpdateSchema>;

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  description2: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  /** Display URL of the cover (WebP, up to 1600 px wide), and its view. */
  ...imageShape('cover_image'),
  /** The cover cropped to 16:9 for the public site. */
  site_cover_image: z.string(),
  /** The uploaded file, untouched: an admin-only address. */
  orig_image: z.string(),
  status: z.boolean(),
  time_created: z.string(),
  time_updated: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

const BASE = '/adminportal/manage-services/';
const byId = z.object({ id: pathId });
/** The spec's client sends the one cover file three times; the server keeps the first present. */
const COVER_FIELDS = ['cover_image', 'site_cover_image', 'orig_image'] as const;
const coverFiles = { cover_image: { maxFiles: 1 }, site_cover_image: { maxFiles: 1 }, orig_image: { maxFiles: 1 } } as const;

export const servicesApi = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    tag: 'services',
    summary: "Every service, in the admin's order",
    response: z.array(serviceSchema),
  }),
  get: endpoint({ method: 'GET', path: `${BASE}{id}/`, tag: 'services', summary: 'One service', params: byId, response: serviceSchema }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    tag: 'services',
    summary: 'Create a service with its cover',
    body: serviceCreateSchema,
    files: coverFiles,
    requiredFile: { field: 'cover_image', fields: COVER_FIELDS, message: SERVICE_MESSAGES.coverRequired },
    response: serviceSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${BASE}{id}/`,
    tag: 'services',
    summary: 'Change fields, the cover or the publish status',
    params: byId,
    body: serviceUpdateSchema,
    files: coverFiles,
    response: serviceSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}{id}/`,
    tag: 'services',
    summary: 'Delete a service with its gallery',
    params: byId,
    response: null,
    status: 204,
  }),
  order: orderEndpoint(BASE, 'services', 'the services'),
} as const;
