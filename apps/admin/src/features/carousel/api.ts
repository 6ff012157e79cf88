import { carouselApi } from '@darkroom/contracts';
import { useEntityList, useEntityOrder, useEntityRemove, useEntitySave, useEntityStatus } from '../../api/image-entities';

export const carouselKeys = { list: ['carousel', 'list'] as const };

export interface CarouselWrite {
  header: string;
  title: string;
  message: string;
  /** Sent only when a new file was chosen. */
  image: File | null;
}

/** Every write refreshes the list once it settles (also after a failure, which may be a stale row). */
export const useCarouselList = () => useEntityList(carouselKeys.list, carouselApi);
export const useSaveCarousel = () => useEntitySave<CarouselWrite>(carouselKeys.list, carouselApi);
export const useSetCarouselStatus = () => useEntityStatus(carouselKeys.list, carouselApi);
export const useDeleteCarousel = () => useEntityRemove(carouselKeys.list, carouselApi);

/** Saves the order the website shows them in. */
export const useOrderCarousel = () => useEntityOrder(carouselKeys.list, carouselApi);
