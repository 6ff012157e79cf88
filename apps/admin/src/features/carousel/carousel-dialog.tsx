import {
  CAROUSEL_HEADER_MAX,
  CAROUSEL_MESSAGE_MAX,
  CAROUSEL_MESSAGES,
  CAROUSEL_TITLE_MAX,
  carouselFormSchema,
  type CarouselItem,
} from '@darkroom/contracts';
import { ImageEntityDialog } from '../../components/image-entity-dialog';
import { useSaveCarousel, type CarouselWrite } from './api';

const FIELDS = ['header', 'title', 'message', 'image'];

export interface CarouselDialogProps {
  /** The item being edited; absent when creating. */
  item?: CarouselItem;
  onClose: () => void;
}

/** Create/edit a carousel slide: header, title, message (15/15/40) and the image. */
export function CarouselDialog({ item, onClose }: CarouselDialogProps) {
  const save = useSaveCarousel();
  return (
    <ImageEntityDialog<CarouselWrite>
      title={item ? 'Edit carousel' : 'Add new carousel'}
      submitLabel={item ? 'Update' : 'Submit'}
      schema={carouselFormSchema<File>(item ? 'edit' : 'create')}
      defaultValues={{ header: item?.header ?? '', title: item?.title ?? '', message: item?.message ?? '', image: null }}
      fields={[
        { name: 'header', label: 'Header', required: true, counter: CAROUSEL_HEADER_MAX },
        { name: 'title', label: 'Title', required: true, counter: CAROUSEL_TITLE_MAX },
        { name: 'message', label: 'Message', required: true, counter: CAROUSEL_MESSAGE_MAX, multiline: true, minRows: 2 },
      ]}
      images={[
        {
          name: 'image',
          validateOnChange: 'if-invalid',
          label: 'Carousel image',
          currentUrl: item?.image,
          helperText: item ? 'Choose a new image only to replace the current one' : 'Wide images work best (at least 1280 × 600)',
        },
      ]}
      submit={{
        editing: !!item,
        onClose,
        fields: FIELDS,
        created: CAROUSEL_MESSAGES.created,
        updated: CAROUSEL_MESSAGES.updated,
        failureMessage: {
          fallback: item ? CAROUSEL_MESSAGES.updateFailed : CAROUSEL_MESSAGES.createFailed,
          fields: FIELDS,
          serverFault: 'generic',
        },
      }}
      save={(values, onProgress) => save.mutateAsync({ id: item?.id, values, onProgress })}
    />
  );
}
