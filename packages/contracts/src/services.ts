import { z } from 'zod';
import { formBoolean, optionalText, requiredText } from './forms';
import { publishMessages } from './messages';
import { TEXT_MAX } from './limits';
import type { ApiImageView } from './uploads';

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
});
export type ServiceFields = z.infer<typeof serviceFieldsSchema>;

/** Create: the text fields plus an optional initial status (unpublished by default). */
export const serviceCreateSchema = serviceFieldsSchema.extend({ status: formBoolean.optional() });

/** PATCH: every field optional; a sent field must still be valid (an edit or a publish toggle). */
export const serviceUpdateSchema = serviceFieldsSchema.partial().extend({ status: formBoolean.optional() });
export type ServiceUpdateInput = z.infer<typeof serviceUpdateSchema>;

/** How an uploaded image is presented to the portal (the one shape every area uses). */
export type ContentImageView = ApiImageView;

export interface Service {
  id: number;
  name: string;
  description: string;
  description2: string;
  /** Display URL of the cover (WebP, up to 1600 px wide). */
  cover_image: string;
  /** The cover cropped to 16:9 for the public site. */
  site_cover_image: string;
  /** The uploaded file, untouched. */
  orig_image: string;
  cover_image_view: ContentImageView;
  status: boolean;
  time_created: string;
  time_updated: string;
}
