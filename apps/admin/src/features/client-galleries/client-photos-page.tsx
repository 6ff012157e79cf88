import { useLocation, useSearchParams } from 'react-router';
import { GalleryPhotosPage } from '../../components/gallery';
import { useClientGallery } from './api';
import { readGalleryRef } from './paths';

/** /ClientGalleries: the photos of one client gallery (title from the navigation state; id also in the query). */
export default function ClientPhotosPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const ref = readGalleryRef(location.state, search);
  const gallery = useClientGallery(ref.id);
  return (
    <GalleryPhotosPage
      type="client-gallery"
      id={ref.id}
      name={ref.title ?? gallery.data?.title ?? null}
      parent={gallery}
      back={{ to: '/Client-gallery', label: 'Client galleries' }}
      title={(name) => name}
      fallbackTitle="Client gallery photos"
      subtitle={gallery.data?.user_text ? `Client gallery of ${gallery.data.user_text}` : 'Client gallery photos'}
      noneChosen="No client gallery selected. Choose Manage on a client gallery to upload and organise its photos."
    />
  );
}
