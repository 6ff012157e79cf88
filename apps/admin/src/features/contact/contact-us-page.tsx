import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Grid, Link, Skeleton, Stack, Typography } from '@mui/material';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import { COMMON_MESSAGES, CONTACT_MESSAGES, CONTACT_US_DIALOG_TITLE, type ContactUsContent } from '@darkroom/contracts';
import { EmptyState } from '../../components/empty-state';
import { ImagePreviewDialog } from '../../components/image-preview-dialog';
import { PageHeader } from '../../components/page-header';
import { useContactUsContent } from './api';
import { ContactUsDialog } from './contact-us-dialog';

/** /Contact-us: the contact page's content as visitors see it, with its manage dialog. */
export default function ContactUsPage() {
  const content = useContactUsContent();
  const [managing, setManaging] = useState(false);
  const data = content.data ?? null;

  return (
    <>
      <PageHeader
        title="Contact us"
        subtitle="What the website's contact page shows"
        actions={
          <Button variant="contained" startIcon={<EditNoteOutlinedIcon />} onClick={() => setManaging(true)} disabled={content.isPending}>
            {CONTACT_US_DIALOG_TITLE}
          </Button>
        }
      />
      <Alert severity="info" data-testid="feeds-note" sx={{ mb: 3 }}>
        This record feeds the website&apos;s Contact us page: its images, heading and text. The email, phone and address rows listed to
        visitors are a separate list, kept under{' '}
        <Link component={RouterLink} to="/Contact-us-info">
          Contact-us Info
        </Link>
        .
      </Alert>
      {content.isPending ? (
        <Stack spacing={2} aria-busy="true" aria-label={COMMON_MESSAGES.fetching}>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : content.isError ? (
        <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>
      ) : data ? (
        <ContactUsView content={data} />
      ) : (
        <EmptyState icon={<ContactMailOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />}>
          {CONTACT_MESSAGES.empty}
        </EmptyState>
      )}
      {managing && <ContactUsDialog content={data} onClose={() => setManaging(false)} />}
    </>
  );
}

function ContactUsView({ content }: { content: ContactUsContent }) {
  const [preview, setPreview] = useState(false);
  const nav = content.nav_image_view;
  return (
    <Stack spacing={3}>
      <Box
        component={nav ? 'button' : 'div'}
        type={nav ? 'button' : undefined}
        onClick={nav ? () => setPreview(true) : undefined}
        aria-label={nav ? 'Contact us, view nav image' : undefined}
        sx={{
          position: 'relative',
          border: 0,
          p: 0,
          width: '100%',
          minHeight: 180,
          borderRadius: 2,
          overflow: 'hidden',
          cursor: nav ? 'zoom-in' : 'default',
          bgcolor: 'primary.dark',
          backgroundImage: nav ? `url("${nav.placeholder ?? nav.url}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          display: 'grid',
          placeItems: 'center',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {nav && (
          <Box
            component="img"
            src={nav.url}
            srcSet={nav.srcset || undefined}
            sizes="100vw"
            alt=""
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
        <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(0,0,0,.35)' }} />
        <Typography
          variant="h4"
          component="span"
          sx={{ display: 'block', position: 'relative', color: '#fff', fontWeight: 600, letterSpacing: 1 }}
        >
          Contact us
        </Typography>
      </Box>
      <Grid container spacing={2}>
        <Detail icon={<MailOutlineIcon />} label="Email">
          <Link href={`mailto:${content.email}`}>{content.email}</Link>
        </Detail>
        <Detail icon={<PhoneOutlinedIcon />} label="Phone">
          <Link href={`tel:${content.phone.replace(/[^\d+]/g, '')}`}>{content.phone}</Link>
        </Detail>
        <Detail icon={<PlaceOutlinedIcon />} label="Address">
          {content.address || '—'}
        </Detail>
      </Grid>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            Description
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{content.description || '—'}</Typography>
        </CardContent>
      </Card>
      <ImagePreviewDialog open={preview} src={nav?.url} title="Nav image" onClose={() => setPreview(false)} />
    </Stack>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, md: 4 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ color: 'primary.main', mt: 0.25 }} aria-hidden>
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
              {label}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{children}</Typography>
          </Box>
        </CardContent>
      </Card>
    </Grid>
  );
}
