import { useState } from 'react';
import { Alert, Box, Button, Card, CardActionArea, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import AddIcon from '@mui/icons-material/Add';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { ABOUT_MESSAGES, COMMON_MESSAGES, type AboutContent } from '@darkroom/contracts';
import { EmptyState } from '../../components/empty-state';
import { ImagePreviewDialog } from '../../components/image-preview-dialog';
import { PageHeader } from '../../components/page-header';
import { useAboutContent } from './api';
import { AboutDialog } from './about-dialog';

/** /About: the about page as visitors see it (hero, texts, right-side image) and its 'Manage About Page' dialog. */
export default function AboutPage() {
  const about = useAboutContent();
  const [managing, setManaging] = useState(false);
  const [enlarged, setEnlarged] = useState(false);
  const content = about.data ?? null;

  return (
    <>
      <PageHeader
        title="About page contents"
        subtitle="What the website's About us page shows."
        actions={
          <Button
            variant="contained"
            startIcon={content ? <EditOutlinedIcon /> : <AddIcon />}
            onClick={() => setManaging(true)}
            disabled={about.isLoading}
          >
            {ABOUT_MESSAGES.dialogTitle}
          </Button>
        }
      />
      {about.isLoading ? (
        <Stack spacing={3} aria-busy="true" aria-label={COMMON_MESSAGES.fetching}>
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      ) : about.error ? (
        <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>
      ) : content ? (
        <AboutPreview content={content} onEnlarge={() => setEnlarged(true)} />
      ) : (
        <EmptyState
          action={
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setManaging(true)}>
              {ABOUT_MESSAGES.dialogTitle}
            </Button>
          }
        >
          No about page content yet.
        </EmptyState>
      )}
      {managing && <AboutDialog about={content} onClose={() => setManaging(false)} />}
      <ImagePreviewDialog open={enlarged} src={content?.info_image_view.url} title="About info image" onClose={() => setEnlarged(false)} />
    </>
  );
}

function AboutPreview({ content, onEnlarge }: { content: AboutContent; onEnlarge: () => void }) {
  const hero = content.page_image;
  return (
    <Stack spacing={4}>
      <Paper
        component="section"
        aria-label="About page hero"
        data-testid="about-hero"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          borderRadius: 2,
          minHeight: { xs: 220, md: 320 },
          display: 'flex',
          alignItems: 'flex-end',
          color: 'common.white',
          backgroundColor: 'grey.900',
          backgroundImage: hero
            ? `linear-gradient(180deg, rgba(0,0,0,.05) 30%, rgba(0,0,0,.65)), url("${hero}")`
            : 'linear-gradient(135deg, #2b2d42 0%, #51546e 100%)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      >
        <Box sx={{ p: { xs: 3, md: 5 }, maxWidth: 900 }}>
          <Typography variant="overline" sx={{ opacity: 0.85, letterSpacing: 2 }}>
            About us
          </Typography>
          <Typography variant="h3" component="h2" sx={{ fontWeight: 700, fontSize: { xs: 28, md: 44 }, lineHeight: 1.15 }}>
            {content.header_text}
          </Typography>
        </Box>
      </Paper>
      <Grid container spacing={4} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="body1" sx={{ whiteSpace: 'pre-line', fontSize: 17, lineHeight: 1.7 }}>
            {content.info_text1}
          </Typography>
          {content.info_text2 && (
            <Typography variant="body1" color="text.secondary" sx={{ whiteSpace: 'pre-line', mt: 2, lineHeight: 1.7 }}>
              {content.info_text2}
            </Typography>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined" sx={{ borderRadius: 2 }}>
            <CardActionArea onClick={onEnlarge} aria-label="Click to enlarge the about info image" sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={content.info_image_view.url}
                srcSet={content.info_image_view.srcset || undefined}
                sizes="(max-width: 900px) 100vw, 480px"
                alt="About info"
                sx={{
                  display: 'block',
                  width: '100%',
                  aspectRatio: `${content.info_image_view.width} / ${content.info_image_view.height}`,
                  maxHeight: 560,
                  objectFit: 'cover',
                  backgroundImage: content.info_image_view.placeholder ? `url("${content.info_image_view.placeholder}")` : undefined,
                  backgroundSize: 'cover',
                }}
              />
              <Box
                sx={{
                  position: 'absolute',
                  right: 12,
                  bottom: 12,
                  bgcolor: 'rgba(0,0,0,.55)',
                  color: 'common.white',
                  borderRadius: 5,
                  px: 1.25,
                  py: 0.5,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  fontSize: 13,
                }}
              >
                <ZoomInIcon fontSize="small" aria-hidden /> Click to enlarge
              </Box>
            </CardActionArea>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}
