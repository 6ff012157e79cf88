import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { GridRowId } from '@mui/x-data-grid';
import { GALLERY_MESSAGES, type GalleryPhoto, type GalleryType } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../data-table';
import { DeleteConfirmDialog } from '../delete-confirm-dialog';
import { ImagePreviewDialog } from '../image-preview-dialog';
import { failureMessage } from '../../api/failure';
import { useNotify } from '../notify';
import { useDeletePhotos, useGalleryPhotos } from './gallery-api';
import { PhotoThumb } from './photo-thumb';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

export interface GalleryTableProps {
  type: GalleryType;
  parentId: number;
  /** When set, only these photo ids are listed (e.g. a customer's favourites). */
  only?: ReadonlySet<number> | null;
  /** More columns after Name (e.g. the set of a client gallery's photo). */
  extraColumns?: DataTableColumn<GalleryPhoto>[];
  /** More actions on the selected photos beside Delete selected; `clear` empties the selection. */
  selectionActions?: (ids: number[], clear: () => void) => ReactNode;
}

/** What an area adds to its gallery's table. */
export type GalleryTableExtras = Pick<GalleryTableProps, 'extraColumns' | 'selectionActions'>;

/**
 * A gallery's photos as a table: #, Image, Name, Date Created, Action (View opens a preview);
 * search, multi-select and bulk delete behind the confirm dialog.
 */
export function GalleryTable({ type, parentId, only, extraColumns, selectionActions }: GalleryTableProps) {
  const notify = useNotify();
  const photos = useGalleryPhotos(type, parentId);
  const remove = useDeletePhotos(type, parentId);
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState<GalleryPhoto | null>(null);
  const rows = useMemo(() => (only && photos.data ? photos.data.filter((p) => only.has(p.id)) : photos.data), [only, photos.data]);

  const columns = useMemo<DataTableColumn<GalleryPhoto>[]>(
    () => [
      {
        field: 'image',
        headerName: 'Image',
        width: 110,
        render: (p) => (
          <Box sx={{ width: 72, height: 48, borderRadius: 0.5, overflow: 'hidden' }}>
            <PhotoThumb photo={p} alt={p.name} sizes="72px" />
          </Box>
        ),
      },
      {
        field: 'name',
        headerName: 'Name',
        flex: 2,
        text: (p) => p.name,
        // A failed photo says why under its name; a processing one says so in its image.
        render: (p) =>
          p.state === 'failed' ? (
            <Box>
              {p.name}
              <Typography variant="caption" color="error" component="div">
                {p.error}
              </Typography>
            </Box>
          ) : (
            p.name
          ),
      },
      ...(extraColumns ?? []),
      {
        field: 'time_created',
        headerName: 'Date Created',
        flex: 1,
        text: (p) => p.time_created,
        render: (p) => formatDate(p.time_created),
      },
    ],
    [extraColumns],
  );

  const removeOne = useCallback(
    async (p: GalleryPhoto) => {
      try {
        await remove.mutateAsync([p.id]);
        notify(GALLERY_MESSAGES.deleted, 'success');
      } catch (err) {
        notify(failureMessage(err, { fallback: GALLERY_MESSAGES.deleteFailed, badRequest: GALLERY_MESSAGES.deleteFailed }), 'error');
      }
    },
    [remove, notify],
  );

  const actions = useCallback(
    (p: GalleryPhoto) =>
      p.state === 'failed' ? (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => void removeOne(p)}
          disabled={remove.isPending}
          aria-label={`${GALLERY_MESSAGES.removePhoto} ${p.name}`}
        >
          {GALLERY_MESSAGES.removePhoto}
        </Button>
      ) : (
        <Button
          size="small"
          startIcon={<VisibilityOutlinedIcon />}
          onClick={() => setPreviewing(p)}
          disabled={p.state !== 'ready'}
          aria-label={`View ${p.name}`}
        >
          View
        </Button>
      ),
    [removeOne, remove.isPending],
  );

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(selected.map(Number));
      notify(GALLERY_MESSAGES.deleted, 'success');
      setSelected([]);
      setConfirming(false);
    } catch (err) {
      notify(failureMessage(err, { fallback: GALLERY_MESSAGES.deleteFailed, badRequest: GALLERY_MESSAGES.deleteFailed }), 'error');
      setConfirming(false);
    }
  };

  const toolbar = (
    <>
      {selectionActions?.(selected.map(Number), () => setSelected([]))}
      <Button
        color="error"
        variant={selected.length ? 'contained' : 'outlined'}
        size="small"
        startIcon={<DeleteOutlineIcon />}
        disabled={!selected.length}
        onClick={() => setConfirming(true)}
      >
        {selected.length ? `Delete selected (${selected.length})` : 'Delete selected'}
      </Button>
      <Tooltip title="Refresh">
        <IconButton size="small" aria-label="Refresh" onClick={() => void photos.refetch()}>
          <RefreshIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );

  return (
    <>
      <DataTable<GalleryPhoto>
        rows={rows}
        columns={columns}
        loading={photos.isFetching && !photos.data}
        error={photos.error}
        getRowId={(p) => p.id}
        checkboxSelection
        selection={selected}
        onSelectionChange={(ids) => setSelected(ids)}
        actions={actions}
        toolbar={toolbar}
        label="Gallery photos"
        rowHeight={64}
      />
      <DeleteConfirmDialog
        open={confirming}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
        detail={`${selected.length} photo${selected.length === 1 ? '' : 's'} will be removed from the gallery.`}
      />
      <ImagePreviewDialog
        open={!!previewing}
        src={previewing?.land_scape_img}
        title={previewing?.name}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}
