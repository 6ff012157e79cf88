import { z } from 'zod';
import { orderEndpoint } from './order';
import { formBoolean, requiredText } from './forms';
import { imageEntityContract, imageEntityForm } from './image-entity';
import { CAROUSEL_HEADER_MAX, CAROUSEL_MESSAGE_MAX, CAROUSEL_TITLE_MAX } from './limits';
import { imageShape } from './uploads';

/** Carousel strings, verbatim from the spec. */
export const CAROUSEL_MESSAGES = {
  headerRequired: 'Carousel header is required',
  headerMax: `Header can not be more than ${CAROUSEL_HEADER_MAX} characters`,
  titleRequired: 'Carousel title is required',
  titleMax: `Title can not be more than ${CAROUSEL_TITLE_MAX} characters`,
  messageRequired: 'Carousel message is required',
  // The spec's wording for the message limit, kept as it is.
  messageMax: `Favourite name can not be more than ${CAROUSEL_MESSAGE_MAX} characters`,
  imageRequired: 'Carousel image is required',
  created: 'Carousel image successfully uploaded',
  updated: 'Carousel image successfully updated',
  deleted: 'Carousel successfully deleted',
  createFailed: 'Carousel creation failed',
  updateFailed: 'Carousel update failed',
  deleteFailed: 'Carousel deletion failed',
} as const;

/** Label the publish toggle builds its messages from ('Carousel successfully publish', ...). */
export const CAROUSEL_PUBLISH_LABEL = 'Carousel';

/** The text fields, limits included, shared by the server and the dialog. */
export const carouselTextSchema = z.object({
  header: requiredText(CAROUSEL_MESSAGES.headerRequired, CAROUSEL_HEADER_MAX, CAROUSEL_MESSAGES.headerMax),
  title: requiredText(CAROUSEL_MESSAGES.titleRequired, CAROUSEL_TITLE_MAX, CAROUSEL_MESSAGES.titleMax),
  message: requiredText(CAROUSEL_MESSAGES.messageRequired, CAROUSEL_MESSAGE_MAX, CAROUSEL_MESSAGES.messageMax),
});
export type CarouselText = z.output<typeof carouselTextSchema>;

/** PATCH: any of the text fields (same rules when sent) and/or the publish status. */
export const carouselPatchSchema = carouselTextSchema.partial().extend({ status: formBoolean.optional() });
export type CarouselPatch = z.output<typeof carouselPatchSchema>;

/** The create/edit dialog: the image is required on create only; on edit it is sent only if new. */
export const carouselFormSchema = imageEntityForm(carouselTextSchema, 'image', CAROUSEL_MESSAGES.imageRequired);

export const carouselItemSchema = z.object({
  id: z.number().int(),
  header: z.string(),
  title: z.string(),
  message: z.string(),
  /** URL of the image, and its view. */
  ...imageShape('image'),
  status: z.boolean(),
  time_created: z.string(),
  time_updated: z.string(),
});
export type CarouselItem = z.infer<typeof carouselItemSchema>;

export const carouselApi = {
  ...imageEntityContract({
    path: '/adminportal/manage-carousel/',
    tag: 'carousel',
    fields: carouselTextSchema,
    patch: carouselPatchSchema,
    response: carouselItemSchema,
    images: ['image'],
    required: CAROUSEL_MESSAGES.imageRequired,
    summaries: {
      list: 'Carousel slides',
      create: 'Add a slide',
      update: 'Change a slide, its image or its publish status',
      remove: 'Delete a slide',
    },
  }),
  order: orderEndpoint('/adminportal/manage-carousel/', 'carousel', 'the carousel slides'),
};
