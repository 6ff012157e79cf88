import type { FastifyInstance } from 'fastify';

/** HTTP routes of the carousel area. */
export async function carouselRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
