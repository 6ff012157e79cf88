import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import type { Service } from '@darkroom/contracts';
import { GalleryTable } from '../../components/gallery';
import { openManageGallery } from './manage-gallery-link';

/** Manage: the service's gallery entries in a table, with the way to its full gallery page. */
export function ServiceGalleryDialog({ service, onClose }: { service: Service; onClose: () => void }) {
  const titleId = useId();
  const navigate = useNavigate();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {service.name} gallery
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <GalleryTable type="service" parentId={service.id} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" startIcon={<PhotoLibraryOutlinedIcon />} onClick={() => openManageGallery(navigate, service)}>
          Upload and manage photos
        </Button>
      </DialogActions>
    </Dialog>
  );
}
