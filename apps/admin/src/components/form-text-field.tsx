import { TextField, type TextFieldProps } from '@mui/material';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface FormTextFieldProps extends Omit<TextFieldProps, 'name' | 'onChange' | 'onBlur' | 'inputRef' | 'error'> {
  /** react-hook-form's register('field'). */
  registration: UseFormRegisterReturn;
  /** The field's entry in formState.errors: its message replaces the helper text. */
  error?: { message?: string };
}

/** A TextField registered with react-hook-form, showing the field's validation message under it. */
export function FormTextField({ registration: { ref, ...field }, error, helperText, ...rest }: FormTextFieldProps) {
  return <TextField {...rest} {...field} inputRef={ref} error={!!error} helperText={error?.message ?? helperText} />;
}
