import { useId, type ChangeEvent, type Ref } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

interface LoginFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
}

/**
 * An outlined text field drawn as MUI's TextField draws it (label, outlined input, message under
 * it, the same ids and aria-describedby), from its parts: TextField also carries select support,
 * whose menus and popovers would be part of the sign-in page's first download.
 */
export function LoginField({ label, error, type = 'text', ...input }: LoginFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={!!error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} type={type} aria-describedby={error ? helperId : undefined} />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
