import { useId } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  ImageList,
  ImageListItem,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { LOVE_STORY_DESCRIPTION_KEYS, readLoveStoryDescription, type LoveStory } from '@darkroom/contracts';
import { ProgressiveImage, useGalleryPhotos } from '../../components/gallery';

export interface LoveStoryDetailsDialogProps {
  story: LoveStory | null;
  onClose: () => void;
  onOpenGallery: (story: LoveStory) => void;
  onManage: (story: LoveStory) => void;
}

/** The story as a reader sees it: cover, title, the five descriptions and the gallery. */
export function LoveStoryDetailsDialog({ story, onClose, onOpenGallery, onManage }: LoveStoryDetailsDialogProps) {
  const titleId = useId();
  const photos = useGalleryPhotos('love-story', story?.id ?? null);
  const description = story ? readLoveStoryDescription(story.description) : null;
  return (
    <Dialog open={!!story} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      {story && description && (
        <>
          <DialogTitle id={titleId} sx={{ pr: 6 }}>
            {story.title}
            <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          {/* It scrolls when the window is short and holds nothing focusable: focusable itself, the
              keyboard can scroll it (axe: scrollable-region-focusable). */}
          <DialogContent dividers tabIndex={0}>
            <Box
              component="img"
              src={story.land_scape_image || story.cover_image}
              alt={`${story.title} cover`}
              sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'action.hover' }}
            />
            <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap' }}>
              {story.user_text && <Chip size="small" label={story.user_text} />}
              <Chip
                size="small"
                color={story.status ? 'success' : 'default'}
                variant={story.status ? 'filled' : 'outlined'}
                label={story.status ? 'Published' : 'Unpublished'}
              />
            </Stack>
            <Stack spacing={1.5} sx={{ mb: 3 }}>
              {LOVE_STORY_DESCRIPTION_KEYS.map((key, i) =>
                description[key] ? (
                  <Box key={key}>
                    <Typography variant="overline" color="text.secondary">
                      Description {i + 1}
                    </Typography>
                    <Typography variant="body1" sx={{ whiteSpace: 'pre-line' }}>
                      {description[key]}
                    </Typography>
                  </Box>
                ) : null,
              )}
            </Stack>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              Gallery{photos.data ? ` (${photos.data.length})` : ''}
            </Typography>
            {photos.isLoading ? (
              <Stack direction="row" spacing={1}>
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} variant="rectangular" width={120} height={90} />
                ))}
              </Stack>
            ) : photos.data?.length ? (
              <ImageList cols={4} gap={8} rowHeight={120} aria-label="Gallery photos">
                {photos.data.map((p) => (
                  <ImageListItem key={p.id}>
                    <ProgressiveImage view={p.land_scape_img_view} alt={p.title || p.name} sizes="210px" style={{ borderRadius: 4 }} />
                  </ImageListItem>
                ))}
              </ImageList>
            ) : (
              <Typography color="text.secondary">No photos yet. Use Manage to upload them.</Typography>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={() => onManage(story)}>Manage photos</Button>
            <Button onClick={() => onOpenGallery(story)} disabled={!photos.data?.length}>
              Open gallery
            </Button>
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
