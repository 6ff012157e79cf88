import { useId } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface LoginFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
}

/**
 * An outlined text field drawn as MUI's TextField draws it (label, outlined input, message under
 * it, the same ids and aria-describedby), from its parts: TextField also carries select support,
 * whose menus and popovers would be part of the sign-in page's first download.
 */
export function LoginField({ label, registration: { ref, ...field }, error, type = 'text', autoComplete, autoFocus }: LoginFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={!!error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...field}
        id={id}
        inputRef={ref}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={error ? helperId : undefined}
      />
      {error && <FormHelperText id={helperId}>{error.message}</FormHelperText>}
    </FormControl>
  );
}
