import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** The title row every screen starts with, with its actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      {/* On a phone the title has the row to itself and the actions wrap below it, so neither squeezes the other. */}
      <Box sx={{ flexGrow: 1, flexBasis: { xs: '100%', sm: 0 }, minWidth: 0 }}>
        {/* Smaller on a phone, so a title stays on one readable line. */}
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 600, fontSize: { xs: '1.15rem', sm: '1.5rem' }, lineHeight: 1.3, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
