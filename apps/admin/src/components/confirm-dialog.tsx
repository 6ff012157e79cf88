import { useId } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => unknown;
  onClose: () => void;
}

/** A yes/no question with a busy state; the publish toggle uses it for 'Confirm publish'. */
export function ConfirmDialog({ open, title, confirmLabel, cancelLabel = 'Cancel', busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          onClick={() => void onConfirm()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label="Working" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
