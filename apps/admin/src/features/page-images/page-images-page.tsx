import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PAGE_IMAGE_MESSAGES, type PageImage } from '@darkroom/contracts';
import { CardGrid, EntityCard } from '../../components/card-grid';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { ImagePreviewDialog } from '../../components/image-preview-dialog';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { failureText, useDeletePageImage, usePageImages, usePublishPageImage } from './api';
import { PageImageDialog } from './page-image-dialog';

type Editing = { pageImage: PageImage | null } | null;

/** /manage-page-images: the banner image of each public page, with edit, delete, publish and preview. */
export default function PageImagesPage() {
  const notify = useNotify();
  const list = usePageImages();
  const publish = usePublishPageImage();
  const remove = useDeletePageImage();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PageImage | null>(null);
  const [previewing, setPreviewing] = useState<PageImage | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(PAGE_IMAGE_MESSAGES.deleted, 'success');
    } catch (err) {
      notify(failureText(err, PAGE_IMAGE_MESSAGES.deleteFailed), 'error');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title={PAGE_IMAGE_MESSAGES.listTitle}
        subtitle="The banner image shown at the top of each page of the website."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ pageImage: null })}>
            Add page image
          </Button>
        }
      />
      {list.error && !list.data?.length ? (
        <Alert severity="error">{PAGE_IMAGE_MESSAGES.loadFailed}</Alert>
      ) : (
        <CardGrid
          items={list.data}
          loading={list.isLoading}
          emptyText="No page images yet. Add one for each page of the website."
          columns={{ xs: 12, sm: 6, md: 4 }}
          getKey={(p) => p.id}
          renderCard={(p) => (
            <EntityCard
              image={{ url: p.image, srcset: p.image_view.srcset, placeholder: p.image_view.placeholder ?? undefined }}
              title={p.page_name.toUpperCase()}
              onImageClick={() => setPreviewing(p)}
              onEdit={() => setEditing({ pageImage: p })}
              onDelete={() => setDeleting(p)}
              publish={{ label: 'Page image', published: p.status, onChange: (status) => publish.mutateAsync({ id: p.id, status }) }}
            />
          )}
        />
      )}
      {editing && <PageImageDialog key={editing.pageImage?.id ?? 'new'} pageImage={editing.pageImage} onClose={() => setEditing(null)} />}
      <ImagePreviewDialog
        open={!!previewing}
        src={previewing?.image}
        title={previewing?.page_name.toUpperCase()}
        onClose={() => setPreviewing(null)}
      />
      <DeleteConfirmDialog open={!!deleting} busy={remove.isPending} onConfirm={confirmDelete} onClose={() => setDeleting(null)} />
    </>
  );
}
