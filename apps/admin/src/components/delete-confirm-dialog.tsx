import { useId } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { COMMON_MESSAGES } from '@darkroom/contracts';

export interface DeleteConfirmDialogProps {
  open: boolean;
  /** True while the delete call runs: both buttons are disabled and Esc does nothing. */
  busy?: boolean;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
  /** Optional extra line under the question, e.g. what is about to be deleted. */
  detail?: string;
  /** The delete cannot go ahead (the detail says why): 'Yes, Delete' is disabled. */
  blocked?: boolean;
}

/** Every delete in the portal asks first (spec: 'Are you sure you want to delete?'). */
export function DeleteConfirmDialog({ open, busy = false, onConfirm, onClose, detail, blocked = false }: DeleteConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth role="alertdialog">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <DeleteOutlineIcon color="error" aria-hidden />
        {COMMON_MESSAGES.deleteConfirm}
      </DialogTitle>
      {detail && (
        <DialogContent>
          <Typography variant="body2" color={blocked ? 'error' : 'text.secondary'} data-testid="delete-detail">
            {detail}
          </Typography>
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {COMMON_MESSAGES.deleteCancel}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void onConfirm()}
          disabled={busy || blocked}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label="Deleting" /> : undefined}
        >
          {COMMON_MESSAGES.deleteYes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
