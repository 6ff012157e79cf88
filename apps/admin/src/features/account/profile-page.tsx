import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Box, Paper, Stack, TextField, Typography } from '@mui/material';
import { ACCOUNT_MESSAGES, displayName, profileSchema, type ProfileFormValues, type UserDetails } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { applyFieldErrors } from '../../components/form-errors';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { updateSessionUser } from '../../app/session';
import { useSession } from '../../app/use-session';
import { useUpdateProfile, type ProfileChanges } from './api';
import { PendingSubmitButton } from '../../components/pending-submit-button';

const FIELDS = ['first_name', 'last_name', 'email', 'phone'];

/** /UserProfile: the signed-in admin's own name, email and phone. */
export default function ProfilePage() {
  const session = useSession();
  if (!session) return null;
  // Remount with fresh defaults whenever the stored user changes (e.g. after a save).
  const user = session.userDetail;
  return <ProfileForm key={`${user.id}:${user.first_name}:${user.last_name}:${user.email}:${user.phone}`} user={user} />;
}

function ProfileForm({ user }: { user: UserDetails }) {
  const notify = useNotify();
  const update = useUpdateProfile();
  const schema = useMemo(() => profileSchema({ email: user.email, phone: user.phone }), [user.email, user.phone]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<ProfileFormValues>,
    mode: 'onBlur',
    defaultValues: { first_name: user.first_name, last_name: user.last_name, email: user.email, phone: user.phone },
  });

  const onSubmit = handleSubmit(async (values) => {
    // Email and phone go only when changed (and a blank one keeps what is on file).
    const changes: ProfileChanges = { first_name: values.first_name, last_name: values.last_name };
    if (values.email && values.email !== user.email) changes.email = values.email;
    if (!user.email) changes.email = values.email;
    if (values.phone && values.phone !== user.phone) changes.phone = values.phone;
    if (!user.phone) changes.phone = values.phone;
    try {
      const res = await update.mutateAsync({ id: user.id, changes });
      updateSessionUser(res.userDetails);
      notify(ACCOUNT_MESSAGES.profileUpdated, 'success');
    } catch (err) {
      applyFieldErrors(err, setError, FIELDS);
      // Field messages go under the fields; the notification is the area's text or a refusal's reason.
      notify(
        failureMessage(err, { fallback: ACCOUNT_MESSAGES.profileUpdateFailed, badRequest: ACCOUNT_MESSAGES.profileUpdateFailed }),
        'error',
      );
    }
  });

  const field = (
    name: keyof ProfileFormValues,
    label: string,
    opts: { type?: string; autoComplete: string; required: boolean; keep?: string },
  ) => {
    const { ref, ...rest } = register(name);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        label={label}
        type={opts.type}
        autoComplete={opts.autoComplete}
        required={opts.required}
        fullWidth
        error={!!errors[name]}
        helperText={errors[name]?.message ?? (opts.keep ? `Left blank, ${opts.keep} stays on file` : undefined)}
      />
    );
  };

  const initials = `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase() || user.username[0]?.toUpperCase();

  return (
    <>
      <PageHeader title="My account" subtitle="Your name and contact details as other admins see them." />
      <Paper component="form" noValidate onSubmit={onSubmit} variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>{initials}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" noWrap>
              {displayName(user)}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              Signed in as {user.username}
            </Typography>
          </Box>
        </Stack>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('first_name', 'First name', { autoComplete: 'given-name', required: true })}
            {field('last_name', 'Last name', { autoComplete: 'family-name', required: true })}
          </Stack>
          {field('email', 'Email', {
            type: 'email',
            autoComplete: 'email',
            required: !user.email,
            keep: user.email ? user.email : undefined,
          })}
          {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', required: !user.phone, keep: user.phone ? user.phone : undefined })}
          <TextField
            label="Username"
            value={user.username}
            fullWidth
            disabled
            helperText="Usernames are changed under Admins."
            // A disabled field's help text is greyed below readable contrast; this one is information.
            slotProps={{ formHelperText: { sx: { color: 'text.secondary', '&.Mui-disabled': { color: 'text.secondary' } } } }}
          />
          <Box>
            <PendingSubmitButton pending={isSubmitting} disabled={!isDirty}>
              Update profile
            </PendingSubmitButton>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
