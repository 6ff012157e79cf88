import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DesignServicesOutlinedIcon from '@mui/icons-material/DesignServicesOutlined';
import { COMMON_MESSAGES, SERVICE_PAGE_MESSAGES, type ServicePageContent } from '@darkroom/contracts';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { useServicePage } from './api';
import { ServicePageDialog } from './service-page-dialog';

/** /Services: the single service page, shown as the site shows it, with its create/edit dialog. */
export default function ServicePage() {
  const { data, isLoading, error } = useServicePage();
  const [open, setOpen] = useState(false);
  const content = data ?? null;
  const exists = !!content?.name;

  return (
    <>
      <PageHeader
        title="Service page"
        subtitle="The introduction shown at the top of the website's services page."
        actions={
          !isLoading &&
          !error && (
            <Button variant="contained" startIcon={exists ? <EditOutlinedIcon /> : <AddIcon />} onClick={() => setOpen(true)}>
              {exists ? 'Edit service page' : 'Create service page'}
            </Button>
          )
        }
      />
      {isLoading ? (
        <Card>
          <Skeleton variant="rectangular" height={320} />
          <CardContent>
            <Skeleton width="40%" height={40} />
            <Skeleton />
            <Skeleton width="80%" />
          </CardContent>
          <Typography sx={{ px: 2, pb: 2 }} color="text.secondary" role="status">
            {COMMON_MESSAGES.fetching}
          </Typography>
        </Card>
      ) : error ? (
        <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>
      ) : content ? (
        <ContentView content={content} />
      ) : (
        <Card variant="outlined" sx={{ py: 8, px: 2, textAlign: 'center' }}>
          <DesignServicesOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {SERVICE_PAGE_MESSAGES.empty}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Add a name, a description and an image to introduce your services.
          </Typography>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
            Create service page
          </Button>
        </Card>
      )}
      {open && <ServicePageDialog content={content} onClose={() => setOpen(false)} />}
    </>
  );
}

function ContentView({ content }: { content: ServicePageContent }) {
  const view = content.image_view;
  return (
    <Card component="article" aria-label="Current service page">
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '16 / 7',
          bgcolor: 'grey.900',
          backgroundImage: view?.placeholder ? `url(${view.placeholder})` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      >
        <Box
          component="img"
          src={content.image}
          srcSet={view?.srcset || undefined}
          sizes="(min-width: 1200px) 1100px, 100vw"
          alt={content.name}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={2}>
          <Typography variant="h4" component="h2" sx={{ fontWeight: 600 }}>
            {content.name}
          </Typography>
          {content.description ? (
            <Typography sx={{ whiteSpace: 'pre-wrap', maxWidth: '75ch' }}>{content.description}</Typography>
          ) : (
            <Typography color="text.secondary">No description yet.</Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            Last updated {formatDateTime(content.time_updated)}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
