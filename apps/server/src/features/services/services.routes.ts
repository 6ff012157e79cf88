import type { FastifyInstance } from 'fastify';

/** HTTP routes of the services area. */
export async function servicesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
