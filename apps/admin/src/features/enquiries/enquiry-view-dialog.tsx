import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from '@mui/material';
import type { Enquiry } from '@darkroom/contracts';
import { formatDateTime } from '../../components/format';

/** Reads one enquiry in full: the table cell only has room for the start of a message. */
export function EnquiryViewDialog({ enquiry, onClose }: { enquiry: Enquiry | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={!!enquiry} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {enquiry && (
        <>
          <DialogTitle id={titleId}>Enquiry from {enquiry.full_name}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={0.5} sx={{ mb: 2 }}>
              <Typography variant="body2">
                <Link href={`mailto:${enquiry.email}`}>{enquiry.email}</Link>
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(enquiry.time_created)}
              </Typography>
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{enquiry.message}</Typography>
          </DialogContent>
          <DialogActions>
            <Button href={`mailto:${enquiry.email}?subject=${encodeURIComponent('Re: your enquiry')}`}>Reply by email</Button>
            <Button onClick={onClose} variant="contained">
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
