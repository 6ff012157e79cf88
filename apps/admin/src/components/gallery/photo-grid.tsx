import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Box } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { GalleryPhoto } from '@darkroom/contracts';
import { PhotoThumb } from './photo-thumb';

export type GridMode = 'view' | 'sort' | 'delete';

export interface PhotoGridProps {
  photos: GalleryPhoto[];
  mode: GridMode;
  selected?: ReadonlySet<number>;
  onToggle?: (id: number) => void;
  onOpen?: (index: number) => void;
  onMove?: (from: number, to: number) => void;
  /** Target tile size in px; columns fill the width. */
  tile?: number;
}

/** Spec: preview tiles have a 2 px margin. */
const MARGIN = 2;
const OVERSCAN_ROWS = 2;

/** Width of the grid and the rows currently on screen (plus a little overscan), kept up to date on scroll and resize. */
function useVirtualRows(el: HTMLDivElement | null, count: number, target: number) {
  const [width, setWidth] = useState(0);
  const [range, setRange] = useState<[number, number]>([0, 0]);
  // The element changes when the grid is re-wrapped (Sort mode): observe whichever is mounted.
  useLayoutEffect(() => {
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  const columns = Math.max(2, Math.floor(width / target) || 2);
  const cell = width ? width / columns : target;
  const rows = Math.ceil(count / columns);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (!el) return;
      const top = -el.getBoundingClientRect().top;
      const first = Math.max(0, Math.floor(top / cell) - OVERSCAN_ROWS);
      const last = Math.min(rows - 1, Math.floor((top + window.innerHeight) / cell) + OVERSCAN_ROWS);
      setRange((prev) => (prev[0] === first && prev[1] === last ? prev : [first, last]));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    // Capture: any scrolling ancestor (the window, a dialog) moves the grid.
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [el, cell, rows]);
  return { columns, cell, rows, range };
}

/**
 * The gallery's tiles, virtualised: only the rows on screen (and two either side) are in the
 * DOM, so 5,000 photos scroll as smoothly as 50. Images load lazily over their placeholders and
 * pick their file from srcset. In Sort mode tiles are dragged (pointer or keyboard) with dnd-kit.
 */
export function PhotoGrid({ photos, mode, selected, onToggle, onOpen, onMove, tile = 180 }: PhotoGridProps) {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const { columns, cell, rows, range } = useVirtualRows(el, photos.length, tile);
  const [activeId, setActiveId] = useState<number | null>(null);
  const ids = useMemo(() => photos.map((p) => p.id), [photos]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const visible: number[] = [];
  const from = range[0] * columns;
  const to = Math.min(photos.length, (range[1] + 1) * columns);
  for (let i = from; i < to; i++) visible.push(i);
  // A dragged tile stays mounted even when scrolled out of the window.
  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);
  if (activeIndex >= 0 && (activeIndex < from || activeIndex >= to)) visible.push(activeIndex);

  const sizes = `${Math.ceil(cell)}px`;
  // Plain numbers, so memoised tiles that stay on screen do not re-render when the window moves.
  const left = (i: number) => (i % columns) * cell + MARGIN;
  const top = (i: number) => Math.floor(i / columns) * cell + MARGIN;
  const side = cell - 2 * MARGIN;

  const onDragStart = useCallback((e: DragStartEvent) => setActiveId(Number(e.active.id)), []);
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      setActiveId(null);
      if (!e.over || e.active.id === e.over.id) return;
      onMove?.(ids.indexOf(Number(e.active.id)), ids.indexOf(Number(e.over.id)));
    },
    [ids, onMove],
  );

  const body = (
    <Box
      ref={setEl}
      data-testid="photo-grid"
      // A group, not a list: the tiles are buttons (or checkboxes), not list items.
      role="group"
      aria-label="Gallery photos"
      sx={{ position: 'relative', width: '100%', height: rows * cell, mx: 0 }}
    >
      {visible.map((i) => {
        const p = photos[i]!;
        if (mode === 'sort')
          return <SortableTile key={p.id} photo={p} left={left(i)} top={top(i)} side={side} sizes={sizes} dragging={p.id === activeId} />;
        return (
          <StaticTile
            key={p.id}
            photo={p}
            index={i}
            left={left(i)}
            top={top(i)}
            side={side}
            sizes={sizes}
            mode={mode}
            checked={!!selected?.has(p.id)}
            onToggle={onToggle}
            onOpen={onOpen}
          />
        );
      })}
    </Box>
  );

  if (mode !== 'sort') return body;
  const active = activeIndex >= 0 ? photos[activeIndex] : null;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        {body}
      </SortableContext>
      <DragOverlay>
        {active ? (
          <TileFrame
            style={{ width: cell - 2 * MARGIN, height: cell - 2 * MARGIN, boxShadow: '0 8px 24px rgba(0,0,0,.35)', cursor: 'grabbing' }}
          >
            <PhotoThumb photo={active} alt={active.title || active.name} sizes={sizes} eager />
          </TileFrame>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

type TileFrameProps = {
  children: ReactNode;
  style?: CSSProperties;
  ref?: React.Ref<HTMLDivElement>;
} & React.HTMLAttributes<HTMLDivElement>;

function TileFrame({ children, style, ref, ...rest }: TileFrameProps) {
  return (
    <div ref={ref} {...rest} style={{ borderRadius: 4, overflow: 'hidden', background: 'rgba(127,127,127,.12)', ...style }}>
      {children}
    </div>
  );
}

interface Placement {
  left: number;
  top: number;
  side: number;
}
const placed = ({ left, top, side }: Placement): CSSProperties => ({ position: 'absolute', left, top, width: side, height: side });

interface StaticTileProps extends Placement {
  photo: GalleryPhoto;
  index: number;
  sizes: string;
  mode: GridMode;
  checked: boolean;
  onToggle?: (id: number) => void;
  onOpen?: (index: number) => void;
}

/** A tile in View mode (opens the lightbox) or Delete mode (a checkbox). */
const StaticTile = memo(function StaticTile({ photo, index, left, top, side, sizes, mode, checked, onToggle, onOpen }: StaticTileProps) {
  const act = () => (mode === 'delete' ? onToggle?.(photo.id) : onOpen?.(index));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      act();
    }
  };
  const label = photo.title || photo.name;
  return (
    <TileFrame
      role={mode === 'delete' ? 'checkbox' : 'button'}
      aria-checked={mode === 'delete' ? checked : undefined}
      aria-label={label}
      tabIndex={0}
      data-testid="photo-tile"
      data-photo-id={photo.id}
      onClick={act}
      onKeyDown={onKey}
      style={{
        ...placed({ left, top, side }),
        cursor: 'pointer',
        outline: checked ? '3px solid #d32f2f' : undefined,
        outlineOffset: -3,
      }}
    >
      <PhotoThumb
        photo={photo}
        alt={label}
        sizes={sizes}
        style={checked ? { transform: 'scale(.92)', transition: 'transform .12s' } : undefined}
      />
      {mode === 'delete' && (
        <span
          style={{
            position: 'absolute',
            top: 6,
            left: 6,
            color: checked ? '#d32f2f' : '#fff',
            filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.6))',
            lineHeight: 0,
          }}
        >
          {checked ? <CheckCircleIcon /> : <RadioButtonUncheckedIcon />}
        </span>
      )}
    </TileFrame>
  );
});

/** A draggable tile in Sort mode. */
const SortableTile = memo(function SortableTile({
  photo,
  left,
  top,
  side,
  sizes,
  dragging,
}: Placement & { photo: GalleryPhoto; sizes: string; dragging: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: photo.id });
  const label = photo.title || photo.name;
  return (
    <TileFrame
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Move ${label}`}
      data-testid="photo-tile"
      data-photo-id={photo.id}
      style={{
        ...placed({ left, top, side }),
        transform: CSS.Translate.toString(transform),
        transition,
        cursor: 'grab',
        opacity: dragging ? 0.35 : 1,
        touchAction: 'none',
      }}
    >
      <PhotoThumb photo={photo} alt={label} sizes={sizes} />
      <span
        style={{ position: 'absolute', top: 6, right: 6, color: '#fff', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.6))', lineHeight: 0 }}
      >
        <DragIndicatorIcon fontSize="small" />
      </span>
    </TileFrame>
  );
});
