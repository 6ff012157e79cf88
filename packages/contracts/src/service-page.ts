import { z } from 'zod';
import { optionalText, requiredText } from './forms';
import { imageEntityContract, imageEntityForm } from './image-entity';
import { TEXT_MAX } from './limits';
import { imageShape } from './uploads';

/** Strings of the service page: the image and failure messages are the spec's. */
export const SERVICE_PAGE_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name cannot be more than ${TEXT_MAX.medium} characters`,
  descriptionMax: `Description cannot be more than ${TEXT_MAX.long} characters`,
  imageRequired: 'Service page image is required',
  created: 'Service page successfully created',
  updated: 'Service page successfully updated',
  createFailed: 'Service page creation failed. Try again',
  updateFailed: 'Service page update failed. Try again',
  alreadyExists: 'The service page already exists. Update it instead.',
  empty: 'No service page content yet',
} as const;

export const SERVICE_PAGE_LIMITS = { name: TEXT_MAX.medium, description: TEXT_MAX.long } as const;

/** The text fields, checked by the server and the dialog alike. */
export const servicePageTextSchema = z.object({
  name: requiredText(SERVICE_PAGE_MESSAGES.nameRequired, SERVICE_PAGE_LIMITS.name, SERVICE_PAGE_MESSAGES.nameMax),
  description: optionalText(SERVICE_PAGE_LIMITS.description, SERVICE_PAGE_MESSAGES.descriptionMax),
});
export type ServicePageText = z.output<typeof servicePageTextSchema>;

/** PATCH: only what is sent changes; an omitted or empty image keeps the current one. */
export const servicePagePatchSchema = servicePageTextSchema.partial();
export type ServicePagePatch = z.output<typeof servicePagePatchSchema>;

/** The dialog: create mode when there is no existing name (spec), where the image is required. */
export const servicePageFormSchema = imageEntityForm(servicePageTextSchema, 'image', SERVICE_PAGE_MESSAGES.imageRequired);

/** The single service page record. `GET` lists it as an array of zero or one. */
export const servicePageContentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** URL of the image, and its view. */
  ...imageShape('image'),
  time_created: z.string(),
  time_updated: z.string(),
});
export type ServicePageContent = z.infer<typeof servicePageContentSchema>;

export const servicePageApi = imageEntityContract({
  path: '/adminportal/pages/service-content/',
  tag: 'service-page',
  fields: servicePageTextSchema,
  patch: servicePagePatchSchema,
  response: servicePageContentSchema,
  images: ['image'],
  required: SERVICE_PAGE_MESSAGES.imageRequired,
  summaries: {
    list: 'The service page, as a list of at most one',
    create: 'Create the service page (once)',
    update: 'Change the service page; an omitted image keeps the current one',
  },
});
