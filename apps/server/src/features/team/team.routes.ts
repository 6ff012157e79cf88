import type { FastifyInstance } from 'fastify';

/** HTTP routes of the team area. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
