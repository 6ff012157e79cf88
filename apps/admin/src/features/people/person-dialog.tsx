import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { PEOPLE_MESSAGES, personCreateSchema, personEditSchema, type PersonAccount, type PersonCreated } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { FormTextField } from '../../components/form-text-field';
import { FormDialog } from '../../components/form-dialog';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { KIND_TEXT, PERSON_FIELDS, useCreatePerson, useUpdatePerson, type PersonChanges, type PersonKind } from './api';

interface PersonFormValues {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  phone: string;
  is_active: boolean;
}

export interface PersonDialogProps {
  kind: PersonKind;
  /** The account being viewed/edited; absent when creating. */
  person?: PersonAccount;
  /** True when `person` is the signed-in admin (who cannot deactivate themself). */
  isSelf?: boolean;
  onClose: () => void;
  /** Called after an admin's create, with the one-time temporary password. */
  onCreated?: (created: PersonCreated) => void;
}

/** Create, view and edit a user or an admin. Username is required on create only. */
export function PersonDialog({ kind, person, isSelf = false, onClose, onCreated }: PersonDialogProps) {
  const text = KIND_TEXT[kind];
  const create = useCreatePerson(kind);
  const update = useUpdatePerson(kind);
  const schema = person ? personEditSchema : personCreateSchema;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { isDirty, errors, isSubmitting },
  } = useForm<PersonFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<PersonFormValues>,
    mode: 'onBlur',
    defaultValues: {
      first_name: person?.first_name ?? '',
      last_name: person?.last_name ?? '',
      email: person?.email ?? '',
      username: person?.username ?? '',
      phone: person?.phone ?? '',
      is_active: person?.is_active ?? true,
    },
  });

  const { run } = useFormDialogSubmit({
    editing: !!person,
    onClose,
    setError,
    fields: PERSON_FIELDS,
    created: text.created,
    updated: text.updated,
    failureMessage: (err) => {
      // A 400's messages go under the fields; the notification says the spec's failure message.
      const fallback = person ? text.updateFailed : text.createFailed;
      return failureMessage(err, { fallback, badRequest: fallback });
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (person) {
      // The spec leaves email and phone out of the request when they did not change.
      const changes: PersonChanges = { first_name: values.first_name, last_name: values.last_name };
      if (values.email !== person.email) changes.email = values.email;
      if (values.phone !== person.phone) changes.phone = values.phone;
      if (values.username && values.username !== person.username) changes.username = values.username;
      if (values.is_active !== person.is_active) changes.is_active = values.is_active;
      await run(() => update.mutateAsync({ id: person.id, changes }));
    } else {
      const { first_name, last_name, email, username, phone } = values;
      const created = await run(() => create.mutateAsync({ first_name, last_name, email, username, phone }));
      // Only an admin's create answers a temporary password: customers never sign in.
      if (created && 'temporary_password' in created) onCreated?.(created);
    }
  });

  const field = (
    name: Exclude<keyof PersonFormValues, 'is_active'>,
    label: string,
    opts: { type?: string; autoComplete?: string; required?: boolean; helper?: string } = {},
  ) => {
    return (
      <FormTextField
        registration={register(name)}
        label={label}
        type={opts.type}
        autoComplete={opts.autoComplete ?? 'off'}
        required={opts.required ?? true}
        fullWidth
        error={errors[name]}
        helperText={opts.helper}
      />
    );
  };

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={person ? text.editTitle : text.createTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={person ? 'Update' : 'Submit'}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('first_name', 'First name')}
        {field('last_name', 'Last name')}
      </Stack>
      {field('email', 'Email Address', { type: 'email' })}
      {field('username', 'Username', {
        required: !person,
        helper: person
          ? 'Leave blank to keep the current username'
          : kind === 'admin'
            ? 'Used to sign in; letters, numbers and @ . + - _'
            : 'A unique name for this customer; letters, numbers and @ . + - _',
      })}
      {field('phone', 'Phone', { type: 'tel' })}
      {person && (
        <Controller
          name="is_active"
          control={control}
          render={({ field: f }) => (
            <div>
              <FormControlLabel
                control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} onBlur={f.onBlur} disabled={isSelf} />}
                label={f.value ? PEOPLE_MESSAGES.statusActive : PEOPLE_MESSAGES.statusInactive}
              />
              <FormHelperText error={!!errors.is_active}>
                {errors.is_active?.message ??
                  (isSelf
                    ? PEOPLE_MESSAGES.cannotDeactivateSelf
                    : kind === 'admin'
                      ? 'An inactive admin cannot sign in; deactivating signs them out everywhere.'
                      : 'Inactive accounts are kept but cannot be used.')}
              </FormHelperText>
            </div>
          )}
        />
      )}
      {!person && (
        <FormHelperText>
          {kind === 'admin'
            ? 'A temporary password is generated and shown to you once, for you to pass on: it is never e-mailed. The new admin gets a welcome e-mail with the username.'
            : 'Customers never sign in: their details are for delivering their galleries and keeping in touch. No e-mail is sent.'}
        </FormHelperText>
      )}
    </FormDialog>
  );
}
