import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Stack, Typography } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CollectionsOutlinedIcon from '@mui/icons-material/CollectionsOutlined';
import type { GalleryType } from '@darkroom/contracts';
import { useGalleryPhotos } from './gallery-api';
import { GalleryTable } from './lazy-gallery-table';
import type { GalleryTableExtras } from './gallery-table';
import { GalleryUploadDialog } from './gallery-upload-dialog';
import { openGalleryViewer } from './open-gallery-viewer';

export interface GalleryManagerProps {
  type: GalleryType;
  parentId: number;
  /** The service's name or the story's/client gallery's title. */
  name: string;
  /** More controls beside Upload. */
  toolbar?: ReactNode;
  /** When set, the table shows only these photo ids. */
  only?: ReadonlySet<number> | null;
  /** What the area adds to the table (columns, actions on the selection). */
  table?: GalleryTableExtras;
}

/** A gallery's management block: upload, open the viewer, and the photo table with bulk delete. */
export function GalleryManager({ type, parentId, name, toolbar, only, table }: GalleryManagerProps) {
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const photos = useGalleryPhotos(type, parentId);
  const count = photos.data?.length;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {count === undefined ? '' : `${count} photo${count === 1 ? '' : 's'}`}
        </Typography>
        {toolbar}
        <Button
          variant="outlined"
          startIcon={<CollectionsOutlinedIcon />}
          onClick={() => openGalleryViewer(navigate, { type, id: parentId, title: name })}
          disabled={!count}
        >
          View gallery
        </Button>
        <Button variant="contained" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => setUploading(true)}>
          Upload photos
        </Button>
      </Stack>
      <GalleryTable type={type} parentId={parentId} only={only} {...table} />
      <GalleryUploadDialog open={uploading} onClose={() => setUploading(false)} type={type} parentId={parentId} name={name} />
    </Box>
  );
}
