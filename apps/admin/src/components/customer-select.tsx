import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { Controller, type Control, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { displayName } from '@darkroom/contracts';

/** What the select needs of a customer account (the users list's rows satisfy it). */
export interface CustomerOption {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email?: string;
}

/** 'First Last', else the username: the same display name the API sends as user_text. */
export function customerLabel(c: CustomerOption): string {
  return displayName(c);
}

/**
 * Options drawn at once: a studio with 2,000 customers opened the list in over a second when
 * every name was drawn. Typing narrows the list; the first matches are shown.
 */
export const CUSTOMER_OPTIONS_SHOWN = 50;

/** The customers matching what was typed (name, username or e-mail), at most CUSTOMER_OPTIONS_SHOWN. */
export function matchingCustomers<C extends CustomerOption>(options: readonly C[], input: string): C[] {
  const q = input.trim().toLowerCase();
  const out: C[] = [];
  for (const c of options) {
    if (out.length >= CUSTOMER_OPTIONS_SHOWN) break;
    if (!q || [customerLabel(c), c.username, c.email ?? ''].some((s) => s.toLowerCase().includes(q))) out.push(c);
  }
  return out;
}

export interface CustomerSelectProps {
  label?: string;
  /** The chosen account id; null or '' when none. */
  value: number | string | null | undefined;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
  customers: readonly CustomerOption[] | undefined;
  loading?: boolean;
  error?: boolean;
  helperText?: string;
  /** Shown for a chosen account missing from the list (e.g. the list failed to load). */
  fallbackText?: string;
  disabled?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * Searchable choice of a customer (never an admin) for stories, client galleries and gallery
 * links. The helper line is always reserved, so a message appearing on blur does not move the dialog.
 */
export function CustomerSelect({
  label = 'User',
  value,
  onChange,
  onBlur,
  customers,
  loading,
  error,
  helperText,
  fallbackText,
  disabled,
  inputRef,
}: CustomerSelectProps) {
  const id = value === '' || value == null ? null : Number(value);
  const options = customers ?? [];
  const selected =
    id === null
      ? null
      : (options.find((c) => c.id === id) ?? { id, first_name: fallbackText ?? `User #${id}`, last_name: '', username: String(id) });
  return (
    <Autocomplete
      fullWidth
      options={options as CustomerOption[]}
      value={selected}
      onChange={(_, next) => onChange(next ? next.id : null)}
      onBlur={onBlur}
      loading={loading}
      disabled={disabled}
      getOptionLabel={customerLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(opts, state) => matchingCustomers(opts, state.inputValue)}
      noOptionsText={loading ? 'Loading users...' : 'No users found. Add customers under Users first.'}
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}>
            <Typography variant="body2">{customerLabel(c)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {[c.username, c.email].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} required error={error} helperText={helperText ?? ' '} inputRef={inputRef} />
      )}
    />
  );
}

export interface CustomerFormFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  customers: readonly CustomerOption[] | undefined;
  loading?: boolean;
  fallbackText?: string;
  error?: Pick<FieldError, 'message'>;
}

/** The customer choice bound to a react-hook-form field, as every form with a 'User' uses it. */
export function CustomerFormField<T extends FieldValues>({
  control,
  name,
  customers,
  loading,
  fallbackText,
  error,
}: CustomerFormFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CustomerSelect
          value={field.value as number | string | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          customers={customers}
          loading={loading}
          fallbackText={fallbackText}
          error={!!error}
          helperText={error?.message}
        />
      )}
    />
  );
}
