import { z } from 'zod';
import { formBoolean, optionalText } from './forms';
import { TEXT_MAX } from './limits';
import { requiredFileOf, type ApiImageView, type ChosenFile } from './uploads';

/** Home gallery strings, verbatim from the spec. */
export const HOME_GALLERY_MESSAGES = {
  imageRequired: 'Gallery image is required',
  created: 'Gallery image successfully uploaded',
  updated: 'Gallery image successfully updated',
  deleted: 'Gallery image successfully deleted',
  createFailed: 'Gallery image creation failed',
  updateFailed: 'Gallery image update failed',
  deleteFailed: 'Gallery image deletion failed',
} as const;

/** Label the publish toggle builds its messages from ('Gallery image successfully publish', ...). */
export const HOME_GALLERY_PUBLISH_LABEL = 'Gallery image';

/**
 * Text fields of create and PATCH. The name is taken from the file name: the dialog sends it,
 * and the server falls back to the uploaded file's name when it is blank.
 */
export const homeGalleryFieldsSchema = z.object({
  name: optionalText(TEXT_MAX.medium).optional(),
  status: formBoolean.optional(),
});
export type HomeGalleryFields = z.output<typeof homeGalleryFieldsSchema>;

/**
 * The upload dialog. An image is required in both modes: editing a home gallery image means
 * replacing its file (the PATCH carries cover_image or status, nothing else).
 */
export function homeGalleryFormSchema<F extends ChosenFile = ChosenFile>() {
  return z.object({
    cover_image: requiredFileOf<F>(HOME_GALLERY_MESSAGES.imageRequired),
  });
}
export type HomeGalleryFormValues = z.input<ReturnType<typeof homeGalleryFormSchema>>;

export interface HomeGalleryImage {
  id: number;
  name: string;
  /** URL of the image. */
  cover_image: string;
  cover_image_view: ApiImageView;
  status: boolean;
  time_created: string;
  time_updated: string;
}
