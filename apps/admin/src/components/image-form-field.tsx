import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ImageField, type ImageFieldProps } from './image-field';

export interface ImageFormFieldProps<T extends FieldValues, TOut extends FieldValues = T> extends Omit<
  ImageFieldProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> {
  control: Control<T, unknown, TOut>;
  /** A form field holding File | null. */
  name: FieldPathByValue<T, File | null>;
  /**
   * Whether choosing a file validates it at once: 'always' (e.g. a size check), 'if-invalid'
   * (only to clear a message already shown), or 'never' (on blur and submit, as other fields).
   */
  validateOnChange?: 'always' | 'if-invalid' | 'never';
}

/** An ImageField bound to a react-hook-form field, with its validation message under it. */
export function ImageFormField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  validateOnChange = 'always',
  ...rest
}: ImageFormFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <ImageField
      {...rest}
      value={field.value as File | null}
      onChange={(file) => {
        field.onChange(file);
        // A blur validates the field (the forms validate on blur; after a submit, changes do).
        if (validateOnChange === 'always' || (validateOnChange === 'if-invalid' && fieldState.error)) field.onBlur();
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
