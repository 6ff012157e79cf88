import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Paper,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Lightbox, { type Slide } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { COMMON_MESSAGES, GALLERY_MESSAGES, type GalleryPhoto, type GalleryType } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import {
  GalleryUploadDialog,
  PhotoGrid,
  readGalleryRef,
  useDeletePhotos,
  useGalleryLookup,
  useGalleryPhotos,
  useSaveOrder,
  type GridMode,
} from '../../components/gallery';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { PendingSubmitButton } from '../../components/pending-submit-button';

const TYPE_LABEL: Record<GalleryType, string> = {
  service: 'Service gallery',
  'love-story': 'Love story gallery',
  'client-gallery': 'Client gallery',
};

/** Lightbox slides with every WebP width, so it loads the size the screen needs. */
function toSlide(p: GalleryPhoto): Slide {
  const ratio = p.img_height / p.img_width;
  const srcSet = p.land_scape_img_view.srcset
    .split(', ')
    .filter(Boolean)
    .map((entry) => {
      const [src, w] = entry.split(' ');
      const width = parseInt(w ?? '0', 10);
      return { src: src!, width, height: Math.round(width * ratio) };
    });
  return { src: p.land_scape_img, alt: p.title || p.name, width: p.img_width, height: p.img_height, srcSet };
}

function Empty({ text }: { text: string }) {
  return (
    <Paper variant="outlined" sx={{ py: 10, textAlign: 'center', borderStyle: 'dashed' }}>
      <PhotoLibraryOutlinedIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {text}
      </Typography>
    </Paper>
  );
}

/**
 * /view-gallery: a gallery's photos. The type and id come from the navigation state; after a
 * reload or from a shared link, from the query (?service=, ?love-story=, ?client-gallery=) by
 * looking the name up. Modes: View (lightbox), Sort (drag, then Save), Delete (select, confirm).
 */
export default function ViewGalleryPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const notify = useNotify();
  const ref = useMemo(() => readGalleryRef(location.state, search), [location.state, search]);
  const lookup = useGalleryLookup(ref?.type ?? null, ref?.title ?? null, !!ref && ref.id === null);
  const id = ref?.id ?? lookup.data?.id ?? null;
  const type = ref?.type ?? 'service';
  const title = ref?.title || lookup.data?.title || '';
  const photos = useGalleryPhotos(type, id);
  const save = useSaveOrder(type, id ?? 0);
  const remove = useDeletePhotos(type, id ?? 0);

  const [mode, setMode] = useState<GridMode>('view');
  const [order, setOrder] = useState<GalleryPhoto[] | null>(null);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [lightbox, setLightbox] = useState(-1);
  const [confirming, setConfirming] = useState(false);
  const [uploading, setUploading] = useState(false);

  const list = useMemo(() => order ?? photos.data ?? [], [order, photos.data]);
  // Built when the lightbox first opens, not on every load of a 5,000-photo gallery.
  const lightboxOpen = lightbox >= 0;
  const slides = useMemo(() => (lightboxOpen ? (photos.data ?? []).map(toSlide) : []), [photos.data, lightboxOpen]);
  const dirty = !!order && order.some((p, i) => p.id !== photos.data?.[i]?.id);

  // A refresh may remove photos: only ids still in the gallery count as selected.
  const liveSelected = useMemo(() => {
    const present = new Set((photos.data ?? []).map((p) => p.id));
    return new Set(Array.from(selected).filter((i) => present.has(i)));
  }, [selected, photos.data]);

  const changeMode = (next: GridMode | null) => {
    if (!next) return;
    setMode(next);
    setOrder(null);
    setSelected(new Set());
  };
  const onMove = useCallback(
    (from: number, to: number) =>
      setOrder((prev) => {
        const next = [...(prev ?? photos.data ?? [])];
        const [moved] = next.splice(from, 1);
        next.splice(to, 0, moved!);
        return next;
      }),
    [photos.data],
  );
  const onToggle = useCallback(
    (pid: number) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (!next.delete(pid)) next.add(pid);
        return next;
      }),
    [],
  );
  const onOpen = useCallback((index: number) => setLightbox(index), []);

  const saveOrder = async () => {
    if (!order) return;
    try {
      await save.mutateAsync(order.map((p) => p.id));
      notify(GALLERY_MESSAGES.orderSaved, 'success');
      setOrder(null);
    } catch {
      notify(GALLERY_MESSAGES.orderFailed, 'error');
    }
  };
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(Array.from(liveSelected));
      notify(GALLERY_MESSAGES.deleted, 'success');
      setSelected(new Set());
    } catch {
      notify(GALLERY_MESSAGES.deleteFailed, 'error');
    } finally {
      setConfirming(false);
    }
  };

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)}>
      Back
    </Button>
  );
  const actions = (
    <>
      {back}
      {id && (
        <Button variant="contained" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => setUploading(true)}>
          Upload photos
        </Button>
      )}
    </>
  );

  if (!ref) {
    return (
      <>
        <PageHeader title="Gallery" actions={back} />
        <Empty text={GALLERY_MESSAGES.noGallery} />
      </>
    );
  }
  const lookupMissing = lookup.error instanceof ApiError && lookup.error.status === 404;
  const photosMissing = photos.error instanceof ApiError && photos.error.status === 404;
  if (lookupMissing || photosMissing) {
    return (
      <>
        <PageHeader title={title || 'Gallery'} actions={back} />
        <Empty text={GALLERY_MESSAGES.noGalleryFor(ref.title)} />
      </>
    );
  }
  const loading = lookup.isLoading || photos.isLoading;
  const count = photos.data?.length ?? 0;
  const allSelected = count > 0 && liveSelected.size === count;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${TYPE_LABEL[type]}${photos.data ? ` · ${count} photo${count === 1 ? '' : 's'}` : ''}`}
        actions={actions}
      />
      {(lookup.error && !lookupMissing) || (photos.error && !photosMissing) ? (
        <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>
      ) : loading ? (
        <Box
          aria-busy="true"
          aria-label={COMMON_MESSAGES.fetching}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: '4px' }}
        >
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} variant="rectangular" sx={{ aspectRatio: '1', height: 'auto', m: '2px' }} />
          ))}
        </Box>
      ) : !count ? (
        // A named gallery that is empty: the spec's page variant names it.
        <Empty text={title ? GALLERY_MESSAGES.noGalleryFor(title) : GALLERY_MESSAGES.noGallery} />
      ) : (
        <>
          <Paper
            variant="outlined"
            sx={{
              position: 'sticky',
              top: { xs: 56, sm: 64 },
              zIndex: 2,
              mb: 1.5,
              px: 2,
              py: 1,
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              flexWrap: 'wrap',
            }}
          >
            <ToggleButtonGroup
              exclusive
              size="small"
              value={mode}
              onChange={(_e, v: GridMode | null) => changeMode(v)}
              aria-label="Gallery mode"
            >
              <ToggleButton value="view" aria-label="View">
                <VisibilityOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} />
                View
              </ToggleButton>
              <ToggleButton value="sort" aria-label="Sort">
                <SwapHorizIcon fontSize="small" sx={{ mr: 0.75 }} />
                Sort
              </ToggleButton>
              <ToggleButton value="delete" aria-label="Delete">
                <DeleteOutlineIcon fontSize="small" sx={{ mr: 0.75 }} />
                Delete
              </ToggleButton>
            </ToggleButtonGroup>
            <Box sx={{ flex: 1, minWidth: 160 }}>
              {mode === 'view' && (
                <Typography variant="body2" color="text.secondary">
                  Click a photo to open it
                </Typography>
              )}
              {mode === 'sort' && (
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  {GALLERY_MESSAGES.dragToRearrange}
                </Typography>
              )}
              {mode === 'delete' && (
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  {GALLERY_MESSAGES.selectToDelete}
                </Typography>
              )}
            </Box>
            {mode === 'sort' && (
              <Stack direction="row" spacing={1}>
                <Button onClick={() => setOrder(null)} disabled={!dirty || save.isPending}>
                  Reset
                </Button>
                <PendingSubmitButton
                  type="button"
                  onClick={() => void saveOrder()}
                  pending={save.isPending}
                  disabled={!dirty}
                  startIcon={<SaveOutlinedIcon />}
                >
                  Save
                </PendingSubmitButton>
              </Stack>
            )}
            {mode === 'delete' && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={allSelected}
                      indeterminate={liveSelected.size > 0 && !allSelected}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(photos.data!.map((p) => p.id)))}
                    />
                  }
                  label="Select all"
                />
                <Button
                  variant="contained"
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  disabled={!liveSelected.size}
                  onClick={() => setConfirming(true)}
                >
                  {liveSelected.size ? `Delete (${liveSelected.size})` : 'Delete'}
                </Button>
              </Stack>
            )}
          </Paper>
          <PhotoGrid photos={list} mode={mode} selected={liveSelected} onToggle={onToggle} onOpen={onOpen} onMove={onMove} />
        </>
      )}
      <Lightbox open={lightboxOpen} index={Math.max(0, lightbox)} close={() => setLightbox(-1)} slides={slides} plugins={[Counter]} />
      {id && <GalleryUploadDialog open={uploading} onClose={() => setUploading(false)} type={type} parentId={id} name={title} />}
      <DeleteConfirmDialog
        open={confirming}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
        detail={`${liveSelected.size} photo${liveSelected.size === 1 ? '' : 's'} will be removed from this gallery.`}
      />
    </>
  );
}
