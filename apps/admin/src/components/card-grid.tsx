import { createContext, memo, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Grid, Skeleton, Typography, type GridSize } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { EmptyState } from './empty-state';
import { PublishToggle, type PublishToggleProps } from './publish-toggle';

export type Columns = Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', GridSize>>;

export interface CardGridProps<T> {
  items: readonly T[] | undefined;
  loading?: boolean;
  error?: unknown;
  /** Shown when the list is empty; defaults to 'No data found'. */
  emptyText?: string;
  /** Grid sizes out of 12 per breakpoint, e.g. {xs:12, sm:4, md:3} for four per row. */
  columns?: Columns;
  getKey: (item: T) => string | number;
  renderCard: (item: T) => ReactNode;
}

const DEFAULT_COLUMNS: Columns = { xs: 12, sm: 6, md: 4 };

/** The responsive card list every image area uses, with its loading, error and empty states. */
export function CardGrid<T>({ items, loading, error, emptyText, columns = DEFAULT_COLUMNS, getKey, renderCard }: CardGridProps<T>) {
  const drawn = useCardsDrawn(items?.length ?? 0, columns);
  if (error && !items?.length) {
    return <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>;
  }
  if (loading && !items?.length) {
    return (
      <Grid container spacing={3} aria-busy="true" aria-label={COMMON_MESSAGES.fetching}>
        {Array.from({ length: 4 }, (_, i) => (
          <Grid key={i} size={columns}>
            <Card variant="outlined">
              <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
              <CardContent>
                <Skeleton width="60%" />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    );
  }
  if (!items?.length) {
    return <EmptyState>{emptyText ?? COMMON_MESSAGES.noData}</EmptyState>;
  }
  const sizes = imageSizes(columns);
  return (
    <Grid container spacing={3}>
      {items.slice(0, drawn).map((item, i) => (
        <DrawnCard
          key={getKey(item)}
          item={item}
          columns={columns}
          position={i < EAGER_CARDS ? i : null}
          sizes={sizes}
          renderCard={renderCard}
        />
      ))}
    </Grid>
  );
}

interface DrawnCardProps<T> {
  item: T;
  columns: Columns;
  position: number | null;
  sizes: string;
  renderCard: (item: T) => ReactNode;
}

/**
 * One card in its grid cell, drawn again only when its own props change: each idle step adds
 * cards without drawing again those already there (80 card renders for a page of 24 before).
 */
const DrawnCard = memo(function DrawnCard<T>({ item, columns, position, sizes, renderCard }: DrawnCardProps<T>) {
  const slot = useMemo(() => ({ position, sizes }), [position, sizes]);
  return (
    <Grid size={columns}>
      <CardSlot.Provider value={slot}>{renderCard(item)}</CardSlot.Provider>
    </Grid>
  );
}) as <T>(props: DrawnCardProps<T>) => ReactNode;

/**
 * Cards drawn with the page: two rows at the window's width (two cards on a phone, eight at four
 * a row), then MORE_CARDS more each idle moment. A card (image, three buttons, a switch) costs
 * React and MUI ~25 elements and their styles: the 24 of a page drawn at once held a phone's main
 * thread for seconds (issue 38). The rest follow in small transitions, each a short task.
 */
const FIRST_ROWS = 2;
const MORE_CARDS = 4;

/** Cards a row holds at a window `width` px wide, as the grid lays them out. */
export function cardsPerRow(columns: Columns, width: number): number {
  return perRowFrom(columns).findLast((b) => b.min <= width)!.perRow;
}

/** How many of `total` cards to draw: two rows at first, MORE_CARDS more in each idle moment after. */
function useCardsDrawn(total: number, columns: Columns): number {
  const [drawn, setDrawn] = useState(() => FIRST_ROWS * cardsPerRow(columns, window.innerWidth));
  useEffect(() => {
    if (drawn >= total) return;
    const more = () => startTransition(() => setDrawn((n) => n + MORE_CARDS));
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(more, 16);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(more, { timeout: 200 });
    return () => cancelIdleCallback(idle);
  }, [drawn, total]);
  return drawn;
}

/**
 * The first cards' images are on screen when the page opens (the largest paint on a phone): they
 * load at once, the very first with high priority; the rest load lazily as they scroll in.
 */
const EAGER_CARDS = 3;
const CardSlot = createContext<{ position: number | null; sizes: string }>({ position: null, sizes: '100vw' });

const BREAKPOINTS = [
  ['xs', 0],
  ['sm', 600],
  ['md', 900],
  ['lg', 1200],
  ['xl', 1536],
] as const;

/**
 * How many cards a row holds from each breakpoint's width up (the first from 0 px). A breakpoint
 * without a size keeps the one below it, as the grid does.
 */
function perRowFrom(columns: Columns): { min: number; perRow: number }[] {
  let span = 12;
  return BREAKPOINTS.map(([bp, min]) => {
    const size = columns[bp];
    if (typeof size === 'number' && size > 0) span = size;
    return { min, perRow: Math.max(1, Math.floor(12 / span)) };
  });
}

/**
 * The width of a card's image at each breakpoint, for `sizes`: the main column (the viewport less
 * the 260 px sidebar and 24 px padding each side from md, 16 px padding below) shared by the cards
 * of a row with 24 px between them. The browser then picks the smallest file of the srcset that
 * fills it, not one sized for the whole screen.
 */
export function imageSizes(columns: Columns): string {
  const widths: [number, string][] = [];
  for (const { min, perRow } of perRowFrom(columns)) {
    const main = min >= 900 ? '100vw - 308px' : '100vw - 32px';
    const width = perRow === 1 ? `calc(${main})` : `calc((${main} - ${24 * (perRow - 1)}px) / ${perRow})`;
    if (widths.at(-1)?.[1] !== width) widths.push([min, width]);
  }
  return widths
    .reverse()
    .map(([min, width]) => (min ? `(min-width: ${min}px) ${width}` : width))
    .join(', ');
}

/**
 * Starts downloading the first card's image as soon as the list is known, before the page is
 * drawn: the same srcset and sizes as the card's <img>, so the browser picks the same file and the
 * card finds it loaded (on a phone it is the largest paint, and drawing the page takes a while).
 */
export function preloadCardImage(image: CardImage | null | undefined, columns: Columns = DEFAULT_COLUMNS): void {
  if (!image?.url) return;
  const img = new Image();
  img.fetchPriority = 'high';
  img.decoding = 'async';
  img.sizes = imageSizes(columns);
  if (image.srcset) img.srcset = image.srcset;
  img.src = image.url;
}

/** What a card needs of an ImageView: the URL, optionally srcset and a tiny placeholder. */
export interface CardImage {
  url: string;
  srcset?: string | null;
  placeholder?: string | null;
}

export interface EntityCardProps {
  image: CardImage | null | undefined;
  title: string;
  subtitle?: ReactNode;
  uppercaseTitle?: boolean;
  onImageClick?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  onManage?: () => void;
  publish?: Omit<PublishToggleProps, 'disabled'>;
  /** Extra content under the title (e.g. a description line). */
  extra?: ReactNode;
}

/** One entity as a card: image (placeholder until loaded), title, and the Edit/Delete/Manage/publish controls. */
export function EntityCard({
  image,
  title,
  subtitle,
  uppercaseTitle,
  onImageClick,
  onEdit,
  onDelete,
  onManage,
  publish,
  extra,
}: EntityCardProps) {
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', transition: 'box-shadow .2s', '&:hover': { boxShadow: 3 } }}
    >
      <CardImageBox key={image?.url ?? ''} image={image} title={title} onClick={onImageClick} />
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 600, textTransform: uppercaseTitle ? 'uppercase' : undefined, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        )}
        {extra}
      </CardContent>
      {(onEdit || onDelete || onManage || publish) && (
        <CardActions sx={{ px: 2, pb: 1.5, pt: 0, flexWrap: 'wrap', gap: 0.5, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          {onEdit && (
            <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={`Edit ${title}`}>
              Edit
            </Button>
          )}
          {onDelete && (
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete} aria-label={`Delete ${title}`}>
              Delete
            </Button>
          )}
          {onManage && (
            <Button size="small" startIcon={<PhotoLibraryOutlinedIcon />} onClick={onManage} aria-label={`Manage ${title}`}>
              Manage
            </Button>
          )}
          {publish && (
            <Box sx={{ ml: 'auto' }}>
              <PublishToggle {...publish} />
            </Box>
          )}
        </CardActions>
      )}
    </Card>
  );
}

/** The card's image: blurred placeholder (or skeleton) until the real image has loaded. */
function CardImageBox({ image, title, onClick }: { image: CardImage | null | undefined; title: string; onClick?: () => void }) {
  const { position, sizes } = useContext(CardSlot);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const frame = {
    position: 'relative',
    aspectRatio: '4 / 3',
    overflow: 'hidden',
    bgcolor: 'action.hover',
    display: 'block',
    width: '100%',
    p: 0,
    border: 0,
    cursor: onClick ? 'zoom-in' : 'default',
    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
  } as const;
  const content =
    !image?.url || failed ? (
      <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
        <ImageNotSupportedOutlinedIcon fontSize="large" aria-hidden />
      </Box>
    ) : (
      <>
        {/* The placeholder lies under the image, which paints itself as soon as it is decoded (no
          fade that waits for script: on a phone the first card is the largest paint). */}
        {!loaded &&
          (image.placeholder ? (
            <Box
              component="img"
              src={image.placeholder}
              alt=""
              aria-hidden
              sx={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                filter: 'blur(12px)',
                transform: 'scale(1.1)',
              }}
            />
          ) : (
            <Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
          ))}
        <Box
          component="img"
          src={image.url}
          srcSet={image.srcset || undefined}
          sizes={sizes}
          alt={title}
          loading={position === null ? 'lazy' : 'eager'}
          fetchPriority={position === 0 ? 'high' : undefined}
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </>
    );
  if (onClick) {
    return (
      <Box component="button" type="button" onClick={onClick} aria-label={`View ${title}`} sx={frame}>
        {content}
      </Box>
    );
  }
  return <Box sx={frame}>{content}</Box>;
}
