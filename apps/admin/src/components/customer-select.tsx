import { useMemo, useState } from 'react';
import { Autocomplete, Box, Paper, TextField, Typography, type PaperProps } from '@mui/material';
import { Controller, type Control, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { displayName } from '@darkroom/contracts';
import { CUSTOMER_SEARCH_DELAY_MS, useCustomer, useCustomerSearch, useDebounced } from './use-customers';
import { VirtualListbox } from './virtual-listbox';

/** What the select needs of a customer account (the search's rows and a user's details satisfy it). */
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

/** The picker's own texts. */
export const CUSTOMER_SELECT_TEXT = {
  loading: 'Loading users...',
  none: 'No users found. Add customers under Users first.',
  more: 'More users match: type to narrow the list.',
} as const;

/**
 * The customers among `options` matching what was typed (name, username or e-mail), as the
 * server matches them: narrows the previous answer at once while the new one is on its way.
 */
export function matchingCustomers<C extends CustomerOption>(options: readonly C[], input: string): C[] {
  const q = input.trim().toLowerCase();
  if (!q) return [...options];
  return options.filter((c) => [customerLabel(c), c.username, c.email ?? ''].some((s) => s.toLowerCase().includes(q)));
}

/** The popup with a line under the list when more customers match than were sent. */
function CustomerPaper({ children, more, ...props }: PaperProps & { more?: boolean }) {
  return (
    <Paper {...props}>
      {children}
      {more && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
          {CUSTOMER_SELECT_TEXT.more}
        </Typography>
      )}
    </Paper>
  );
}

export interface CustomerSelectProps {
  label?: string;
  /** The chosen account id; null or '' when none. */
  value: number | string | null | undefined;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  /** Shown for a chosen account while it is looked up, or when it cannot be (e.g. it was deleted). */
  fallbackText?: string;
  disabled?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * Searchable choice of a customer (never an admin) for stories, client galleries and gallery
 * links. The server searches as the admin types (a studio has thousands of customers) and the
 * list mounts only the rows in view. The helper line is always reserved, so a message appearing
 * on blur does not move the dialog.
 */
export function CustomerSelect({
  label = 'User',
  value,
  onChange,
  onBlur,
  error,
  helperText,
  fallbackText,
  disabled,
  inputRef,
}: CustomerSelectProps) {
  const id = value === '' || value == null ? null : Number(value);
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<CustomerOption | null>(null);
  const searched = useDebounced(typed, CUSTOMER_SEARCH_DELAY_MS);
  const search = useCustomerSearch(searched);
  const results = search.data?.results ?? [];
  const known = id === null ? null : (results.find((c) => c.id === id) ?? (picked?.id === id ? picked : null));
  const lookup = useCustomer(known === null ? id : null);
  const source = known ?? lookup.data;
  const first = source?.first_name ?? fallbackText ?? `User #${id}`;
  const last = source?.last_name ?? '';
  const username = source?.username ?? String(id);
  const email = source?.email;
  // One object per customer and label: a new value object would make MUI reset what is being typed.
  const selected = useMemo(
    () => (id === null ? null : { id, first_name: first, last_name: last, username, email }),
    [id, first, last, username, email],
  );
  // The answer shown is for older text: narrow it here until the new one arrives.
  const stale = searched.trim() !== typed.trim() || search.isPlaceholderData;
  return (
    <Autocomplete
      fullWidth
      options={results}
      value={selected}
      onChange={(_, next) => {
        setPicked(next);
        onChange(next ? next.id : null);
      }}
      onInputChange={(_, text, reason) => setTyped(reason === 'input' ? text : '')}
      onBlur={onBlur}
      loading={search.isPending}
      disabled={disabled}
      getOptionLabel={customerLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(opts) => (stale ? matchingCustomers(opts, typed) : opts)}
      loadingText={CUSTOMER_SELECT_TEXT.loading}
      noOptionsText={stale || search.isFetching ? CUSTOMER_SELECT_TEXT.loading : CUSTOMER_SELECT_TEXT.none}
      slots={{ listbox: VirtualListbox, paper: CustomerPaper }}
      slotProps={{ paper: { more: !stale && !!search.data?.more } as PaperProps }}
      renderOption={(props, c, state) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box
            component="li"
            key={key}
            {...rest}
            aria-setsize={results.length}
            aria-posinset={state.index + 1}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important', justifyContent: 'center' }}
          >
            <Typography variant="body2" noWrap sx={{ maxWidth: '100%' }}>
              {customerLabel(c)}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: '100%' }}>
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
  fallbackText?: string;
  error?: Pick<FieldError, 'message'>;
}

/** The customer choice bound to a react-hook-form field, as every form with a 'User' uses it. */
export function CustomerFormField<T extends FieldValues>({ control, name, fallbackText, error }: CustomerFormFieldProps<T>) {
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
          fallbackText={fallbackText}
          error={!!error}
          helperText={error?.message}
        />
      )}
    />
  );
}
