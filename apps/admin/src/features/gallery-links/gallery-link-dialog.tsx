import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  GALLERY_LINK_ERROR_FIELDS,
  GALLERY_LINK_MESSAGES,
  galleryLinkSchema,
  type GalleryLink,
  type GalleryLinkFormValues,
  type GalleryLinkInput,
} from '@darkroom/contracts';
import { CustomerFormField } from '../../components/customer-select';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { galleryLinkFailure, useSaveGalleryLink } from './api';

export interface GalleryLinkDialogProps {
  /** The link to edit; none means assign a new one. */
  link: GalleryLink | null;
  onClose: () => void;
}

/** The 'Assign' dialog (and its edit twin): link, description and the customer it belongs to. */
export function GalleryLinkDialog({ link, onClose }: GalleryLinkDialogProps) {
  const save = useSaveGalleryLink();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { isDirty, errors, isSubmitting },
  } = useForm<GalleryLinkFormValues, unknown, GalleryLinkInput>({
    resolver: zodResolver(galleryLinkSchema),
    mode: 'onBlur',
    defaultValues: { link: link?.link ?? '', description: link?.description ?? '', user: link?.user ?? '' },
  });

  const { run } = useFormDialogSubmit({
    editing: !!link,
    onClose,
    setError,
    fields: GALLERY_LINK_ERROR_FIELDS,
    created: GALLERY_LINK_MESSAGES.created,
    updated: GALLERY_LINK_MESSAGES.updated,
    failureMessage: (err) => galleryLinkFailure(err, link ? 'update' : 'create'),
  });
  const submit = handleSubmit((values) => run(() => save.mutateAsync({ id: link?.id ?? null, values })));

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={link ? 'Edit gallery link' : 'Assign gallery link'}
      submitLabel={link ? 'Submit' : GALLERY_LINK_MESSAGES.assign}
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
    >
      <CustomerFormField control={control} name="user" fallbackText={link?.user_text || undefined} error={errors.user} />
      <FormTextField
        registration={register('link')}
        label="Gallery link"
        type="url"
        required
        fullWidth
        placeholder="https://"
        error={errors.link}
        helperText="The address the customer opens, starting with https://"
      />
      <FormTextField
        registration={register('description')}
        label="Gallery description"
        required
        fullWidth
        multiline
        minRows={3}
        error={errors.description}
        helperText=" "
      />
    </FormDialog>
  );
}
