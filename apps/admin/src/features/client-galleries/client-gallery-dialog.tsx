import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import {
  CLIENT_GALLERY_MESSAGES,
  clientGalleryFormSchema,
  type ClientGallery,
  type ClientGalleryFormOutput,
  type ClientGalleryFormValues,
} from '@darkroom/contracts';
import { CustomerSelect } from '../../components/customer-select';
import { FormDialog } from '../../components/form-dialog';
import { applyFieldErrors, useDelayedClose } from '../../components/form-errors';
import { ImageField } from '../../components/image-field';
import { useNotify } from '../../components/notify';
import { CLIENT_GALLERY_FIELDS, firstFieldMessage, useCustomers, useSaveClientGallery } from './api';

export interface ClientGalleryDialogProps {
  open: boolean;
  /** The gallery to edit; none means create. */
  gallery: ClientGallery | null;
  onClose: () => void;
}

/** Create or edit a client gallery: title, customer, gallery link and cover image. */
export function ClientGalleryDialog({ open, gallery, onClose }: ClientGalleryDialogProps) {
  const mode = gallery ? 'edit' : 'create';
  const notify = useNotify();
  const save = useSaveClientGallery();
  const customers = useCustomers(open);
  const closeLater = useDelayedClose(onClose);
  const schema = useMemo(() => clientGalleryFormSchema<File>(mode), [mode]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ClientGalleryFormValues<File>, unknown, ClientGalleryFormOutput<File>>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: { title: gallery?.title ?? '', user: gallery?.user ?? '', gallery_link: gallery?.gallery_link ?? '', cover_image: null },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: gallery?.id ?? null,
        values: {
          title: values.title,
          user: values.user,
          gallery_link: values.gallery_link ?? '',
          cover_image: values.cover_image instanceof File ? values.cover_image : null,
        },
      });
      if (gallery) {
        notify(CLIENT_GALLERY_MESSAGES.updated, 'success');
        closeLater();
      } else {
        notify(CLIENT_GALLERY_MESSAGES.created, 'success');
        onClose();
      }
    } catch (err) {
      applyFieldErrors(err, setError, CLIENT_GALLERY_FIELDS);
      // A 400 names its field; anything else gets the spec's failure text.
      notify(firstFieldMessage(err) ?? (gallery ? CLIENT_GALLERY_MESSAGES.updateFailed : CLIENT_GALLERY_MESSAGES.createFailed), 'error');
    }
  });

  return (
    <FormDialog
      open={open}
      title={gallery ? 'Edit client gallery' : 'Create client gallery'}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
    >
      <TextField
        label="Title"
        required
        fullWidth
        {...register('title')}
        error={!!errors.title}
        helperText={errors.title?.message ?? ' '}
        autoFocus
      />
      <Controller
        control={control}
        name="user"
        render={({ field }) => (
          <CustomerSelect
            value={field.value as number | string | null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            customers={customers.data}
            loading={customers.isLoading}
            fallbackText={gallery?.user_text || undefined}
            error={!!errors.user}
            helperText={errors.user?.message}
          />
        )}
      />
      <TextField
        label="Gallery link"
        type="url"
        fullWidth
        placeholder="https://"
        {...register('gallery_link')}
        error={!!errors.gallery_link}
        helperText={errors.gallery_link?.message ?? 'Where the customer can see or download the photos (optional)'}
      />
      <Controller
        control={control}
        name="cover_image"
        render={({ field }) => (
          <ImageField
            label="Cover image"
            value={field.value instanceof File ? field.value : null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            currentUrl={gallery?.cover_image}
            error={errors.cover_image?.message ?? false}
            helperText={gallery ? 'Leave empty to keep the current cover' : 'Shown on the card and at the top of the gallery'}
          />
        )}
      />
    </FormDialog>
  );
}
