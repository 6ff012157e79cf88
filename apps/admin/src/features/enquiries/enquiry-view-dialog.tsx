import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ENQUIRY_LIMITS,
  ENQUIRY_MESSAGES,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type Enquiry,
  type EnquiryStatus,
} from '@darkroom/contracts';
import { failureMessage, fieldErrorsOf } from '../../api/failure';
import { formatDateTime } from '../../components/format';
import { useNotify } from '../../components/notify';
import { useReplyToEnquiry, useUpdateEnquiry } from './api';
import { ConvertDialog } from './convert-dialog';
import { formatEventDate, StatusChip } from './enquiry-status';
import { PendingSubmitButton } from '../../components/pending-submit-button';

const MAIL_STATUS = { queued: 'Queued', sent: 'Sent', failed: 'Not delivered' } as const;

/** One enquiry in full, and the studio's work on it: status, notes, replies by e-mail, conversion to a customer. */
export function EnquiryViewDialog({
  enquiry,
  onClose,
  onChanged,
}: {
  enquiry: Enquiry | null;
  onClose: () => void;
  /** The enquiry as a change left it (it may have left the filtered page it was opened from). */
  onChanged: (enquiry: Enquiry) => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={!!enquiry} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      {enquiry && <EnquiryDetail key={enquiry.id} enquiry={enquiry} titleId={titleId} onClose={onClose} onChanged={onChanged} />}
    </Dialog>
  );
}

function EnquiryDetail({
  enquiry,
  titleId,
  onClose,
  onChanged,
}: {
  enquiry: Enquiry;
  titleId: string;
  onClose: () => void;
  onChanged: (enquiry: Enquiry) => void;
}) {
  const notify = useNotify();
  const update = useUpdateEnquiry();
  const reply = useReplyToEnquiry();
  const [notes, setNotes] = useState(enquiry.notes);
  const [subject, setSubject] = useState('Re: your enquiry');
  const [message, setMessage] = useState('');
  const [replyErrors, setReplyErrors] = useState<Record<string, string[]>>({});
  const [converting, setConverting] = useState(false);

  const patch = async (change: { status?: EnquiryStatus; notes?: string }) => {
    try {
      onChanged(await update.mutateAsync({ id: enquiry.id, patch: change }));
      notify(ENQUIRY_MESSAGES.updated, 'success');
    } catch (err) {
      notify(failureMessage(err, { fallback: ENQUIRY_MESSAGES.updateFailed, fields: ['status', 'notes'] }));
    }
  };
  const sendReply = async () => {
    setReplyErrors({});
    try {
      onChanged(await reply.mutateAsync({ id: enquiry.id, reply: { subject, message } }));
      setMessage('');
      notify(ENQUIRY_MESSAGES.replyQueued, 'success');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.subject || fields.message) setReplyErrors(fields);
      else notify(failureMessage(err, { fallback: ENQUIRY_MESSAGES.replyFailed }));
    }
  };
  const details: [string, string][] = (
    [
      ['Phone', enquiry.phone],
      ['Event date', formatEventDate(enquiry.event_date)],
      ['Venue or location', enquiry.venue],
      ['Service', enquiry.service_name],
      ['Budget', enquiry.budget],
      ['Heard of us from', enquiry.heard_from],
    ] as [string, string][]
  ).filter(([, v]) => v);

  return (
    <>
      <DialogTitle id={titleId} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        Enquiry from {enquiry.full_name} <StatusChip status={enquiry.status} />
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={0.5} sx={{ mb: 2 }}>
          <Typography variant="body2">
            <Link href={`mailto:${enquiry.email}`}>{enquiry.email}</Link>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Received {formatDateTime(enquiry.time_created)}
            {enquiry.acknowledged ? ' · acknowledgement sent' : ''}
          </Typography>
        </Stack>
        {details.length > 0 && (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
            {details.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 3 }}>{enquiry.message}</Typography>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label="Status"
            value={enquiry.status}
            onChange={(e) => void patch({ status: e.target.value as EnquiryStatus })}
            disabled={update.isPending}
            sx={{ minWidth: 160 }}
          >
            {ENQUIRY_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {ENQUIRY_STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }}>
            {enquiry.customer !== null ? (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 40 }}>
                <Typography variant="body2">Customer created.</Typography>
                <Link component={RouterLink} to="/Manage-users">
                  Open users
                </Link>
                {enquiry.client_gallery !== null && (
                  <Link component={RouterLink} to="/Client-gallery">
                    Open client galleries
                  </Link>
                )}
              </Stack>
            ) : (
              <Button variant="outlined" onClick={() => setConverting(true)}>
                Convert to customer
              </Button>
            )}
          </Box>
        </Stack>

        <TextField
          label="Notes"
          multiline
          minRows={2}
          fullWidth
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          slotProps={{ htmlInput: { maxLength: ENQUIRY_LIMITS.notes } }}
          helperText="Only the studio sees these."
        />
        <Box sx={{ mt: 1, mb: 3 }}>
          <Button onClick={() => void patch({ notes })} disabled={update.isPending || notes === enquiry.notes}>
            Save notes
          </Button>
        </Box>

        <Divider sx={{ mb: 2 }} />
        <Typography variant="h6" component="h3" gutterBottom>
          Replies
        </Typography>
        {enquiry.replies.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            No reply sent from the portal yet.
          </Typography>
        ) : (
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} aria-label="Replies sent">
            {enquiry.replies.map((r) => (
              <Box component="li" key={r.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                <Typography variant="subtitle2">{r.subject}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(r.time_created)}
                  {r.sent_by ? ` · ${r.sent_by}` : ''}
                  {r.mail_status ? ` · ${MAIL_STATUS[r.mail_status]}` : ''}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {r.message}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
        <Stack
          spacing={1.5}
          component="form"
          noValidate
          aria-label="Reply by email"
          onSubmit={(e) => {
            e.preventDefault();
            void sendReply();
          }}
        >
          <TextField
            size="small"
            label="Subject"
            required
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            error={!!replyErrors.subject}
            helperText={replyErrors.subject?.[0]}
            slotProps={{ htmlInput: { maxLength: ENQUIRY_LIMITS.replySubject } }}
          />
          <TextField
            label="Reply"
            required
            multiline
            minRows={4}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={!!replyErrors.message}
            helperText={replyErrors.message?.[0] ?? `Sent by e-mail to ${enquiry.email}.`}
            slotProps={{ htmlInput: { maxLength: ENQUIRY_LIMITS.replyMessage } }}
          />
          <Box>
            <PendingSubmitButton pending={reply.isPending}>Send reply</PendingSubmitButton>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ConvertDialog enquiry={enquiry} open={converting} onClose={() => setConverting(false)} onConverted={onChanged} />
    </>
  );
}
