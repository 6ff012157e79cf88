import type { CarouselItem, CarouselPatch } from '@darkroom/contracts';
import { sentChanges } from '../../lib/patch';
import { imageEntity } from '../image-entities';
import { carouselRepository } from './carousel.repository';

/** Carousel slides: header, title, message and image; created unpublished. */
export const carousel = imageEntity({
  repository: carouselRepository,
  cacheTag: 'carousel',
  images: { imageAssetId: { field: 'image', use: 'carouselImage' } },
  values: (body: CarouselPatch) => sentChanges(body, { header: 'header', title: 'title', message: 'message', status: 'status' }),
  toView: (row): Partial<CarouselItem> => ({ id: row.id, header: row.header, title: row.title, message: row.message, status: row.status }),
});
