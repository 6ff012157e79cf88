import { Button, CircularProgress, type ButtonProps } from '@mui/material';

export interface PendingSubmitButtonProps extends ButtonProps {
  /** While true the button is disabled and shows a spinner in place of its icon. */
  pending: boolean;
  /** The spinner's accessible name. */
  pendingLabel?: string;
}

/**
 * A form's contained submit button that cannot be pressed twice: disabled with a spinner while its
 * request is under way (besides whatever `disabled` says).
 */
export function PendingSubmitButton({ pending, pendingLabel = 'Saving', disabled, startIcon, ...props }: PendingSubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      {...props}
      disabled={pending || disabled}
      startIcon={pending ? <CircularProgress size={16} color="inherit" aria-label={pendingLabel} /> : startIcon}
    />
  );
}
