import type { FastifyInstance } from 'fastify';
import { carouselApi } from '@darkroom/contracts';
import { imageEntityRoutes } from '../image-entities';
import { carousel } from './carousel.service';

/** HTTP routes of the carousel area. */
export async function carouselRoutes(app: FastifyInstance): Promise<void> {
  imageEntityRoutes(app, carouselApi, carousel);
}
