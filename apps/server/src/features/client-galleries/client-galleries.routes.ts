import type { FastifyInstance } from 'fastify';

/** HTTP routes of the client-galleries area. */
export async function clientGalleriesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
