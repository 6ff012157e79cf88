import AddIcon from '@mui/icons-material/Add';
import { PAGE_IMAGE_MESSAGES, type PageImage } from '@darkroom/contracts';
import { CrudCardPage } from '../../components/crud-card-page';
import { PAGE_IMAGE_FIELD_ORDER, useDeletePageImage, usePageImages, usePublishPageImage } from './api';
import { PageImageDialog } from './page-image-dialog';

/** /manage-page-images: the banner image of each public page, with edit, delete, publish and preview. */
export default function PageImagesPage() {
  const list = usePageImages();
  const publish = usePublishPageImage();
  const remove = useDeletePageImage();

  return (
    <CrudCardPage<PageImage>
      title={PAGE_IMAGE_MESSAGES.listTitle}
      subtitle="The banner image shown at the top of each page of the website."
      addLabel="Add page image"
      addIcon={<AddIcon />}
      items={list.data}
      loading={list.isLoading}
      error={list.error}
      loadFailedText={PAGE_IMAGE_MESSAGES.loadFailed}
      emptyText="No page images yet. Add one for each page of the website."
      columns={{ xs: 12, sm: 6, md: 4 }}
      card={(p) => ({
        image: { url: p.image, srcset: p.image_view.srcset, placeholder: p.image_view.placeholder ?? undefined },
        title: p.page_name.toUpperCase(),
      })}
      publish={{ label: 'Page image', onChange: (p, status) => publish.mutateAsync({ id: p.id, status }) }}
      remove={{
        remove: (p) => remove.mutateAsync(p.id),
        deleted: PAGE_IMAGE_MESSAGES.deleted,
        failed: { fallback: PAGE_IMAGE_MESSAGES.deleteFailed, fields: PAGE_IMAGE_FIELD_ORDER, serverFault: 'generic' },
      }}
      preview={(p) => ({ src: p.image, title: p.page_name.toUpperCase() })}
      renderEditor={(pageImage, onClose) => <PageImageDialog pageImage={pageImage} onClose={onClose} />}
    />
  );
}
