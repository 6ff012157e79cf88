import { useLocation, useSearchParams } from 'react-router';
import { SERVICE_MESSAGES } from '@darkroom/contracts';
import { GalleryPhotosPage } from '../../components/gallery';
import { useService } from './api';
import { readManageGallery } from './manage-gallery-link';

/** /ManageCategory: 'Manage {name} Gallery' with upload, from the navigation state or, after a reload, `?id=`. */
export default function ManageServiceGalleryPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const { id, known } = readManageGallery(location.state, search);
  const fetched = useService(known ? null : id);
  return (
    <GalleryPhotosPage
      type="service"
      id={id}
      name={known?.name ?? fetched.data?.name ?? null}
      parent={fetched}
      back={{ to: '/portfolio', label: 'Back to portfolio' }}
      title={SERVICE_MESSAGES.manageGalleryTitle}
      fallbackTitle="Manage Gallery"
      subtitle={known?.description ?? fetched.data?.description}
      noneChosen="Choose a service on the portfolio page, then Manage, to work on its gallery."
    />
  );
}
