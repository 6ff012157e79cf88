import type { FastifyInstance } from 'fastify';

/** HTTP routes of the service-page area. */
export async function servicePageRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
