import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { CLIENT_GALLERY_MESSAGES, CLIENT_GALLERY_PUBLISH_LABEL, type ClientGallery } from '@darkroom/contracts';
import { CardGrid, EntityCard } from '../../components/card-grid';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { openGalleryViewer } from '../../components/gallery';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { useClientGalleries, useDeleteClientGallery, usePublishClientGallery } from './api';
import { ClientGalleryDialog } from './client-gallery-dialog';
import { clientPhotosPath } from './paths';

/** /Client-gallery: every client gallery as a card (four per row on wide screens) with its controls. */
export default function ClientGalleriesPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const galleries = useClientGalleries();
  const publish = usePublishClientGallery();
  const remove = useDeleteClientGallery();
  // `editing`: undefined = closed, null = create, a gallery = edit. The key remounts the form per gallery.
  const [editing, setEditing] = useState<ClientGallery | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ClientGallery | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(CLIENT_GALLERY_MESSAGES.deleted, 'success');
    } catch {
      notify(CLIENT_GALLERY_MESSAGES.deleteFailed, 'error');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Client galleries"
        subtitle="Each customer's private gallery, with its photos and link."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            Create client gallery
          </Button>
        }
      />
      <CardGrid
        items={galleries.data}
        loading={galleries.isLoading}
        error={galleries.error}
        emptyText={CLIENT_GALLERY_MESSAGES.empty}
        columns={{ xs: 12, sm: 6, md: 3 }}
        getKey={(g) => g.id}
        renderCard={(g) => (
          <EntityCard
            image={{ url: g.cover_image, srcset: g.cover_image_view.srcset, placeholder: g.cover_image_view.placeholder ?? undefined }}
            title={g.title}
            uppercaseTitle
            subtitle={g.user_text || 'No user'}
            onImageClick={() => openGalleryViewer(navigate, { type: 'client-gallery', id: g.id, title: g.title })}
            onEdit={() => setEditing(g)}
            onDelete={() => setDeleting(g)}
            onManage={() => navigate(clientPhotosPath(g.id), { state: { id: g.id, title: g.title } })}
            publish={{
              label: CLIENT_GALLERY_PUBLISH_LABEL,
              published: g.status,
              onChange: (next) => publish.mutateAsync({ id: g.id, status: next }),
            }}
          />
        )}
      />
      {editing !== undefined && (
        <ClientGalleryDialog key={editing?.id ?? 'new'} open gallery={editing} onClose={() => setEditing(undefined)} />
      )}
      <DeleteConfirmDialog
        open={!!deleting}
        busy={remove.isPending}
        detail={deleting ? `"${deleting.title}" and all its photos will be removed.` : undefined}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
