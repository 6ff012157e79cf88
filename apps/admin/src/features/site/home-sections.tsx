import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, IconButton, Paper, Skeleton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import type { HomeCarouselItem, HomeGalleryItem, ImageViewLike } from './api';

/** One block of the home page, titled, with a link to the screen that manages it. */
export function HomeSection({
  id,
  title,
  summary,
  manageTo,
  manageLabel,
  loading,
  error,
  empty,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  summary?: string;
  manageTo: string;
  manageLabel: string;
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {summary && <Chip size="small" label={summary} variant="outlined" />}
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to={manageTo} variant="outlined" size="small">
          {manageLabel}
        </Button>
      </Stack>
      {loading ? (
        <Box role="status" aria-label={COMMON_MESSAGES.fetching}>
          <Skeleton variant="rounded" height={220} />
        </Box>
      ) : error ? (
        <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>
      ) : empty ? (
        <Box sx={{ py: 5, textAlign: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
          <Typography color="text.secondary">{emptyText}</Typography>
        </Box>
      ) : (
        children
      )}
    </Paper>
  );
}

/** An image that shows its tiny placeholder until the real one has loaded. */
export function SiteImage({ src, view, alt, sizes }: { src: string; view?: ImageViewLike; alt: string; sizes?: string }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        backgroundImage: view?.placeholder ? `url(${view.placeholder})` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Box
        component="img"
        src={src}
        srcSet={view?.srcset || undefined}
        sizes={sizes}
        alt={alt}
        loading="lazy"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    </Box>
  );
}

/** The published slides as the site's carousel shows them: one at a time, with its three lines. */
export function CarouselPreview({ slides }: { slides: HomeCarouselItem[] }) {
  const [index, setIndex] = useState(0);
  const current = Math.min(index, slides.length - 1);
  const slide = slides[current]!;
  const go = (next: number) => setIndex((next + slides.length) % slides.length);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(current - 1);
    if (e.key === 'ArrowRight') go(current + 1);
  };
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label="Carousel preview"
      tabIndex={0}
      onKeyDown={onKey}
      sx={{ outline: 'none', '&:focus-visible': { boxShadow: (t) => `0 0 0 3px ${t.palette.primary.main}` }, borderRadius: 1 }}
    >
      <Box
        role="group"
        aria-roledescription="slide"
        aria-label={`${current + 1} of ${slides.length}`}
        sx={{ position: 'relative', aspectRatio: '16 / 7', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.900' }}
      >
        <SiteImage key={slide.id} src={slide.image} view={slide.image_view} alt={slide.title} sizes="(min-width: 1200px) 1100px, 100vw" />
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            alignItems: 'center',
            textAlign: 'center',
            color: 'common.white',
            background: 'linear-gradient(0deg, rgba(0,0,0,.45), rgba(0,0,0,.15))',
            px: 8,
          }}
        >
          <Typography variant="overline" sx={{ letterSpacing: 4, fontSize: { xs: 12, md: 14 } }}>
            {slide.header}
          </Typography>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700, fontSize: { xs: 28, md: 44 } }}>
            {slide.title}
          </Typography>
          <Typography sx={{ mt: 1, fontSize: { xs: 14, md: 18 } }}>{slide.message}</Typography>
        </Box>
        {slides.length > 1 && (
          <>
            <IconButton
              aria-label="Previous slide"
              onClick={() => go(current - 1)}
              sx={{
                position: 'absolute',
                left: 8,
                top: '50%',
                transform: 'translateY(-50%)',
                color: 'common.white',
                bgcolor: 'rgba(0,0,0,.35)',
              }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label="Next slide"
              onClick={() => go(current + 1)}
              sx={{
                position: 'absolute',
                right: 8,
                top: '50%',
                transform: 'translateY(-50%)',
                color: 'common.white',
                bgcolor: 'rgba(0,0,0,.35)',
              }}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
      {slides.length > 1 && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 1.5 }}>
          {slides.map((s, i) => (
            <Box
              key={s.id}
              component="button"
              type="button"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
              sx={{
                width: 10,
                height: 10,
                p: 0,
                border: 0,
                borderRadius: '50%',
                cursor: 'pointer',
                bgcolor: i === current ? 'primary.main' : 'action.disabled',
              }}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The published home gallery images in the site's grid. */
export function GalleryPreview({ items }: { items: HomeGalleryItem[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}>
      {items.map((g) => (
        <Box key={g.id} component="figure" sx={{ m: 0 }}>
          <Box sx={{ position: 'relative', aspectRatio: '4 / 3', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
            <SiteImage src={g.cover_image} view={g.cover_image_view} alt={g.name} sizes="(min-width: 900px) 25vw, 50vw" />
          </Box>
          <Typography component="figcaption" variant="caption" color="text.secondary" noWrap sx={{ display: 'block', mt: 0.5 }}>
            {g.name}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
