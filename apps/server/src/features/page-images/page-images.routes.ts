import type { FastifyInstance } from 'fastify';

/** HTTP routes of the page-images area. */
export async function pageImagesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
