import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { HOME_GALLERY_MESSAGES, homeGalleryFormSchema, type HomeGalleryImage } from '@darkroom/contracts';
import { FormDialog } from '../../components/form-dialog';
import { ImageFormField } from '../../components/image-form-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { useCreateHomeGalleryImage, useReplaceHomeGalleryImage } from './api';

const FIELDS = ['name', 'cover_image'];
const schema = homeGalleryFormSchema<File>();

export interface HomeGalleryDialogProps {
  /** The image being replaced; absent when uploading a new one. */
  item?: HomeGalleryImage;
  onClose: () => void;
}

/** Upload a home gallery image, or replace one; its name comes from the file name. */
export function HomeGalleryDialog({ item, onClose }: HomeGalleryDialogProps) {
  const create = useCreateHomeGalleryImage();
  const replace = useReplaceHomeGalleryImage();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isDirty, isSubmitting },
  } = useForm<{ cover_image: File | null }>({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues: { cover_image: null } });

  const { run, progress } = useFormDialogSubmit({
    editing: !!item,
    onClose,
    setError,
    fields: ['cover_image'],
    created: HOME_GALLERY_MESSAGES.created,
    updated: HOME_GALLERY_MESSAGES.updated,
    failureMessage: {
      fallback: item ? HOME_GALLERY_MESSAGES.updateFailed : HOME_GALLERY_MESSAGES.createFailed,
      fields: FIELDS,
      serverFault: 'generic',
    },
  });
  const onSubmit = handleSubmit(async ({ cover_image: file }) => {
    if (!file) return;
    await run((onProgress) => (item ? replace.mutateAsync({ id: item.id, file, onProgress }) : create.mutateAsync({ file, onProgress })));
  });

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={item ? 'Update gallery image' : 'Upload gallery image'}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={item ? 'Update' : 'Submit'}
      progress={progress}
    >
      <ImageFormField
        control={control}
        name="cover_image"
        validateOnChange="if-invalid"
        label="Gallery image"
        currentUrl={item?.cover_image}
        helperText={item ? `Replaces '${item.name}'; the new file's name is used` : 'The file name becomes the image name'}
      />
    </FormDialog>
  );
}
