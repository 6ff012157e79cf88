import { useRef, useState } from 'react';
import { Box, Button, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { Selection } from '@darkroom/contracts';
import { copyText } from '../../components/copy-text';
import { useNotify } from '../../components/notify';
import { clientGalleryFailure, useReopenSelection } from './api';

type NameSeparator = 'comma' | 'space';

/**
 * A list's file names as Lightroom's Library filter (Text, File Name, Contains) takes them:
 * without extensions, so a delivered JPEG finds its raw file too, separated by commas or spaces.
 */
export function lightroomNames(selection: Pick<Selection, 'photos'>, separator: NameSeparator): string {
  const stems = selection.photos.map((p) => p.name.replace(/\.[^.]+$/, ''));
  return stems.join(separator === 'comma' ? ', ' : ' ');
}

/** How a list is named in the chooser: its visitor, or the shared list; its size; whether submitted. */
const labelOf = (s: Selection) =>
  `${s.email ? `${s.name} (${s.email})` : 'Shared list'}: ${s.photos.length} photo${s.photos.length === 1 ? '' : 's'}${s.submitted_at ? ', submitted' : ''}`;

interface SelectionsBarProps {
  galleryId: number;
  selections: Selection[] | undefined;
  /** The list the photos table shows (null: every photo). */
  chosen: number | null;
  onChoose: (id: number | null) => void;
}

/** A client gallery's photos page: choose a visitor's list to filter by, copy its file names, reopen it. */
export function SelectionsBar({ galleryId, selections, chosen, onChoose }: SelectionsBarProps) {
  const notify = useNotify();
  const reopen = useReopenSelection();
  const [separator, setSeparator] = useState<NameSeparator>('comma');
  const namesNode = useRef<HTMLPreElement>(null);
  const list = selections?.find((s) => s.id === chosen) ?? null;
  const names = list ? lightroomNames(list, separator) : '';
  if (!selections?.length) return null;

  const copy = async () => {
    const ok = await copyText(names, namesNode.current);
    notify(ok ? 'File names copied: paste them into Lightroom’s filter.' : 'The file names could not be copied.', ok ? 'info' : 'warning');
  };
  const reopenList = async () => {
    if (!list) return;
    try {
      await reopen.mutateAsync({ id: galleryId, visitor: list.id });
      notify('The selection is open again.', 'success');
    } catch (err) {
      notify(clientGalleryFailure(err, 'The selection could not be reopened.'), 'error');
    }
  };

  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Visitor's list"
          value={chosen ?? ''}
          onChange={(e) => onChoose(e.target.value === '' ? null : Number(e.target.value))}
          sx={{ minWidth: '18rem' }}
        >
          <MenuItem value="">Every photo</MenuItem>
          {selections.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {labelOf(s)}
            </MenuItem>
          ))}
        </TextField>
        {list && (
          <>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={separator}
              onChange={(_e, v: NameSeparator | null) => v && setSeparator(v)}
              aria-label="Separate the file names with"
            >
              <ToggleButton value="comma">Commas</ToggleButton>
              <ToggleButton value="space">Spaces</ToggleButton>
            </ToggleButtonGroup>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} disabled={!list.photos.length} onClick={() => void copy()}>
              Copy for Lightroom
            </Button>
            {list.submitted_at && (
              <Button variant="outlined" startIcon={<LockOpenIcon />} disabled={reopen.isPending} onClick={() => void reopenList()}>
                Reopen selection
              </Button>
            )}
          </>
        )}
      </Stack>
      {list && list.notes.length > 0 && (
        <Box component="ul" aria-label="Notes" sx={{ m: 0, mt: 1, pl: 3 }}>
          {list.notes.map((n) => (
            <Typography component="li" variant="body2" key={n.photo_id}>
              {n.name}: {n.text}
            </Typography>
          ))}
        </Box>
      )}
      {/* The copy's source where the Clipboard API is unavailable: off screen, not hidden. */}
      <Box
        component="pre"
        ref={namesNode}
        aria-hidden
        sx={{ position: 'absolute', left: -10000, top: 'auto', width: '1px', height: '1px', overflow: 'hidden', m: 0 }}
      >
        {names}
      </Box>
    </Box>
  );
}
