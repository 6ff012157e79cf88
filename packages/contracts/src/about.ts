import { z } from 'zod';
import { optionalText, requiredText } from './forms';
import { TEXT_MAX } from './limits';
import { type ContentImageView } from './services';

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
});
export type AboutFields = z.infer<typeof aboutFieldsSchema>;
/** PATCH: only sent fields change, and a sent field must still be valid. */
export const aboutUpdateSchema = aboutFieldsSchema.partial();
export type AboutUpdateInput = z.infer<typeof aboutUpdateSchema>;

/** The field order in which a 400's messages are shown. */
export const ABOUT_FIELDS = ['header_text', 'info_text1', 'info_text2', 'info_image', 'page_image'] as const;

export interface AboutContent {
  id: number;
  header_text: string;
  info_text1: string;
  info_text2: string;
  /** Hero background; null when none was uploaded. */
  page_image: string | null;
  page_image_view: ContentImageView | null;
  /** The right-side image. */
  info_image: string;
  info_image_view: ContentImageView;
  time_created: string;
  time_updated: string;
}
