import type { FastifyInstance } from 'fastify';

/** HTTP routes of the home-gallery area. */
export async function homeGalleryRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
