import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLIENT_GALLERY_MESSAGES,
  clientGalleryFormSchema,
  type ClientGallery,
  type ClientGalleryFormOutput,
  type ClientGalleryFormValues,
} from '@darkroom/contracts';
import { CustomerFormField } from '../../components/customer-select';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { ImageFormField } from '../../components/image-form-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { CLIENT_GALLERY_FIELDS, clientGalleryFailure, useSaveClientGallery } from './api';

export interface ClientGalleryDialogProps {
  /** The gallery to edit; none means create. */
  gallery: ClientGallery | null;
  onClose: () => void;
}

/** Create or edit a client gallery: title, customer, gallery link and cover image. */
export function ClientGalleryDialog({ gallery, onClose }: ClientGalleryDialogProps) {
  const mode = gallery ? 'edit' : 'create';
  const save = useSaveClientGallery();
  const schema = useMemo(() => clientGalleryFormSchema<File>(mode), [mode]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { isDirty, errors, isSubmitting },
  } = useForm<ClientGalleryFormValues<File>, unknown, ClientGalleryFormOutput<File>>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: { title: gallery?.title ?? '', user: gallery?.user ?? '', gallery_link: gallery?.gallery_link ?? '', cover_image: null },
  });

  const { run, progress } = useFormDialogSubmit({
    editing: !!gallery,
    onClose,
    setError,
    fields: CLIENT_GALLERY_FIELDS,
    created: CLIENT_GALLERY_MESSAGES.created,
    updated: CLIENT_GALLERY_MESSAGES.updated,
    // A 400 names its field; anything else gets the spec's failure text.
    failureMessage: (err) =>
      clientGalleryFailure(err, gallery ? CLIENT_GALLERY_MESSAGES.updateFailed : CLIENT_GALLERY_MESSAGES.createFailed),
  });
  const submit = handleSubmit((values) =>
    run((onProgress) =>
      save.mutateAsync({
        id: gallery?.id ?? null,
        values: {
          title: values.title,
          user: values.user,
          gallery_link: values.gallery_link ?? '',
          cover_image: values.cover_image instanceof File ? values.cover_image : null,
        },
        onProgress,
      }),
    ),
  );

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={gallery ? 'Edit client gallery' : 'Create client gallery'}
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
      progress={progress}
    >
      <FormTextField registration={register('title')} label="Title" required fullWidth error={errors.title} helperText=" " autoFocus />
      <CustomerFormField control={control} name="user" fallbackText={gallery?.user_text || undefined} error={errors.user} />
      <FormTextField
        registration={register('gallery_link')}
        label="Gallery link"
        type="url"
        fullWidth
        placeholder="https://"
        error={errors.gallery_link}
        helperText="Where the customer can see or download the photos (optional)"
      />
      <ImageFormField
        control={control}
        name="cover_image"
        validateOnChange="if-invalid"
        label="Cover image"
        currentUrl={gallery?.cover_image}
        helperText={gallery ? 'Leave empty to keep the current cover' : 'Shown on the card and at the top of the gallery'}
      />
    </FormDialog>
  );
}
