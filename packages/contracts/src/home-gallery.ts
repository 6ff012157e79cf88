import { z } from 'zod';
import { orderEndpoint } from './order';
import { formBoolean, optionalText } from './forms';
import { imageEntityContract } from './image-entity';
import { TEXT_MAX } from './limits';
import { imageShape, requiredFileOf, type ChosenFile } from './uploads';

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

export const homeGalleryImageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** URL of the image, and its view. */
  ...imageShape('cover_image'),
  status: z.boolean(),
  time_created: z.string(),
  time_updated: z.string(),
});
export type HomeGalleryImage = z.infer<typeof homeGalleryImageSchema>;

export const homeGalleryApi = {
  ...imageEntityContract({
    path: '/adminportal/home-gallery-image/',
    tag: 'home-gallery',
    fields: homeGalleryFieldsSchema,
    patch: homeGalleryFieldsSchema,
    response: homeGalleryImageSchema,
    images: ['cover_image'],
    required: HOME_GALLERY_MESSAGES.imageRequired,
    summaries: {
      list: 'Home gallery images',
      create: 'Add a home gallery image (its name defaults to the file name)',
      update: 'Replace the image, rename it or change its publish status',
      remove: 'Delete a home gallery image',
    },
  }),
  order: orderEndpoint('/adminportal/home-gallery-image/', 'home-gallery', 'the home gallery'),
};
