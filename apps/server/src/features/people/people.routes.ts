import type { FastifyInstance } from 'fastify';

/** HTTP routes of the people area. */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
