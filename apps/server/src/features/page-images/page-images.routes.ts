import type { FastifyInstance } from 'fastify';
import { pageImagesApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { imageEntityRoutes } from '../image-entities';
import { pageImages, pageTypes } from './page-images.service';

/** HTTP routes of the page-images area. */
export async function pageImagesRoutes(app: FastifyInstance): Promise<void> {
  route(app, pageImagesApi.pageTypes, async () => pageTypes());
  imageEntityRoutes(app, pageImagesApi, pageImages);
}
