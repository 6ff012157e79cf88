import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import LinkIcon from '@mui/icons-material/Link';
import { CLIENT_GALLERY_MESSAGES, CLIENT_GALLERY_PUBLISH_LABEL, type ClientGallery } from '@darkroom/contracts';
import { CrudCardPage } from '../../components/crud-card-page';
import { openGalleryViewer } from '../../components/gallery';
import { useClientGalleries, useDeleteClientGallery, usePublishClientGallery } from './api';
import { ClientGalleryDialog } from './client-gallery-dialog';
import { DeliveryDialog } from './delivery-dialog';
import { clientPhotosPath } from './paths';

/**
 * Hidden from sight, read by screen readers (the heart's meaning). Sizes are strings: in `sx` a
 * number up to 1 is a fraction, and `width: 1` made the span as wide as the page, which then
 * scrolled sideways by a card's offset.
 */
const srOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export const favouritesText = (n: number) => `${n} favourite${n === 1 ? '' : 's'}`;

/** The customer's favourites on a card: a heart and the count (its accessible name says what it counts). */
function FavouritesCount({ count }: { count: number }) {
  const Icon = count ? FavoriteIcon : FavoriteBorderIcon;
  return (
    <Typography
      variant="body2"
      color={count ? 'error.dark' : 'text.secondary'}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      data-testid="favourites-count"
    >
      <Icon fontSize="small" aria-hidden />
      <span aria-hidden>{count}</span>
      <Box component="span" sx={srOnly}>
        {favouritesText(count)}
      </Box>
    </Typography>
  );
}

/** /Client-gallery: every client gallery as a card (four per row on wide screens) with its controls. */
export default function ClientGalleriesPage() {
  const navigate = useNavigate();
  const galleries = useClientGalleries();
  const publish = usePublishClientGallery();
  const remove = useDeleteClientGallery();
  const [deliveryId, setDeliveryId] = useState<number | null>(null);
  // The dialog reads the gallery from the list, so it shows each change once the list is refreshed.
  const delivering = galleries.data?.find((g) => g.id === deliveryId) ?? null;

  return (
    <CrudCardPage<ClientGallery>
      title="Client galleries"
      subtitle="Each customer's private gallery, with its photos and link."
      addLabel="Create client gallery"
      addIcon={<AddIcon />}
      items={galleries.data}
      loading={galleries.isLoading}
      error={galleries.error}
      emptyText={CLIENT_GALLERY_MESSAGES.empty}
      columns={{ xs: 12, sm: 6, md: 3 }}
      card={(g) => ({
        image: { url: g.cover_image, srcset: g.cover_image_view.srcset, placeholder: g.cover_image_view.placeholder ?? undefined },
        title: g.title,
        uppercaseTitle: true,
        subtitle: g.user_text || 'No user',
        extra: (
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between' }}>
            <FavouritesCount count={g.favourites_count} />
            <Button
              size="small"
              variant="outlined"
              startIcon={<LinkIcon />}
              onClick={() => setDeliveryId(g.id)}
              aria-label={`Delivery of ${g.title}`}
            >
              Delivery
            </Button>
          </Stack>
        ),
        onImageClick: () => openGalleryViewer(navigate, { type: 'client-gallery', id: g.id, title: g.title }),
        onManage: () => navigate(clientPhotosPath(g.id), { state: { id: g.id, title: g.title } }),
      })}
      publish={{ label: CLIENT_GALLERY_PUBLISH_LABEL, onChange: (g, status) => publish.mutateAsync({ id: g.id, status }) }}
      remove={{
        remove: (g) => remove.mutateAsync(g.id),
        deleted: CLIENT_GALLERY_MESSAGES.deleted,
        failed: CLIENT_GALLERY_MESSAGES.deleteFailed,
        detail: (g) => `"${g.title}" and all its photos will be removed.`,
      }}
      renderEditor={(gallery, onClose) => <ClientGalleryDialog gallery={gallery} onClose={onClose} />}
    >
      {delivering && <DeliveryDialog key={delivering.id} gallery={delivering} onClose={() => setDeliveryId(null)} />}
    </CrudCardPage>
  );
}
