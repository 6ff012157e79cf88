import { Box, CircularProgress, Dialog, Typography } from '@mui/material';
import { COMMON_MESSAGES } from '@darkroom/contracts';

/** Shown while a page's code loads. */
export function LoadingDialog() {
  return (
    <Dialog open aria-labelledby="loading-title" slotProps={{ paper: { sx: { px: 4, py: 3 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={28} />
        <Typography id="loading-title">{COMMON_MESSAGES.loading}</Typography>
      </Box>
    </Dialog>
  );
}
