import { Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { CAROUSEL_MESSAGES, CAROUSEL_PUBLISH_LABEL, type CarouselItem } from '@darkroom/contracts';
import { CrudCardPage } from '../../components/crud-card-page';
import { ReorderButton } from '../../components/reorder/reorder-button';
import { useCarouselList, useDeleteCarousel, useOrderCarousel, useSetCarouselStatus } from './api';
import { CarouselDialog } from './carousel-dialog';

const toReorderItem = (c: CarouselItem) => ({ id: c.id, label: `${c.header}: ${c.title}`, image: c.image_view.square ?? c.image_view.url });

/** /manage-carousel-images: the home page's carousel slides. */
export default function CarouselPage() {
  const list = useCarouselList();
  const setStatus = useSetCarouselStatus();
  const remove = useDeleteCarousel();
  const order = useOrderCarousel();

  return (
    <CrudCardPage<CarouselItem>
      title="Carousel images"
      subtitle="Slides of the home page carousel: header, title, message and image"
      addLabel="Add carousel"
      addIcon={<AddIcon />}
      headerActions={
        <ReorderButton
          what="carousel slides"
          items={list.data?.map(toReorderItem)}
          reload={async () => (await list.refetch()).data?.map(toReorderItem)}
          save={order.mutateAsync}
        />
      }
      items={list.data}
      loading={list.isPending}
      error={list.error}
      emptyText="No carousel images yet"
      columns={{ xs: 12, sm: 6, md: 4 }}
      card={(item) => ({
        image: { url: item.image_view.url, srcset: item.image_view.srcset, placeholder: item.image_view.placeholder ?? undefined },
        title: item.header,
        subtitle: item.title,
        extra: (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}>
            {item.message}
          </Typography>
        ),
      })}
      publish={{ label: CAROUSEL_PUBLISH_LABEL, onChange: (item, status) => setStatus.mutateAsync({ id: item.id, status }) }}
      remove={{
        remove: (item) => remove.mutateAsync(item.id),
        deleted: CAROUSEL_MESSAGES.deleted,
        failed: CAROUSEL_MESSAGES.deleteFailed,
        detail: (item) => `Carousel '${item.header}' and its image will be removed.`,
      }}
      preview={(item) => ({ src: item.image_view.url, title: item.header })}
      renderEditor={(item, onClose) => <CarouselDialog item={item ?? undefined} onClose={onClose} />}
    />
  );
}
