import { z } from 'zod';
import { optionalText, requiredText } from './forms';
import { imageEntityContract } from './image-entity';
import { TEXT_MAX } from './limits';
import { seoFields } from './seo';
import { imageShape, optionalImageShape } from './uploads';

export const ABOUT_MESSAGES = {
  headerRequired: 'About page header is required',
  info1Required: 'About page info 1 is required',
  infoImageRequired: 'About info image is required',
  created: 'About page successfully created',
  updated: 'About page content successfully updated',
  saveFailed: 'Page content update failed.',
  // The spec keeps one about content; a second create is refused.
  alreadyExists: 'About page content already exists. Update it instead.',
  dialogTitle: 'Manage About Page',
} as const;

/** Text fields of the about form; images are checked separately (info image required on create). */
export const aboutFieldsSchema = z.object({
  header_text: requiredText(ABOUT_MESSAGES.headerRequired, TEXT_MAX.long),
  info_text1: requiredText(ABOUT_MESSAGES.info1Required, TEXT_MAX.long),
  info_text2: optionalText(),
  ...seoFields,
});
export type AboutFields = z.infer<typeof aboutFieldsSchema>;
/** PATCH: only sent fields change, and a sent field must still be valid. */
export const aboutUpdateSchema = aboutFieldsSchema.partial();
export type AboutUpdateInput = z.infer<typeof aboutUpdateSchema>;

/** The field order in which a 400's messages are shown. */
export const ABOUT_FIELDS = [
  'header_text',
  'info_text1',
  'info_text2',
  'seo_title',
  'seo_description',
  'info_image',
  'page_image',
] as const;

export const aboutContentSchema = z.object({
  id: z.number().int(),
  header_text: z.string(),
  info_text1: z.string(),
  info_text2: z.string(),
  /** The page's own title and description for search results and link previews; empty: from its text. */
  seo_title: z.string(),
  seo_description: z.string(),
  /** Hero background; null when none was uploaded. */
  ...optionalImageShape('page_image'),
  /** The right-side image. */
  ...imageShape('info_image'),
  time_created: z.string(),
  time_updated: z.string(),
});
export type AboutContent = z.infer<typeof aboutContentSchema>;

export const aboutApi = imageEntityContract({
  path: '/adminportal/pages/about-content/',
  tag: 'about',
  fields: aboutFieldsSchema,
  patch: aboutUpdateSchema,
  response: aboutContentSchema,
  images: ['info_image', 'page_image'],
  required: ABOUT_MESSAGES.infoImageRequired,
  summaries: {
    list: 'The about content, as a list of at most one',
    create: 'Create the about content (once)',
    update: 'Change the about content; an omitted image keeps the current one',
  },
});
