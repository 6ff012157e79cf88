import type { ReactNode } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, type Breakpoint } from '@mui/material';
import type { z } from 'zod';
import type { UploadProgress } from '../api/mutations';
import { FormDialog } from './form-dialog';
import { FormTextField, type FormTextFieldProps } from './form-text-field';
import { ImageFormField, type ImageFormFieldProps } from './image-form-field';
import { useFormDialogSubmit, type FormDialogSubmitOptions } from './use-form-dialog-submit';

/** A text field of the form; `counter` shows `typed/max` under it. */
export interface EntityTextField<T extends FieldValues> extends Omit<FormTextFieldProps, 'registration' | 'error' | 'name'> {
  name: Path<T>;
  counter?: number;
}

/** An image field of the form (a File | null value). */
export type EntityImageField<T extends FieldValues> = Omit<ImageFormFieldProps<T>, 'control'>;

export interface ImageEntityDialogProps<T extends FieldValues> {
  title: string;
  submitLabel: string;
  maxWidth?: Breakpoint;
  /** The form's zod schema (text rules shared with the server, the image required on create). */
  schema: z.ZodType;
  defaultValues: DefaultValues<T>;
  /** The text fields, top to bottom; an array puts its fields side by side. */
  fields?: (EntityTextField<T> | EntityTextField<T>[])[];
  /** Fields of the area's own, shown between the text fields and the images (e.g. a page choice). */
  extra?: (form: UseFormReturn<T>) => ReactNode;
  images: EntityImageField<T>[];
  /** The submit flow's messages and closing (see useFormDialogSubmit). */
  submit: Omit<FormDialogSubmitOptions<T>, 'setError'>;
  /** The create or update call. */
  save: (values: T, onProgress: UploadProgress) => Promise<unknown>;
  /** Whether the save reports upload progress (a bar under the fields). */
  progress?: boolean;
  /** Whether the submit stays busy while a saved update waits to close. */
  busyWhileClosing?: boolean;
}

function TextInput<T extends FieldValues>({ form, field }: { form: UseFormReturn<T>; field: EntityTextField<T> }) {
  const { name, counter, slotProps, ...props } = field;
  const typed = useWatch({ control: form.control, name }) as string | undefined;
  const error = form.formState.errors[name] as { message?: string } | undefined;
  const counted = counter !== undefined && {
    helperText: `${typed?.length ?? 0}/${counter}`,
    slotProps: { ...slotProps, formHelperText: { sx: { textAlign: error ? 'left' : 'right' } } },
  };
  return <FormTextField fullWidth {...props} slotProps={slotProps} {...counted} registration={form.register(name)} error={error} />;
}

/**
 * The create/edit dialog of a record made of text fields and images (home gallery, team,
 * carousel, about, page images, service page): the fields, the images, and the shared submit flow.
 */
export function ImageEntityDialog<T extends FieldValues>(props: ImageEntityDialogProps<T>) {
  const form = useForm<T>({
    // The schema's output is the form's values; the resolver's generic cannot follow a ZodType.
    resolver: zodResolver(props.schema as never) as unknown as Resolver<T>,
    mode: 'onBlur',
    defaultValues: props.defaultValues,
  });
  const { isDirty, isSubmitting } = form.formState;
  const { run, progress, saved } = useFormDialogSubmit<T>({ ...props.submit, setError: form.setError });
  const onSubmit = form.handleSubmit((values) => run((onProgress) => props.save(values, onProgress)));
  const text = (field: EntityTextField<T>) => <TextInput key={field.name} form={form} field={field} />;

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={props.title}
      onClose={props.submit.onClose}
      onSubmit={onSubmit}
      busy={isSubmitting || (!!props.busyWhileClosing && saved)}
      submitLabel={props.submitLabel}
      maxWidth={props.maxWidth}
      progress={props.progress === false ? null : progress}
    >
      {props.fields?.map((f) =>
        Array.isArray(f) ? (
          <Stack key={f.map((g) => g.name).join()} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {f.map(text)}
          </Stack>
        ) : (
          text(f)
        ),
      )}
      {props.extra?.(form)}
      {props.images.map((image) => (
        <ImageFormField key={image.name} control={form.control} {...image} />
      ))}
    </FormDialog>
  );
}
