import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { Alert, Button, Skeleton } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { GalleryManager } from '../../components/gallery';
import { PageHeader } from '../../components/page-header';
import { useClientGallery } from './api';
import { readGalleryRef } from './paths';

/** /ClientGalleries: the photos of one client gallery (title from the navigation state; id also in the query). */
export default function ClientPhotosPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const ref = readGalleryRef(location.state, search);
  const gallery = useClientGallery(ref.id);
  const title = ref.title ?? gallery.data?.title ?? null;

  const back = (
    <Button component={RouterLink} to="/Client-gallery" startIcon={<ArrowBackIcon />}>
      Client galleries
    </Button>
  );
  if (!ref.id || gallery.isError) {
    return (
      <>
        <PageHeader title="Client gallery photos" actions={back} />
        <Alert severity="warning">No client gallery selected. Choose Manage on a client gallery to upload and organise its photos.</Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={title ?? 'Client gallery photos'}
        subtitle={gallery.data?.user_text ? `Client gallery of ${gallery.data.user_text}` : 'Client gallery photos'}
        actions={back}
      />
      {title ? <GalleryManager type="client-gallery" parentId={ref.id} name={title} /> : <Skeleton variant="rectangular" height={320} />}
    </>
  );
}
