import { useQuery } from '@tanstack/react-query';
import { carouselApi, homeGalleryApi, pageImagesApi, type CarouselItem, type HomeGalleryImage } from '@darkroom/contracts';
import { call } from '../../api/endpoints';

/**
 * What /Home reads from the areas that own the home page's content, through their own
 * declarations. Only the fields the spec names are relied on; the responsive views are used when
 * present.
 */
export interface ImageViewLike {
  url?: string;
  srcset?: string;
  placeholder?: string | null;
}

export type HomeCarouselItem = CarouselItem;
export type HomeGalleryItem = HomeGalleryImage;

/** Page id of the home page (spec: 2 Home). */
export const HOME_PAGE_ID = 2;

/** Same query keys as the owning areas use, so their writes refresh this view too. */
export function usePageImages() {
  return useQuery({ queryKey: ['page-images', 'list'], queryFn: ({ signal }) => call(pageImagesApi.list, { signal }) });
}

export function useCarousel() {
  return useQuery({ queryKey: ['carousel', 'list'], queryFn: ({ signal }) => call(carouselApi.list, { signal }) });
}

export function useHomeGallery() {
  return useQuery({ queryKey: ['home-gallery', 'list'], queryFn: ({ signal }) => call(homeGalleryApi.list, { signal }) });
}
