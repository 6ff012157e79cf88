import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import {
  GALLERY_LINK_ERROR_FIELDS,
  GALLERY_LINK_MESSAGES,
  galleryLinkSchema,
  type GalleryLink,
  type GalleryLinkFormValues,
  type GalleryLinkInput,
} from '@darkroom/contracts';
import { CustomerSelect } from '../../components/customer-select';
import { FormDialog } from '../../components/form-dialog';
import { applyFieldErrors, useDelayedClose } from '../../components/form-errors';
import { useNotify } from '../../components/notify';
import { galleryLinkFailure, useCustomers, useSaveGalleryLink } from './api';

export interface GalleryLinkDialogProps {
  open: boolean;
  /** The link to edit; none means assign a new one. */
  link: GalleryLink | null;
  onClose: () => void;
}

/** The 'Assign' dialog (and its edit twin): link, description and the customer it belongs to. */
export function GalleryLinkDialog({ open, link, onClose }: GalleryLinkDialogProps) {
  const notify = useNotify();
  const save = useSaveGalleryLink();
  const customers = useCustomers(open);
  const closeLater = useDelayedClose(onClose);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GalleryLinkFormValues, unknown, GalleryLinkInput>({
    resolver: zodResolver(galleryLinkSchema),
    mode: 'onBlur',
    defaultValues: { link: link?.link ?? '', description: link?.description ?? '', user: link?.user ?? '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: link?.id ?? null, values });
      if (link) {
        notify(GALLERY_LINK_MESSAGES.updated, 'success');
        closeLater();
      } else {
        notify(GALLERY_LINK_MESSAGES.created, 'success');
        onClose();
      }
    } catch (err) {
      applyFieldErrors(err, setError, [...GALLERY_LINK_ERROR_FIELDS]);
      notify(galleryLinkFailure(err, link ? 'update' : 'create'), 'error');
    }
  });

  return (
    <FormDialog
      open={open}
      title={link ? 'Edit gallery link' : 'Assign gallery link'}
      submitLabel={link ? 'Submit' : GALLERY_LINK_MESSAGES.assign}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
    >
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
            fallbackText={link?.user_text || undefined}
            error={!!errors.user}
            helperText={errors.user?.message}
          />
        )}
      />
      <TextField
        label="Gallery link"
        type="url"
        required
        fullWidth
        placeholder="https://"
        {...register('link')}
        error={!!errors.link}
        helperText={errors.link?.message ?? 'The address the customer opens, starting with https://'}
      />
      <TextField
        label="Gallery description"
        required
        fullWidth
        multiline
        minRows={3}
        {...register('description')}
        error={!!errors.description}
        helperText={errors.description?.message ?? ' '}
      />
    </FormDialog>
  );
}
