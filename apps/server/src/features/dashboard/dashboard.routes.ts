import type { FastifyInstance } from 'fastify';

/** HTTP routes of the dashboard area. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
