import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_IMAGE_DIMENSIONS, SEO_LIMITS, SERVICE_MESSAGES, serviceFieldsSchema, type Service } from '@darkroom/contracts';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { ImageFormField } from '../../components/image-form-field';
import { imageFileField } from '../../components/image-file-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { SERVICE_FIELD_ORDER, useSaveService } from './api';

const MIN = MIN_IMAGE_DIMENSIONS.serviceCover;

/** The shared text rules plus the cover: required on create only, and at least the recommended size. */
function formSchema(creating: boolean) {
  return serviceFieldsSchema.extend({
    cover_image: imageFileField(MIN).refine((f) => !creating || !!f, { error: SERVICE_MESSAGES.coverRequired }),
  });
}

export interface ServiceFormDialogProps {
  /** The service being edited, or null to add a new one. */
  service: Service | null;
  onClose: () => void;
}

/** 'Add new service' / 'Edit Service': closes at once after a create, 3 s after an update. */
export function ServiceFormDialog({ service, onClose }: ServiceFormDialogProps) {
  const editing = !!service;
  const save = useSaveService();
  const schema = useMemo(() => formSchema(!editing), [editing]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { isDirty, errors },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      description2: service?.description2 ?? '',
      seo_title: service?.seo_title ?? '',
      seo_description: service?.seo_description ?? '',
      cover_image: null,
    },
  });

  const { run } = useFormDialogSubmit({
    editing,
    onClose,
    setError,
    fields: SERVICE_FIELD_ORDER,
    created: SERVICE_MESSAGES.created,
    updated: SERVICE_MESSAGES.updated,
    failureMessage: {
      fallback: editing ? SERVICE_MESSAGES.updateFailed : SERVICE_MESSAGES.createFailed,
      fields: SERVICE_FIELD_ORDER,
      serverFault: 'generic',
    },
  });
  const onSubmit = handleSubmit((values) => run(() => save.mutateAsync({ id: service?.id ?? null, values })));

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={editing ? SERVICE_MESSAGES.editTitle : SERVICE_MESSAGES.addTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={save.isPending}
      submitLabel={editing ? 'Update' : 'Submit'}
    >
      <FormTextField label="Service name" required fullWidth autoFocus registration={register('name')} error={errors.name} />
      <FormTextField
        label="Description"
        required
        fullWidth
        multiline
        minRows={3}
        registration={register('description')}
        error={errors.description}
      />
      <FormTextField
        label="Description 2 (Optional)"
        fullWidth
        multiline
        minRows={2}
        registration={register('description2')}
        error={errors.description2}
      />
      <FormTextField
        label="SEO title (Optional)"
        fullWidth
        registration={register('seo_title')}
        error={errors.seo_title}
        helperText={`Search results and link previews; empty: the name. Up to ${SEO_LIMITS.title} characters.`}
      />
      <FormTextField
        label="SEO description (Optional)"
        fullWidth
        multiline
        minRows={2}
        registration={register('seo_description')}
        error={errors.seo_description}
        helperText={`Empty: the description. Up to ${SEO_LIMITS.description} characters.`}
      />
      <ImageFormField
        control={control}
        name="cover_image"
        label="Cover image"
        currentUrl={service?.cover_image ?? null}
        helperText={`Recommended: at least ${MIN.width} × ${MIN.height} px`}
      />
    </FormDialog>
  );
}
