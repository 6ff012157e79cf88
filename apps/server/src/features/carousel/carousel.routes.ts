import type { FastifyInstance } from 'fastify';
import { carouselApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import { CAROUSEL_CACHE_TAG, createCarouselItem, deleteCarouselItem, listCarouselItems, updateCarouselItem } from './carousel.service';

/** HTTP routes of the carousel area. */
export async function carouselRoutes(app: FastifyInstance): Promise<void> {
  route(app, carouselApi.list, ({ ctx, cached }) => cached(CAROUSEL_CACHE_TAG, 'list', () => listCarouselItems(ctx)));
  route(app, carouselApi.create, ({ ctx, body, files }) => createCarouselItem(ctx, body, firstFile(files, 'image')!));
  route(app, carouselApi.update, ({ ctx, params, body, files }) => updateCarouselItem(ctx, params.id, body, firstFile(files, 'image')));
  route(app, carouselApi.remove, ({ ctx, params }) => deleteCarouselItem(ctx, params.id));
}
