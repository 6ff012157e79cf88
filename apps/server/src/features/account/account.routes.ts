import type { FastifyInstance } from 'fastify';

/** HTTP routes of the account area. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
