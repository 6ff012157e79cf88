import type { FastifyInstance } from 'fastify';

/** HTTP routes of the enquiries area. */
export async function enquiriesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
