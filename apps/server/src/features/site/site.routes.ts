import type { FastifyInstance } from 'fastify';

/** HTTP routes of the site area. */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
