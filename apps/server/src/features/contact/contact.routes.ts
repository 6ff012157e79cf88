import type { FastifyInstance } from 'fastify';

/** HTTP routes of the contact area. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
