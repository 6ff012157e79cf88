import { useState } from 'react';
import { Button } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { HOME_GALLERY_MESSAGES, HOME_GALLERY_PUBLISH_LABEL, type HomeGalleryImage } from '@darkroom/contracts';
import { CardGrid, EntityCard } from '../../components/card-grid';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { ImagePreviewDialog } from '../../components/image-preview-dialog';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { useDeleteHomeGalleryImage, useHomeGalleryList, useSetHomeGalleryStatus } from './api';
import { HomeGalleryDialog } from './home-gallery-dialog';

type DialogState = { mode: 'create' } | { mode: 'edit'; item: HomeGalleryImage } | null;

/** /manage-home-gallery: the images of the home page gallery. */
export default function HomeGalleryPage() {
  const notify = useNotify();
  const list = useHomeGalleryList();
  const setStatus = useSetHomeGalleryStatus();
  const remove = useDeleteHomeGalleryImage();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<HomeGalleryImage | null>(null);
  const [preview, setPreview] = useState<HomeGalleryImage | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(HOME_GALLERY_MESSAGES.deleted, 'success');
    } catch {
      notify(HOME_GALLERY_MESSAGES.deleteFailed, 'error');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Gallery images"
        subtitle="Images of the home page gallery"
        actions={
          <Button variant="contained" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => setDialog({ mode: 'create' })}>
            Upload image
          </Button>
        }
      />
      <CardGrid
        items={list.data}
        loading={list.isPending}
        error={list.error}
        emptyText="No gallery images yet"
        columns={{ xs: 12, sm: 4, md: 3 }}
        getKey={(item) => item.id}
        renderCard={(item) => (
          <EntityCard
            image={{
              url: item.cover_image_view.url,
              srcset: item.cover_image_view.srcset,
              placeholder: item.cover_image_view.placeholder ?? undefined,
            }}
            title={item.name}
            onImageClick={() => setPreview(item)}
            onEdit={() => setDialog({ mode: 'edit', item })}
            onDelete={() => setDeleting(item)}
            publish={{
              label: HOME_GALLERY_PUBLISH_LABEL,
              published: item.status,
              onChange: (status) => setStatus.mutateAsync({ id: item.id, status }),
            }}
          />
        )}
      />
      {dialog && (
        <HomeGalleryDialog
          key={dialog.mode === 'edit' ? dialog.item.id : 'new'}
          item={dialog.mode === 'edit' ? dialog.item : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteConfirmDialog
        open={!!deleting}
        busy={remove.isPending}
        detail={deleting ? `'${deleting.name}' will be removed from the home page gallery.` : undefined}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      <ImagePreviewDialog open={!!preview} src={preview?.cover_image_view.url} title={preview?.name} onClose={() => setPreview(null)} />
    </>
  );
}
