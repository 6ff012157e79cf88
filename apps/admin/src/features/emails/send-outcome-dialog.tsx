import { useId } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import type { EmailRecipientResult, SendEmailResult } from '@darkroom/contracts';

const SEVERITY = { queued: 'info', sent: 'success', partial: 'warning', failed: 'error' } as const;

function where(r: EmailRecipientResult): string {
  if (r.status === 'queued') return 'Queued: the list of sent e-mails shows when it went out';
  if (r.status === 'failed') return `Not sent: ${r.detail}`;
  return r.delivered === 'outbox' ? `Saved to the outbox (${r.detail}); no mail server is configured` : 'Delivered to the mail server';
}

/** What happened to each recipient of the last send. */
export function SendOutcomeDialog({ result, onClose }: { result: SendEmailResult | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={!!result} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {result && (
        <>
          <DialogTitle id={titleId}>{result.subject}</DialogTitle>
          <DialogContent dividers>
            <Alert severity={SEVERITY[result.status]} sx={{ mb: 1 }}>
              {result.detail}
            </Alert>
            <List dense aria-label="Recipients">
              {result.results.map((r) => (
                <ListItem key={r.id} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {r.status === 'queued' ? (
                      <ScheduleOutlinedIcon color="info" aria-label="Queued" />
                    ) : r.status === 'sent' ? (
                      <CheckCircleOutlineIcon color="success" aria-label="Sent" />
                    ) : (
                      <ErrorOutlineIcon color="error" aria-label="Failed" />
                    )}
                  </ListItemIcon>
                  <ListItemText primary={`${r.name} <${r.email}>`} secondary={where(r)} />
                </ListItem>
              ))}
            </List>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} autoFocus>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
