import type { FastifyInstance } from 'fastify';

/** HTTP routes of the galleries area. */
export async function galleriesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
