import type { FastifyInstance } from 'fastify';
import { servicePageApi } from '@darkroom/contracts';
import { imageEntityRoutes } from '../image-entities';
import { servicePage } from './service-page.service';

/** HTTP routes of the service page: one record, created once and then edited. */
export async function servicePageRoutes(app: FastifyInstance): Promise<void> {
  imageEntityRoutes(app, servicePageApi, servicePage);
}
