import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { Alert, Button, Skeleton } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { SERVICE_MESSAGES } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { GalleryManager } from '../../components/gallery';
import { PageHeader } from '../../components/page-header';
import { useService } from './api';
import { readManageGallery } from './manage-gallery-link';

const back = (
  <Button component={RouterLink} to="/portfolio" startIcon={<ArrowBackIcon />}>
    Back to portfolio
  </Button>
);

/** /ManageCategory: 'Manage {name} Gallery' with upload, from the navigation state or, after a reload, `?id=`. */
export default function ManageServiceGalleryPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const { id, known } = readManageGallery(location.state, search);
  const fetched = useService(known ? null : id);
  const service = known ?? (fetched.data ? { id: fetched.data.id, name: fetched.data.name, description: fetched.data.description } : null);

  if (!id) {
    return (
      <>
        <PageHeader title="Manage Gallery" actions={back} />
        <Alert severity="info">Choose a service on the portfolio page, then Manage, to work on its gallery.</Alert>
      </>
    );
  }
  if (!service) {
    if (fetched.isLoading) return <Skeleton variant="rounded" height={64} aria-label="Loading..." />;
    const gone = fetched.error instanceof ApiError && fetched.error.status === 404;
    return (
      <>
        <PageHeader title="Manage Gallery" actions={back} />
        <Alert severity="error">{gone ? 'This service no longer exists.' : 'The service could not be loaded. Try again.'}</Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader title={SERVICE_MESSAGES.manageGalleryTitle(service.name)} subtitle={service.description} actions={back} />
      <GalleryManager type="service" parentId={service.id} name={service.name} />
    </>
  );
}
