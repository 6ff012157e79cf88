import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  type Breakpoint,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { ConfirmDialog } from './confirm-dialog';

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Called on submit (button or Enter); wire react-hook-form's handleSubmit(...) here. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  busy?: boolean;
  submitLabel?: string;
  maxWidth?: Breakpoint;
  /** Upload percentage while a file is sent (a bar under the fields); null or absent hides it. */
  progress?: number | null;
  /**
   * True when the form holds changes (react-hook-form's isDirty). Any input the admin types or
   * picks inside the form counts too, so a form is never thrown away without asking.
   */
  dirty?: boolean;
  children: ReactNode;
}

export const DISCARD_TITLE = 'Discard your changes?';

/**
 * Brings the field a refused submit focused into view. The first field with a message is focused,
 * but focusing the field that already has focus (the one typed in last: the submit button keeps
 * it) does not scroll, so an admin who had scrolled down to the image saw none of the messages above.
 */
function revealFocusedField(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const field = document.activeElement;
    if (form?.isConnected && field instanceof HTMLElement && form.contains(field)) field.scrollIntoView({ block: 'nearest' });
  });
}

/**
 * One create/edit dialog shape for every area: a real <form>, Cancel, and a busy-aware submit.
 * Esc and X ask before discarding a form with changes; Cancel discards.
 */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  busy = false,
  submitLabel = 'Submit',
  maxWidth = 'sm',
  progress = null,
  dirty = false,
  children,
}: FormDialogProps) {
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  // Esc and X may be pressed by accident: they ask first when the form has changes. Cancel is
  // the explicit 'throw this away' and closes at once.
  const close = (ask = true) => {
    if (busy) return;
    if (ask && (dirty || touched)) setAsking(true);
    else onClose();
  };
  return (
    <Dialog
      open={open}
      // A stray click on the backdrop must not throw away what was typed; Esc, X and Cancel close.
      onClose={(_event, reason) => reason !== 'backdropClick' && close()}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      <form
        ref={form}
        noValidate
        // A column, as the dialog's own children would be: the fields scroll between a title and
        // buttons that stay in view (the whole form scrolled, Submit below a long one on a phone).
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        onChange={() => setTouched(true)}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void Promise.resolve(onSubmit(e)).finally(() => revealFocusedField(form.current));
        }}
      >
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {title}
          <IconButton aria-label="Close" onClick={() => close()} disabled={busy} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent
          dividers
          // A field scrolled to the top edge (a refused submit, Tab) shows its floating label too.
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: 2.5, '& input, & textarea': { scrollMarginTop: 32 } }}
        >
          {children}
          {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            aria-busy={busy}
            // A message shown on the field's blur can grow the dialog and move this button before the
            // click lands (a lost click). Keeping focus in the field until the click completes avoids
            // that; the submit validates every field anyway. Keyboard (Enter/Space) is unaffected.
            onMouseDown={(e) => e.preventDefault()}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label="Saving" /> : undefined}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
      <ConfirmDialog
        open={asking}
        title={DISCARD_TITLE}
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
      />
    </Dialog>
  );
}
