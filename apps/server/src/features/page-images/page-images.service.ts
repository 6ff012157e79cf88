import { PAGES, pageName, type PageImage, type PageImageUpdateInput, type PageType } from '@darkroom/contracts';
import { sentChanges } from '../../lib/patch';
import { imageEntity } from '../image-entities';
import { pageImagesRepository } from './page-images.repository';

/** Banner images of the public pages, by page id. */
export const pageImages = imageEntity({
  repository: pageImagesRepository,
  cacheTag: 'page-images',
  // The portal crops to 16:9 before upload; the server's 16:9 crop covers clients that do not.
  images: { imageAssetId: { field: 'image', use: 'pageImage', wide: true } },
  values: (body: PageImageUpdateInput) => sentChanges(body, { page: 'page', status: 'status' }),
  toView: (row): Partial<PageImage> => ({ id: row.id, page: row.page, page_name: pageName(row.page), status: row.status }),
});

export function pageTypes(): PageType[] {
  return PAGES.map((p) => ({ id: p.id, name: p.name, slug: p.slug }));
}
