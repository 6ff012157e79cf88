import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { CAROUSEL_MESSAGES, CAROUSEL_PUBLISH_LABEL, type CarouselItem } from '@darkroom/contracts';
import { CardGrid, EntityCard } from '../../components/card-grid';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { ImagePreviewDialog } from '../../components/image-preview-dialog';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { useCarouselList, useDeleteCarousel, useSetCarouselStatus } from './api';
import { CarouselDialog } from './carousel-dialog';

type DialogState = { mode: 'create' } | { mode: 'edit'; item: CarouselItem } | null;

/** /manage-carousel-images: the home page's carousel slides. */
export default function CarouselPage() {
  const notify = useNotify();
  const list = useCarouselList();
  const setStatus = useSetCarouselStatus();
  const remove = useDeleteCarousel();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<CarouselItem | null>(null);
  const [preview, setPreview] = useState<CarouselItem | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(CAROUSEL_MESSAGES.deleted, 'success');
    } catch {
      notify(CAROUSEL_MESSAGES.deleteFailed, 'error');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Carousel images"
        subtitle="Slides of the home page carousel: header, title, message and image"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
            Add carousel
          </Button>
        }
      />
      <CardGrid
        items={list.data}
        loading={list.isPending}
        error={list.error}
        emptyText="No carousel images yet"
        columns={{ xs: 12, sm: 6, md: 4 }}
        getKey={(item) => item.id}
        renderCard={(item) => (
          <EntityCard
            image={{ url: item.image_view.url, srcset: item.image_view.srcset, placeholder: item.image_view.placeholder ?? undefined }}
            title={item.header}
            subtitle={item.title}
            extra={
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}>
                {item.message}
              </Typography>
            }
            onImageClick={() => setPreview(item)}
            onEdit={() => setDialog({ mode: 'edit', item })}
            onDelete={() => setDeleting(item)}
            publish={{
              label: CAROUSEL_PUBLISH_LABEL,
              published: item.status,
              onChange: (status) => setStatus.mutateAsync({ id: item.id, status }),
            }}
          />
        )}
      />
      {dialog && (
        <CarouselDialog
          key={dialog.mode === 'edit' ? dialog.item.id : 'new'}
          item={dialog.mode === 'edit' ? dialog.item : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteConfirmDialog
        open={!!deleting}
        busy={remove.isPending}
        detail={deleting ? `Carousel '${deleting.header}' and its image will be removed.` : undefined}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      <ImagePreviewDialog open={!!preview} src={preview?.image_view.url} title={preview?.header} onClose={() => setPreview(null)} />
    </>
  );
}
