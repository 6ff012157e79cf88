import type { FastifyInstance } from 'fastify';
import { aboutApi } from '@darkroom/contracts';
import { imageEntityRoutes } from '../image-entities';
import { about } from './about.service';

/** HTTP routes of the about area: the content as a list (the spec reads lists) of at most one. */
export async function aboutRoutes(app: FastifyInstance): Promise<void> {
  imageEntityRoutes(app, aboutApi, about);
}
