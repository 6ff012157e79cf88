import { useId, useMemo, useState } from 'react';
import { Button, Menu, MenuItem, Stack, TextField } from '@mui/material';
import CollectionsBookmarkOutlinedIcon from '@mui/icons-material/CollectionsBookmarkOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { SET_MESSAGES, type ClientGallerySet, type GalleryPhoto } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import type { DataTableColumn } from '../../components/data-table';
import { useNotify } from '../../components/notify';
import { useSetWrite } from './sets-api';
import { SetsDialog } from './sets-dialog';

/** Which photos the table shows by set: all, those in no set, or one set's. */
export type SetFilter = 'all' | 'none' | number;

/** The ids a set filter shows (null: no narrowing), from the sets as the server answered them. */
export function setFilterIds(
  filter: SetFilter,
  sets: ClientGallerySet[] | undefined,
  photos: GalleryPhoto[] | undefined,
): Set<number> | null {
  if (filter === 'all' || !sets) return null;
  if (filter === 'none') {
    const inSome = new Set(sets.flatMap((s) => s.photo_ids));
    return new Set((photos ?? []).map((p) => p.id).filter((id) => !inSome.has(id)));
  }
  // A set deleted meanwhile shows all photos again (as the filter's menu then says).
  const set = sets.find((s) => s.id === filter);
  return set ? new Set(set.photo_ids) : null;
}

export interface SetsBarProps {
  galleryId: number;
  sets: ClientGallerySet[] | undefined;
  filter: SetFilter;
  onFilter: (filter: SetFilter) => void;
}

/** Beside Upload: show one set's photos (or those in no set), and open the sets' dialog. */
export function SetsBar({ galleryId, sets, filter, onFilter }: SetsBarProps) {
  const [open, setOpen] = useState(false);
  const value = filter === 'all' || filter === 'none' || sets?.some((s) => s.id === filter) ? String(filter) : 'all';
  return (
    <Stack direction="row" spacing={1}>
      {!!sets?.length && (
        <TextField
          select
          size="small"
          label="Show"
          value={value}
          onChange={(e) => {
            const v = e.target.value;
            onFilter(v === 'all' || v === 'none' ? v : Number(v));
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="all">All photos</MenuItem>
          <MenuItem value="none">In no set</MenuItem>
          {sets.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name} ({s.photo_ids.length})
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button variant="outlined" startIcon={<CollectionsBookmarkOutlinedIcon />} onClick={() => setOpen(true)} disabled={!sets}>
        {sets?.length ? `Sets (${sets.length})` : 'Sets'}
      </Button>
      <SetsDialog open={open} onClose={() => setOpen(false)} galleryId={galleryId} sets={sets ?? []} />
    </Stack>
  );
}

/** The table's Set column: the name of the set each photo is in (empty when none). */
export function useSetColumn(sets: ClientGallerySet[] | undefined): DataTableColumn<GalleryPhoto> {
  const setOf = useMemo(() => {
    const m = new Map<number, string>();
    for (const s of sets ?? []) for (const id of s.photo_ids) m.set(id, s.name);
    return m;
  }, [sets]);
  return useMemo(() => ({ field: 'set', headerName: 'Set', flex: 1, text: (p) => setOf.get(p.id) ?? '' }), [setOf]);
}

export interface MoveToSetProps {
  galleryId: number;
  sets: ClientGallerySet[] | undefined;
  /** The selected photos. */
  ids: number[];
  /** Clears the table's selection once they are moved. */
  onMoved: () => void;
}

/** 'Move to set' for the selected photos: a menu of the sets, and 'No set' to take them out. */
export function MoveToSet({ galleryId, sets, ids, onMoved }: MoveToSetProps) {
  const notify = useNotify();
  const write = useSetWrite(galleryId);
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const moveTo = async (set: number | null) => {
    setAnchor(null);
    try {
      await write.mutateAsync({ kind: 'move', set, photos: ids });
      notify(SET_MESSAGES.moved, 'success');
      onMoved();
    } catch (err) {
      notify(failureMessage(err, { fallback: SET_MESSAGES.saveFailed, fields: ['photos', 'set'] }), 'error');
    }
  };
  if (!sets?.length) return null;
  return (
    <>
      <Button
        size="small"
        variant={ids.length ? 'contained' : 'outlined'}
        startIcon={<DriveFileMoveOutlinedIcon />}
        disabled={!ids.length || write.isPending}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {ids.length ? `Move to set (${ids.length})` : 'Move to set'}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {sets.map((s) => (
          <MenuItem key={s.id} onClick={() => void moveTo(s.id)}>
            {s.name}
          </MenuItem>
        ))}
        <MenuItem onClick={() => void moveTo(null)}>No set</MenuItem>
      </Menu>
    </>
  );
}
