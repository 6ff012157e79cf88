import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean, pathId } from './forms';
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

const PAGE_IMAGES = '/adminportal/pages-images/';
const byId = z.object({ id: pathId });
const imageFile = { image: { maxFiles: 1 } } as const;

export const pageImagesApi = {
  pageTypes: endpoint({
    method: 'GET',
    path: '/adminportal/page-types/',
    tag: 'page-images',
    summary: 'The public pages (ids 1-7)',
    response: z.array(pageTypeSchema),
  }),
  list: endpoint({ method: 'GET', path: PAGE_IMAGES, tag: 'page-images', summary: 'Page images', response: z.array(pageImageSchema) }),
  get: endpoint({
    method: 'GET',
    path: `${PAGE_IMAGES}{id}/`,
    tag: 'page-images',
    summary: 'One page image',
    params: byId,
    response: pageImageSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: PAGE_IMAGES,
    tag: 'page-images',
    summary: 'Add a page image',
    body: pageImageCreateSchema,
    files: imageFile,
    requiredFile: {
      field: 'image',
      // The message names the page: the parsed one, or whatever number was sent.
      message: (body, fields) => pageImageRequiredMessage((body as { page?: number } | undefined)?.page ?? (Number(fields.page) || null)),
    },
    response: pageImageSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${PAGE_IMAGES}{id}/`,
    tag: 'page-images',
    summary: 'Change the page, the image or the publish status',
    params: byId,
    body: pageImageUpdateSchema,
    files: imageFile,
    response: pageImageSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${PAGE_IMAGES}{id}/`,
    tag: 'page-images',
    summary: 'Delete a page image',
    params: byId,
    response: null,
    status: 204,
  }),
} as const;
