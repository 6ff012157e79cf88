import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/**
 * What /Home reads from the areas that own the home page's content. Only the fields the spec
 * names are relied on; the responsive views are used when present.
 */
export interface ImageViewLike {
  url?: string;
  srcset?: string;
  placeholder?: string | null;
}

export interface HomePageImage {
  id: number;
  page: number;
  image: string;
  image_view?: ImageViewLike;
  status: boolean;
}

export interface HomeCarouselItem {
  id: number;
  header: string;
  title: string;
  message: string;
  image: string;
  image_view?: ImageViewLike;
  status: boolean;
}

export interface HomeGalleryItem {
  id: number;
  name: string;
  cover_image: string;
  cover_image_view?: ImageViewLike;
  status: boolean;
}

/** Page id of the home page (spec: 2 Home). */
export const HOME_PAGE_ID = 2;

/** Same query keys as the owning areas use, so their writes refresh this view too. */
export function usePageImages() {
  return useQuery({
    queryKey: ['page-images', 'list'],
    queryFn: ({ signal }) => api.get<HomePageImage[]>('/adminportal/pages-images/', signal),
  });
}

export function useCarousel() {
  return useQuery({
    queryKey: ['carousel', 'list'],
    queryFn: ({ signal }) => api.get<HomeCarouselItem[]>('/adminportal/manage-carousel/', signal),
  });
}

export function useHomeGallery() {
  return useQuery({
    queryKey: ['home-gallery', 'list'],
    queryFn: ({ signal }) => api.get<HomeGalleryItem[]>('/adminportal/home-gallery-image/', signal),
  });
}
