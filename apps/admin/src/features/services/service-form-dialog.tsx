import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { z } from 'zod';
import { COMMON_MESSAGES, MIN_IMAGE_DIMENSIONS, SERVICE_MESSAGES, serviceFieldsSchema, type Service } from '@darkroom/contracts';
import { FormDialog } from '../../components/form-dialog';
import { ImageField } from '../../components/image-field';
import { applyFieldErrors, useDelayedClose } from '../../components/form-errors';
import { useNotify } from '../../components/notify';
import { failureText, SERVICE_FIELD_ORDER, useSaveService } from './api';

const MIN = MIN_IMAGE_DIMENSIONS.serviceCover;

/** Reads an image's pixel size in the browser; null when it cannot be decoded (the server decides then). */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The shared text rules plus the cover: required on create only, and at least the recommended size. */
function formSchema(creating: boolean) {
  return serviceFieldsSchema.extend({
    cover_image: z
      .custom<File | null>((v) => v === null || v instanceof File)
      .refine((f) => !creating || !!f, { error: SERVICE_MESSAGES.coverRequired })
      .refine(
        async (f) => {
          if (!f) return true;
          const size = await imageSize(f);
          return !size || (size.width >= MIN.width && size.height >= MIN.height);
        },
        { error: COMMON_MESSAGES.dimension },
      ),
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
  const notify = useNotify();
  const save = useSaveService();
  const closeLater = useDelayedClose(onClose);
  const schema = useMemo(() => formSchema(!editing), [editing]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      description2: service?.description2 ?? '',
      cover_image: null,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: service?.id ?? null, values });
      if (editing) {
        notify(SERVICE_MESSAGES.updated, 'success');
        closeLater();
      } else {
        notify(SERVICE_MESSAGES.created, 'success');
        onClose();
      }
    } catch (err) {
      applyFieldErrors(err, setError, SERVICE_FIELD_ORDER);
      notify(failureText(err, editing ? SERVICE_MESSAGES.updateFailed : SERVICE_MESSAGES.createFailed), 'error');
    }
  });

  return (
    <FormDialog
      open
      title={editing ? SERVICE_MESSAGES.editTitle : SERVICE_MESSAGES.addTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={save.isPending}
      submitLabel={editing ? 'Update' : 'Submit'}
    >
      <TextField
        label="Service name"
        required
        fullWidth
        autoFocus
        {...register('name')}
        error={!!errors.name}
        helperText={errors.name?.message}
      />
      <TextField
        label="Description"
        required
        fullWidth
        multiline
        minRows={3}
        {...register('description')}
        error={!!errors.description}
        helperText={errors.description?.message}
      />
      <TextField
        label="Description 2 (Optional)"
        fullWidth
        multiline
        minRows={2}
        {...register('description2')}
        error={!!errors.description2}
        helperText={errors.description2?.message}
      />
      <Controller
        control={control}
        name="cover_image"
        render={({ field, fieldState }) => (
          <ImageField
            label="Cover image"
            value={field.value}
            onChange={(file) => {
              field.onChange(file);
              field.onBlur(); // validate (type, size) as soon as a file is chosen
            }}
            onBlur={field.onBlur}
            currentUrl={service?.cover_image ?? null}
            error={fieldState.error?.message}
            helperText={`Recommended: at least ${MIN.width} × ${MIN.height} px`}
          />
        )}
      />
    </FormDialog>
  );
}
