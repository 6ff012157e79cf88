import { useNavigate } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import { CLIENT_GALLERY_MESSAGES, CLIENT_GALLERY_PUBLISH_LABEL, type ClientGallery } from '@darkroom/contracts';
import { CrudCardPage } from '../../components/crud-card-page';
import { openGalleryViewer } from '../../components/gallery';
import { useClientGalleries, useDeleteClientGallery, usePublishClientGallery } from './api';
import { ClientGalleryDialog } from './client-gallery-dialog';
import { clientPhotosPath } from './paths';

/** /Client-gallery: every client gallery as a card (four per row on wide screens) with its controls. */
export default function ClientGalleriesPage() {
  const navigate = useNavigate();
  const galleries = useClientGalleries();
  const publish = usePublishClientGallery();
  const remove = useDeleteClientGallery();

  return (
    <CrudCardPage<ClientGallery>
      title="Client galleries"
      subtitle="Each customer's private gallery, with its photos and link."
      addLabel="Create client gallery"
      addIcon={<AddIcon />}
      items={galleries.data}
      loading={galleries.isLoading}
      error={galleries.error}
      emptyText={CLIENT_GALLERY_MESSAGES.empty}
      columns={{ xs: 12, sm: 6, md: 3 }}
      card={(g) => ({
        image: { url: g.cover_image, srcset: g.cover_image_view.srcset, placeholder: g.cover_image_view.placeholder ?? undefined },
        title: g.title,
        uppercaseTitle: true,
        subtitle: g.user_text || 'No user',
        onImageClick: () => openGalleryViewer(navigate, { type: 'client-gallery', id: g.id, title: g.title }),
        onManage: () => navigate(clientPhotosPath(g.id), { state: { id: g.id, title: g.title } }),
      })}
      publish={{ label: CLIENT_GALLERY_PUBLISH_LABEL, onChange: (g, status) => publish.mutateAsync({ id: g.id, status }) }}
      remove={{
        remove: (g) => remove.mutateAsync(g.id),
        deleted: CLIENT_GALLERY_MESSAGES.deleted,
        failed: CLIENT_GALLERY_MESSAGES.deleteFailed,
        detail: (g) => `"${g.title}" and all its photos will be removed.`,
      }}
      renderEditor={(gallery, onClose) => <ClientGalleryDialog gallery={gallery} onClose={onClose} />}
    />
  );
}
