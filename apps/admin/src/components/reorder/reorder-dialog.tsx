import { useId, useMemo, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ORDER_MESSAGES } from '@darkroom/contracts';
import { failureMessage, fieldErrorsOf } from '../../api/failure';
import { useNotify } from '../notify';
import { mergeOrder } from './merge-order';

export interface ReorderItem {
  id: number;
  label: string;
  /** A small image (thumbnail URL), if the record has one. */
  image?: string | null;
}

export interface ReorderDialogProps {
  /** What is ordered, for the title: 'services', 'gallery images'... */
  what: string;
  items: ReorderItem[];
  /** Saves the full list of ids, first shown first. */
  save: (ids: number[]) => Promise<unknown>;
  /** The records as the server now has them (read again when the list changed meanwhile). */
  reload: () => Promise<ReorderItem[]>;
  onClose: () => void;
}

const INSTRUCTIONS =
  'To move an item, focus its handle and press Space. Use the up and down arrow keys to move it, Space again to drop it, or Escape to cancel.';

/**
 * Every record of an area in one compact list, put in order by dragging a handle (mouse or touch),
 * by keyboard (Space, arrows, Space: dnd-kit's keyboard sensor, announced to screen readers) or by
 * the up/down buttons; "Save order" sends the whole list at once. Loaded only when opened.
 */
export function ReorderDialog({ what, items, save, reload, onClose }: ReorderDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useNotify();
  const titleId = useId();
  const helpId = useId();
  const [order, setOrder] = useState(items);
  const [busy, setBusy] = useState(false);
  const ids = useMemo(() => order.map((i) => i.id), [order]);
  const changed = ids.some((id, i) => id !== items[i]?.id);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const labelOf = (id: UniqueIdentifier) => order.find((i) => i.id === id)?.label ?? String(id);
  const placeOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}, position ${placeOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${labelOf(active.id)} is over position ${placeOf(over.id)} of ${ids.length}.` : `${labelOf(active.id)} is not over a place.`,
    onDragEnd: ({ active, over }) =>
      over ? `${labelOf(active.id)} dropped at position ${placeOf(over.id)} of ${ids.length}.` : `${labelOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    setOrder((o) => arrayMove(o, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  const submit = async () => {
    setBusy(true);
    try {
      await save(ids).catch(async (err: unknown) => {
        // Another admin added or deleted a record since the list was read: keep this order over
        // the list as it now is, and send that once.
        if (!fieldErrorsOf(err).ids) throw err;
        await save(
          mergeOrder(
            ids,
            (await reload()).map((i) => i.id),
          ),
        );
      });
      notify(ORDER_MESSAGES.saved, 'success');
      onClose();
    } catch (err) {
      notify(failureMessage(err, { fallback: ORDER_MESSAGES.saveFailed, fields: ['ids'] }));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={helpId}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Reorder {what}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText id={helpId} sx={{ mb: 2 }}>
          The website shows the {what} in this order. Drag a row by its handle, or use the arrow buttons; with a keyboard, focus a handle,
          press Space, move with the arrow keys and press Space again.
        </DialogContentText>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <Box component="ol" aria-label={`Order of the ${what}`} data-testid="reorder-list" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {order.map((item, i) => (
                <Row key={item.id} item={item} index={i} count={order.length} onMove={move} disabled={busy} />
              ))}
            </Box>
          </SortableContext>
        </DndContext>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || !changed}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save order
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface RowProps {
  item: ReorderItem;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  disabled: boolean;
}

function Row({ item, index, count, onMove, disabled }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled,
  });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid="reorder-item"
      data-id={item.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: 0.5,
        px: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 4 : undefined,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${item.label}`}
        size="small"
        sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Typography variant="body2" color="text.secondary" sx={{ width: 32, textAlign: 'right', flex: 'none' }} aria-hidden>
        {index + 1}
      </Typography>
      {item.image ? (
        <Box
          component="img"
          src={item.image}
          alt=""
          loading="lazy"
          sx={{ width: 48, height: 36, objectFit: 'cover', borderRadius: 0.5, flex: 'none' }}
        />
      ) : null}
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {item.label}
      </Typography>
      <IconButton
        size="small"
        aria-label={`Move ${item.label} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={`Move ${item.label} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
