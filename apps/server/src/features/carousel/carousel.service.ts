import type { CarouselItem, CarouselPatch } from '@darkroom/contracts';
import { carouselItems } from '../../db/schema';
import { sentChanges } from '../../lib/patch';
import { imageEntity } from '../image-entities';

/** Carousel slides: header, title, message and image; created unpublished. */
export const carousel = imageEntity({
  table: carouselItems,
  cacheTag: 'carousel',
  images: { imageAssetId: { field: 'image', use: 'carouselImage' } },
  values: (body: CarouselPatch) => sentChanges(body, { header: 'header', title: 'title', message: 'message', status: 'status' }),
  toView: (row): Partial<CarouselItem> => ({ id: row.id, header: row.header, title: row.title, message: row.message, status: row.status }),
});
