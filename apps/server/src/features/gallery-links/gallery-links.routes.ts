import type { FastifyInstance } from 'fastify';

/** HTTP routes of the gallery-links area. */
export async function galleryLinksRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
