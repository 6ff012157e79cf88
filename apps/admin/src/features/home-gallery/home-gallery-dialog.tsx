import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LinearProgress } from '@mui/material';
import { COMMON_MESSAGES, HOME_GALLERY_MESSAGES, homeGalleryFormSchema, type HomeGalleryImage } from '@darkroom/contracts';
import { ApiError, errorMessage } from '../../api/client';
import { FormDialog } from '../../components/form-dialog';
import { applyFieldErrors, useDelayedClose } from '../../components/form-errors';
import { ImageField } from '../../components/image-field';
import { useNotify } from '../../components/notify';
import { useCreateHomeGalleryImage, useReplaceHomeGalleryImage } from './api';

const FIELDS = ['name', 'cover_image'];
const schema = homeGalleryFormSchema<File>();

/** A 400 shows its first field message; a server fault the generic text; no answer the area's message. */
function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 400) return errorMessage(err, FIELDS);
  if (err instanceof ApiError && err.status >= 500) return COMMON_MESSAGES.serverError;
  return fallback;
}

export interface HomeGalleryDialogProps {
  /** The image being replaced; absent when uploading a new one. */
  item?: HomeGalleryImage;
  onClose: () => void;
}

/** Upload a home gallery image, or replace one; its name comes from the file name. */
export function HomeGalleryDialog({ item, onClose }: HomeGalleryDialogProps) {
  const notify = useNotify();
  const create = useCreateHomeGalleryImage();
  const replace = useReplaceHomeGalleryImage();
  const closeLater = useDelayedClose(onClose);
  const [progress, setProgress] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    trigger,
    formState: { isSubmitting },
  } = useForm<{ cover_image: File | null }>({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues: { cover_image: null } });

  const onSubmit = handleSubmit(async ({ cover_image: file }) => {
    if (saved || !file) return;
    setProgress(0);
    try {
      if (item) {
        await replace.mutateAsync({ id: item.id, file, onProgress: setProgress });
        notify(HOME_GALLERY_MESSAGES.updated, 'success');
        setSaved(true);
        closeLater();
      } else {
        await create.mutateAsync({ file, onProgress: setProgress });
        notify(HOME_GALLERY_MESSAGES.created, 'success');
        onClose();
      }
    } catch (err) {
      applyFieldErrors(err, setError, ['cover_image']);
      notify(failureMessage(err, item ? HOME_GALLERY_MESSAGES.updateFailed : HOME_GALLERY_MESSAGES.createFailed), 'error');
    } finally {
      setProgress(null);
    }
  });

  return (
    <FormDialog
      open
      title={item ? 'Update gallery image' : 'Upload gallery image'}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={item ? 'Update' : 'Submit'}
    >
      <Controller
        name="cover_image"
        control={control}
        render={({ field, fieldState }) => (
          <ImageField
            label="Gallery image"
            value={field.value}
            onChange={(file) => {
              field.onChange(file);
              if (fieldState.error) void trigger('cover_image');
            }}
            onBlur={field.onBlur}
            currentUrl={item?.cover_image}
            error={fieldState.error?.message}
            helperText={item ? `Replaces '${item.name}'; the new file's name is used` : 'The file name becomes the image name'}
          />
        )}
      />
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />}
    </FormDialog>
  );
}
