import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean } from './forms';
import { imageEntityContract } from './image-entity';
import { publishMessages } from './messages';
import { PAGE_IDS, pageName } from './pages';
import { imageShape } from './uploads';

export const PAGE_IMAGE_MESSAGES = {
  pageRequired: 'Page name is required',
  // The spec names no message for a page id outside 1-7.
  pageInvalid: 'Select a valid page',
  created: 'Image successfully uploaded',
  createFailed: 'Page image upload failed',
  updated: 'page image successfully updated',
  updateFailed: 'Page image update failed',
  loadFailed: 'Page image failed',
  deleted: 'Page image successfully deleted',
  deleteFailed: 'Page image deletion failed',
  ...publishMessages('Page image'),
  listTitle: 'Manage page images',
  dialogTitle: 'Manage page Images',
} as const;

/** The spec's page-specific image-required messages; other pages follow the same wording. */
const IMAGE_REQUIRED_BY_PAGE: Record<number, string> = {
  1: 'Contact info image is required',
  2: 'Home image is required',
  4: 'Love story page image is required',
  5: 'Service image page is required',
};

/** The image-required message for a page (a generic one when no page is chosen yet). */
export function pageImageRequiredMessage(page: number | null | undefined): string {
  if (page && IMAGE_REQUIRED_BY_PAGE[page]) return IMAGE_REQUIRED_BY_PAGE[page];
  if (page && PAGE_IDS.includes(page as (typeof PAGE_IDS)[number])) return `${pageName(page)} page image is required`;
  return 'Page image is required';
}

/** A page id 1-7, arriving as a number (JSON) or a string (forms). */
export const pageIdField = z.preprocess(
  (v: string | number | null | undefined) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : (v ?? undefined)),
  z
    // Missing or blank is "required"; anything else that is not a page id is "invalid".
    .number({ error: (issue) => (issue.input === undefined ? PAGE_IMAGE_MESSAGES.pageRequired : PAGE_IMAGE_MESSAGES.pageInvalid) })
    .int({ error: PAGE_IMAGE_MESSAGES.pageInvalid })
    .refine((n) => PAGE_IDS.includes(n as (typeof PAGE_IDS)[number]), { error: PAGE_IMAGE_MESSAGES.pageInvalid }),
);

export const pageImageCreateSchema = z.object({ page: pageIdField, status: formBoolean.optional() });
export const pageImageUpdateSchema = z.object({ page: pageIdField.optional(), status: formBoolean.optional() });
export type PageImageUpdateInput = z.infer<typeof pageImageUpdateSchema>;

export const pageTypeSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type PageType = z.infer<typeof pageTypeSchema>;

export const pageImageSchema = z.object({
  id: z.number().int(),
  page: z.number().int(),
  page_name: z.string(),
  /** Display URL of the 16:9 image, and its view. */
  ...imageShape('image'),
  status: z.boolean(),
  time_created: z.string(),
  time_updated: z.string(),
});
export type PageImage = z.infer<typeof pageImageSchema>;

export const pageImagesApi = {
  pageTypes: endpoint({
    method: 'GET',
    path: '/adminportal/page-types/',
    tag: 'page-images',
    summary: 'The public pages (ids 1-7)',
    response: z.array(pageTypeSchema),
  }),
  ...imageEntityContract({
    path: '/adminportal/pages-images/',
    tag: 'page-images',
    fields: pageImageCreateSchema,
    patch: pageImageUpdateSchema,
    response: pageImageSchema,
    images: ['image'],
    // The message names the page: the parsed one, or whatever number was sent.
    required: (body, fields) => pageImageRequiredMessage((body as { page?: number } | undefined)?.page ?? (Number(fields.page) || null)),
    summaries: {
      list: 'Page images',
      get: 'One page image',
      create: 'Add a page image',
      update: 'Change the page, the image or the publish status',
      remove: 'Delete a page image',
    },
  }),
};
