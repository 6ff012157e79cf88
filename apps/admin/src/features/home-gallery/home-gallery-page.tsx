import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { HOME_GALLERY_MESSAGES, HOME_GALLERY_PUBLISH_LABEL, type HomeGalleryImage } from '@darkroom/contracts';
import { CrudCardPage } from '../../components/crud-card-page';
import { ReorderButton } from '../../components/reorder/reorder-button';
import { useDeleteHomeGalleryImage, useHomeGalleryList, useOrderHomeGallery, useSetHomeGalleryStatus } from './api';
import { HomeGalleryDialog } from './home-gallery-dialog';
import { HomeGalleryUploadDialog } from './home-gallery-upload-dialog';

const toReorderItem = (g: HomeGalleryImage) => ({ id: g.id, label: g.name, image: g.cover_image_view.square ?? g.cover_image_view.url });

/** /manage-home-gallery: the images of the home page gallery. */
export default function HomeGalleryPage() {
  const list = useHomeGalleryList();
  const setStatus = useSetHomeGalleryStatus();
  const remove = useDeleteHomeGalleryImage();
  const order = useOrderHomeGallery();

  return (
    <CrudCardPage<HomeGalleryImage>
      title="Gallery images"
      subtitle="Images of the home page gallery"
      addLabel="Upload images"
      addIcon={<AddPhotoAlternateOutlinedIcon />}
      headerActions={
        <ReorderButton
          what="gallery images"
          items={list.data?.map(toReorderItem)}
          reload={async () => (await list.refetch()).data?.map(toReorderItem)}
          save={order.mutateAsync}
        />
      }
      items={list.data}
      loading={list.isPending}
      error={list.error}
      emptyText="No gallery images yet"
      columns={{ xs: 12, sm: 4, md: 3 }}
      card={(item) => ({
        image: {
          url: item.cover_image_view.url,
          srcset: item.cover_image_view.srcset,
          placeholder: item.cover_image_view.placeholder ?? undefined,
        },
        title: item.name,
      })}
      publish={{ label: HOME_GALLERY_PUBLISH_LABEL, onChange: (item, status) => setStatus.mutateAsync({ id: item.id, status }) }}
      remove={{
        remove: (item) => remove.mutateAsync(item.id),
        deleted: HOME_GALLERY_MESSAGES.deleted,
        failed: HOME_GALLERY_MESSAGES.deleteFailed,
        detail: (item) => `'${item.name}' will be removed from the home page gallery.`,
      }}
      preview={(item) => ({ src: item.cover_image_view.url, title: item.name })}
      renderEditor={(item, onClose) =>
        // Many new images in one dialog; Edit replaces one image's file.
        item ? <HomeGalleryDialog item={item} onClose={onClose} /> : <HomeGalleryUploadDialog onClose={onClose} />
      }
    />
  );
}
