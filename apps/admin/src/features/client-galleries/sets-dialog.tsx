import { useId, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { SET_MESSAGES, SET_NAME_MAX, type ClientGallerySet } from '@darkroom/contracts';
import { failureMessage, firstFieldMessage } from '../../api/failure';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useNotify } from '../../components/notify';
import { useSetWrite } from './sets-api';

export interface SetsDialogProps {
  open: boolean;
  onClose: () => void;
  galleryId: number;
  sets: ClientGallerySet[];
}

const photoCount = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

/**
 * A client gallery's sets: add, rename, move up or down, delete (asked first: the photos stay
 * in the gallery, in no set). Every control is a button or a field, so it all works from the
 * keyboard; moving keeps the focus on the moved set's button.
 */
export function SetsDialog({ open, onClose, galleryId, sets }: SetsDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const write = useSetWrite(galleryId);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string; error: string | null } | null>(null);
  const [deleting, setDeleting] = useState<ClientGallerySet | null>(null);

  const fail = (err: unknown) => failureMessage(err, { fallback: SET_MESSAGES.saveFailed, fields: ['name', 'ids'] });

  const add = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await write.mutateAsync({ kind: 'create', name });
      setName('');
      setNameError(null);
      notify(SET_MESSAGES.created, 'success');
    } catch (err) {
      setNameError(firstFieldMessage(err, ['name']) ?? fail(err));
    }
  };

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    try {
      await write.mutateAsync({ kind: 'rename', set: editing.id, name: editing.name });
      setEditing(null);
      notify(SET_MESSAGES.renamed, 'success');
    } catch (err) {
      setEditing({ ...editing, error: firstFieldMessage(err, ['name']) ?? fail(err) });
    }
  };

  const move = async (index: number, by: -1 | 1, button: HTMLElement) => {
    const ids = sets.map((s) => s.id);
    const to = index + by;
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    try {
      await write.mutateAsync({ kind: 'order', ids });
      // The same button of the moved set, now one row up or down (the edge's is disabled: its partner).
      const dir = button.dataset.move;
      const row = button.closest('ul')?.children[to];
      (
        row?.querySelector<HTMLElement>(`[data-move="${dir}"]:not([disabled])`) ??
        row?.querySelector<HTMLElement>('[data-move]:not([disabled])')
      )?.focus();
    } catch (err) {
      notify(fail(err), 'error');
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await write.mutateAsync({ kind: 'remove', set: deleting.id });
      notify(SET_MESSAGES.deleted, 'success');
    } catch (err) {
      notify(fail(err), 'error');
    }
    setDeleting(null);
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>Sets</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The customer sees each set with photos as a tab, in this order, and can download a set on its own.
          </Typography>
          {sets.length === 0 ? (
            <Typography sx={{ my: 2 }}>No sets yet. Add the first one below (e.g. Getting ready, Ceremony, Reception).</Typography>
          ) : (
            <List aria-label="Sets in order" dense>
              {sets.map((s, i) => (
                <ListItem key={s.id} divider sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="set-row">
                  {editing?.id === s.id ? (
                    <Box component="form" onSubmit={rename} sx={{ display: 'flex', gap: 1, flex: 1, alignItems: 'flex-start' }} noValidate>
                      <TextField
                        size="small"
                        label={`New name for ${s.name}`}
                        value={editing.name}
                        onChange={(e) => setEditing({ ...editing, name: e.target.value, error: null })}
                        error={!!editing.error}
                        helperText={editing.error ?? ' '}
                        slotProps={{ htmlInput: { maxLength: SET_NAME_MAX } }}
                        autoFocus
                        sx={{ flex: 1 }}
                      />
                      <Button type="submit" variant="contained" disabled={write.isPending}>
                        Save
                      </Button>
                      <Button onClick={() => setEditing(null)}>Cancel</Button>
                    </Box>
                  ) : (
                    <>
                      <Box sx={{ flex: 1, minWidth: 120 }}>
                        <Typography component="span" sx={{ fontWeight: 500 }}>
                          {s.name}
                        </Typography>{' '}
                        <Typography component="span" variant="body2" color="text.secondary">
                          {photoCount(s.photo_ids.length)}
                        </Typography>
                      </Box>
                      <Stack direction="row">
                        <Tooltip title="Move up">
                          <span>
                            <IconButton
                              aria-label={`Move ${s.name} up`}
                              data-move="up"
                              disabled={i === 0 || write.isPending}
                              onClick={(e) => void move(i, -1, e.currentTarget)}
                            >
                              <ArrowUpwardIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title="Move down">
                          <span>
                            <IconButton
                              aria-label={`Move ${s.name} down`}
                              data-move="down"
                              disabled={i === sets.length - 1 || write.isPending}
                              onClick={(e) => void move(i, 1, e.currentTarget)}
                            >
                              <ArrowDownwardIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title="Rename">
                          <IconButton aria-label={`Rename ${s.name}`} onClick={() => setEditing({ id: s.id, name: s.name, error: null })}>
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton aria-label={`Delete ${s.name}`} color="error" onClick={() => setDeleting(s)}>
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Stack>
                    </>
                  )}
                </ListItem>
              ))}
            </List>
          )}
          <Box component="form" onSubmit={add} noValidate sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label="New set"
              placeholder="e.g. Ceremony"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
              }}
              error={!!nameError}
              helperText={nameError ?? ' '}
              slotProps={{ htmlInput: { maxLength: SET_NAME_MAX } }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="contained" disabled={write.isPending}>
              Add set
            </Button>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={!!deleting}
        title={deleting ? `Delete the set “${deleting.name}”?` : ''}
        confirmLabel="Delete set"
        busy={write.isPending}
        detail={deleting ? `Its ${photoCount(deleting.photo_ids.length)} stay in the gallery, in no set.` : undefined}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
