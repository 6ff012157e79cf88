import { useId } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

export interface ImagePreviewDialogProps {
  open: boolean;
  src: string | null | undefined;
  title?: string;
  onClose: () => void;
}

/** Click-to-enlarge preview used by cards and tables (spec: a preview dialog with a 'Close' button). */
export function ImagePreviewDialog({ open, src, title, onClose }: ImagePreviewDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="lg"
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : 'Image preview'}
    >
      {title && <DialogTitle id={titleId}>{title}</DialogTitle>}
      <DialogContent sx={{ p: title ? undefined : 2, display: 'flex', justifyContent: 'center', bgcolor: 'action.hover' }}>
        {src && (
          <Box
            component="img"
            src={src}
            alt={title ?? 'Preview'}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain', borderRadius: 1 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
