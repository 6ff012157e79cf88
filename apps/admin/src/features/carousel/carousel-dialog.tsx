import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAROUSEL_HEADER_MAX,
  CAROUSEL_MESSAGE_MAX,
  CAROUSEL_MESSAGES,
  CAROUSEL_TITLE_MAX,
  carouselFormSchema,
  type CarouselItem,
} from '@darkroom/contracts';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { ImageFormField } from '../../components/image-form-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { useCreateCarousel, useUpdateCarousel, type CarouselWrite } from './api';

const FIELDS = ['header', 'title', 'message', 'image'];

export interface CarouselDialogProps {
  /** The item being edited; absent when creating. */
  item?: CarouselItem;
  onClose: () => void;
}

/** Create/edit a carousel slide: header, title, message (15/15/40) and the image. */
export function CarouselDialog({ item, onClose }: CarouselDialogProps) {
  const mode = item ? 'edit' : 'create';
  const create = useCreateCarousel();
  const update = useUpdateCarousel();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { isDirty, errors, isSubmitting },
  } = useForm<CarouselWrite>({
    resolver: zodResolver(carouselFormSchema<File>(mode)),
    mode: 'onBlur',
    defaultValues: { header: item?.header ?? '', title: item?.title ?? '', message: item?.message ?? '', image: null },
  });

  const typed = useWatch({ control, name: ['header', 'title', 'message'] });
  const lengths = { header: typed[0]?.length ?? 0, title: typed[1]?.length ?? 0, message: typed[2]?.length ?? 0 };

  const { run, progress } = useFormDialogSubmit({
    editing: !!item,
    onClose,
    setError,
    fields: FIELDS,
    created: CAROUSEL_MESSAGES.created,
    updated: CAROUSEL_MESSAGES.updated,
    failureMessage: {
      fallback: item ? CAROUSEL_MESSAGES.updateFailed : CAROUSEL_MESSAGES.createFailed,
      fields: FIELDS,
      serverFault: 'generic',
    },
  });
  const onSubmit = handleSubmit((values) =>
    run((onProgress) => (item ? update.mutateAsync({ id: item.id, values, onProgress }) : create.mutateAsync({ values, onProgress }))),
  );

  const text = (name: 'header' | 'title' | 'message', label: string, max: number, multiline = false) => {
    return (
      <FormTextField
        registration={register(name)}
        label={label}
        required
        fullWidth
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        error={errors[name]}
        helperText={`${lengths[name]}/${max}`}
        slotProps={{ formHelperText: { sx: { textAlign: errors[name] ? 'left' : 'right' } } }}
      />
    );
  };

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={item ? 'Edit carousel' : 'Add new carousel'}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={item ? 'Update' : 'Submit'}
      progress={progress}
    >
      {text('header', 'Header', CAROUSEL_HEADER_MAX)}
      {text('title', 'Title', CAROUSEL_TITLE_MAX)}
      {text('message', 'Message', CAROUSEL_MESSAGE_MAX, true)}
      <ImageFormField
        control={control}
        name="image"
        validateOnChange="if-invalid"
        label="Carousel image"
        currentUrl={item?.image}
        helperText={item ? 'Choose a new image only to replace the current one' : 'Wide images work best (at least 1280 × 600)'}
      />
    </FormDialog>
  );
}
