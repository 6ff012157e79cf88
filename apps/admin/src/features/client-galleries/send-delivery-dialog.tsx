import { useState } from 'react';
import { Alert, TextField, Typography } from '@mui/material';
import { DELIVERY_MESSAGES, TEXT_MAX, type ClientGallery } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../components/form-dialog';
import { useNotify } from '../../components/notify';
import { clientGalleryFailure, useSendDelivery } from './api';
import { DELIVERY_TEXT } from './delivery-text';

/** E-mails the gallery's link to its customer, with an optional message from the admin. */
export function SendDeliveryDialog({ gallery, onClose }: { gallery: ClientGallery; onClose: () => void }) {
  const notify = useNotify();
  const sendLink = useSendDelivery();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noCustomer = gallery.user === null;

  const submit = async () => {
    if (message.length > TEXT_MAX.long) {
      setError(`Use at most ${TEXT_MAX.long} characters`);
      return;
    }
    try {
      const answer = await sendLink.mutateAsync({ id: gallery.id, message });
      notify(answer.detail || DELIVERY_MESSAGES.linkSent, 'success');
      onClose();
    } catch (err) {
      const field = err instanceof ApiError ? err.fields.message?.[0] : undefined;
      setError(field ?? null);
      notify(clientGalleryFailure(err, DELIVERY_MESSAGES.sendFailed, ['message']), 'error');
    }
  };

  return (
    <FormDialog
      open
      title="Send to customer"
      submitLabel="Send"
      onClose={onClose}
      onSubmit={() => submit()}
      busy={sendLink.isPending}
      dirty={message !== ''}
    >
      {!gallery.status && <Alert severity="warning">{DELIVERY_MESSAGES.notPublished}</Alert>}
      {noCustomer ? (
        <Alert severity="warning">{DELIVERY_MESSAGES.noCustomer}</Alert>
      ) : (
        <Typography variant="body2">
          The link to <strong>{gallery.title}</strong> is e-mailed to <strong>{gallery.user_text}</strong>.
        </Typography>
      )}
      <TextField
        label="Message (optional)"
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          setError(null);
        }}
        multiline
        minRows={4}
        fullWidth
        autoFocus
        error={!!error}
        helperText={error ?? 'Shown above the link in the e-mail.'}
        slotProps={{ htmlInput: { maxLength: TEXT_MAX.long } }}
      />
      <Alert severity="info">{gallery.delivery_password_set ? DELIVERY_TEXT.sendPasswordNote : DELIVERY_TEXT.sendNoPasswordNote}</Alert>
    </FormDialog>
  );
}
