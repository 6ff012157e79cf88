import type { FastifyInstance } from 'fastify';

/** HTTP routes of the about area. */
export async function aboutRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
