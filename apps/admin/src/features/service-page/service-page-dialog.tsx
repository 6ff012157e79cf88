import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SERVICE_PAGE_LIMITS, SERVICE_PAGE_MESSAGES, servicePageFormSchema, type ServicePageContent } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { ImageFormField } from '../../components/image-form-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { useCreateServicePage, useUpdateServicePage, type ServicePageWrite } from './api';

const FIELDS = ['name', 'description', 'image'];

export interface ServicePageDialogProps {
  /** The current record; create mode when there is none (or it has no name), as the spec says. */
  content: ServicePageContent | null;
  onClose: () => void;
}

/** The service page's single create/edit dialog: name, description and image. */
export function ServicePageDialog({ content, onClose }: ServicePageDialogProps) {
  const editing = content && content.name ? content : null;
  const create = useCreateServicePage();
  const update = useUpdateServicePage();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { isDirty, errors, isSubmitting },
  } = useForm<ServicePageWrite>({
    resolver: zodResolver(servicePageFormSchema<File>(editing ? 'edit' : 'create')),
    mode: 'onBlur',
    defaultValues: { name: editing?.name ?? '', description: editing?.description ?? '', image: null },
  });

  const { run, progress, saved } = useFormDialogSubmit({
    editing: !!editing,
    onClose,
    setError,
    fields: FIELDS,
    created: SERVICE_PAGE_MESSAGES.created,
    updated: SERVICE_PAGE_MESSAGES.updated,
    // 409: someone created the page meanwhile; the screen reloads it and the server's message says so.
    failureMessage: { fallback: editing ? SERVICE_PAGE_MESSAGES.updateFailed : SERVICE_PAGE_MESSAGES.createFailed, fields: FIELDS },
    onFailure: (err) => {
      if (err instanceof ApiError && err.status === 409) onClose();
    },
  });
  const onSubmit = handleSubmit((values) =>
    run((onProgress) =>
      editing ? update.mutateAsync({ id: editing.id, values, onProgress }) : create.mutateAsync({ values, onProgress }),
    ),
  );

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={editing ? 'Update service page' : 'Create service page'}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={isSubmitting || saved}
      submitLabel={editing ? 'Update' : 'Submit'}
      maxWidth="md"
      progress={progress}
    >
      <FormTextField
        registration={register('name')}
        label="Name"
        required
        fullWidth
        autoFocus
        error={errors.name}
        slotProps={{ htmlInput: { maxLength: SERVICE_PAGE_LIMITS.name } }}
      />
      <FormTextField
        registration={register('description')}
        label="Description"
        fullWidth
        multiline
        minRows={5}
        maxRows={14}
        error={errors.description}
        slotProps={{ htmlInput: { maxLength: SERVICE_PAGE_LIMITS.description } }}
      />
      <ImageFormField
        control={control}
        name="image"
        label="Service page image"
        currentUrl={editing?.image ?? null}
        helperText={editing ? 'Leave empty to keep the current image.' : undefined}
      />
    </FormDialog>
  );
}
