import { useId, type ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  /** What happens when the admin confirms, said under the question. */
  detail?: ReactNode;
  onConfirm: () => unknown;
  onClose: () => void;
}

/** A yes/no question with a busy state; the publish toggle uses it for 'Confirm publish'. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  detail,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const detailId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={detail ? detailId : undefined}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {detail && (
        <DialogContent>
          <DialogContentText id={detailId}>{detail}</DialogContentText>
        </DialogContent>
      )}
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
