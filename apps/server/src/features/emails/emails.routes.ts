import type { FastifyInstance } from 'fastify';

/** HTTP routes of the emails area. */
export async function emailsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
