import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Checkbox,
  Chip,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  TextField,
} from '@mui/material';
import {
  EMAIL_LIMITS,
  EMAIL_MESSAGES,
  EMAIL_RECIPIENT_MENU_MAX_HEIGHT,
  sendEmailFormSchema,
  type PersonAccount,
  type SendEmailFormValues,
  type SendEmailResult,
} from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { FormDialog } from '../../components/form-dialog';
import { applyFieldErrors } from '../../components/form-errors';
import { useNotify } from '../../components/notify';
import { personName } from '../../components/format';
import { useSendEmail } from './api';

export interface SendEmailDialogProps {
  open: boolean;
  admins: PersonAccount[];
  /** Recipients chosen beforehand (the rows selected in the table). */
  initialRecipients: number[];
  onClose: () => void;
  onSent: (result: SendEmailResult) => void;
}

const FIELDS = ['subject', 'message', 'recipients'];

/** 'Send Email': subject, body and admin recipients; it really sends, then reports the outcome. */
export function SendEmailDialog({ open, admins, initialRecipients, onClose, onSent }: SendEmailDialogProps) {
  const notify = useNotify();
  const send = useSendEmail();
  const labelId = useId();
  const helpId = useId();
  const byId = new Map(admins.map((a) => [a.id, a]));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { isDirty, errors },
  } = useForm<SendEmailFormValues>({
    resolver: zodResolver(sendEmailFormSchema),
    mode: 'onBlur',
    defaultValues: { subject: '', message: '', recipients: initialRecipients.filter((id) => byId.get(id)?.email) },
  });

  const submit = handleSubmit(async (values) => {
    try {
      onSent(await send.mutateAsync(values));
    } catch (err) {
      // A 400 shows under its fields and names the first problem; anything else is a failed send.
      applyFieldErrors(err, setError, FIELDS);
      notify(failureMessage(err, { fallback: EMAIL_MESSAGES.sendFailed, fields: FIELDS }), 'error');
    }
  });

  return (
    <FormDialog
      open={open}
      dirty={isDirty}
      title={EMAIL_MESSAGES.sendEmail}
      onClose={onClose}
      onSubmit={submit}
      busy={send.isPending}
      submitLabel="Send"
    >
      <Controller
        name="recipients"
        control={control}
        render={({ field, fieldState }) => (
          <FormControl fullWidth error={!!fieldState.error}>
            <InputLabel id={labelId}>Recipients</InputLabel>
            <Select<number[]>
              multiple
              labelId={labelId}
              value={field.value}
              onChange={(e) => field.onChange(typeof e.target.value === 'string' ? e.target.value.split(',').map(Number) : e.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              input={<OutlinedInput label="Recipients" />}
              aria-describedby={fieldState.error ? helpId : undefined}
              renderValue={(ids) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {ids.map((id) => (
                    <Chip key={id} size="small" label={byId.get(id) ? personName(byId.get(id)!) : `#${id}`} />
                  ))}
                </Box>
              )}
              MenuProps={{ slotProps: { paper: { sx: { maxHeight: EMAIL_RECIPIENT_MENU_MAX_HEIGHT } } } }}
            >
              {admins.map((a) => (
                <MenuItem key={a.id} value={a.id} disabled={!a.email}>
                  <Checkbox size="small" checked={field.value.includes(a.id)} sx={{ py: 0 }} />
                  <ListItemText primary={personName(a)} secondary={a.email || 'No email address'} />
                </MenuItem>
              ))}
            </Select>
            {fieldState.error && <FormHelperText id={helpId}>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <TextField
        label="Subject"
        fullWidth
        {...register('subject')}
        error={!!errors.subject}
        helperText={errors.subject?.message}
        slotProps={{ htmlInput: { maxLength: EMAIL_LIMITS.subject } }}
      />
      <TextField
        label="Body"
        fullWidth
        multiline
        minRows={6}
        maxRows={16}
        {...register('message')}
        error={!!errors.message}
        helperText={errors.message?.message}
      />
    </FormDialog>
  );
}
