import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export interface EmptyStateProps {
  /** The message, e.g. 'No data found'. */
  children: ReactNode;
  /** A large muted icon above the message. */
  icon?: ReactNode;
  /** A call to action under the message (e.g. the create button). */
  action?: ReactNode;
}

/** What a list or page shows when there is nothing yet: a dashed box with the message. */
export function EmptyState({ children, icon, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        py: 8,
        px: 2,
        textAlign: 'center',
        color: 'text.secondary',
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 2,
        display: 'grid',
        justifyItems: 'center',
        gap: 2,
      }}
    >
      {icon}
      <Typography>{children}</Typography>
      {action}
    </Box>
  );
}
