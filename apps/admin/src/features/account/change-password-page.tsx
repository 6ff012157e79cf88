import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, IconButton, InputAdornment, Paper, Stack, TextField } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, changePasswordFormSchema, type ChangePasswordInput } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { applyFieldErrors } from '../../components/form-errors';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../app/use-session';
import { useChangePassword } from './api';
import { PendingSubmitButton } from '../../components/pending-submit-button';

const FIELDS = ['old_password', 'password', 'password2'];
/** A 400 shows the first non_field_errors entry (the spec), else the area's text. */
const PASSWORD_FAILURE = {
  fallback: ACCOUNT_MESSAGES.passwordUpdateFailed,
  fields: ['non_field_errors'],
  badRequest: ACCOUNT_MESSAGES.passwordUpdateFailed,
};

/** /Change-password: old, new and confirm; other sessions are signed out on success. */
export default function ChangePasswordPage() {
  const session = useSession();
  const notify = useNotify();
  const change = useChangePassword();
  const [show, setShow] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onBlur',
    defaultValues: { old_password: '', password: '', password2: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!session) return;
    try {
      await change.mutateAsync({ id: session.userDetail.id, values });
      notify(ACCOUNT_MESSAGES.passwordUpdated, 'success');
      reset();
    } catch (err) {
      applyFieldErrors(err, setError, FIELDS);
      // The spec shows the first non_field_errors entry; a refusal (403/429) shows its reason.
      notify(failureMessage(err, PASSWORD_FAILURE), 'error');
    }
  });

  const visibility = (
    <InputAdornment position="end">
      <IconButton aria-label={show ? 'Hide passwords' : 'Show passwords'} onClick={() => setShow((s) => !s)} edge="end" size="small">
        {show ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );

  const field = (name: keyof ChangePasswordInput, label: string, autoComplete: string, helper?: string, adornment = false) => {
    const { ref, ...rest } = register(name);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        label={label}
        type={show ? 'text' : 'password'}
        autoComplete={autoComplete}
        required
        fullWidth
        error={!!errors[name]}
        helperText={errors[name]?.message ?? helper}
        slotProps={adornment ? { input: { endAdornment: visibility } } : undefined}
      />
    );
  };

  return (
    <>
      <PageHeader title="Change password" subtitle="Your other sessions are signed out once the password changes." />
      <Paper component="form" noValidate onSubmit={onSubmit} variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 520 }}>
        <Stack spacing={2.5}>
          {field('old_password', 'Old password', 'current-password', undefined, true)}
          {field('password', 'New password', 'new-password', `At least ${PASSWORD_MIN_LENGTH} characters`)}
          {field('password2', 'Confirm password', 'new-password')}
          <Box>
            <PendingSubmitButton pending={isSubmitting}>Update password</PendingSubmitButton>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
