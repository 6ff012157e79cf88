import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { COMMON_MESSAGES } from '@darkroom/contracts';

/**
 * The 'Loading...' dialog shown while the sign-in page's or the signed-in shell's code loads,
 * drawn as the page dialog looks (backdrop, paper, spinner) without MUI's Dialog: its modal,
 * focus trap, portal and transitions would be part of every page's first download. Nothing on
 * the page is usable yet, so there is no focus to trap.
 */
export function LoadingScreen() {
  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-labelledby="loading-screen-title"
      sx={{ position: 'fixed', inset: 0, zIndex: 'modal', display: 'grid', placeItems: 'center', bgcolor: 'rgba(0, 0, 0, 0.5)' }}
    >
      <Paper elevation={24} sx={{ px: 4, py: 3, m: 4, display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={28} />
        <Typography id="loading-screen-title">{COMMON_MESSAGES.loading}</Typography>
      </Paper>
    </Box>
  );
}
