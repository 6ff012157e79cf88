import type { FastifyInstance } from 'fastify';

/** The rendered website (added with apps/site). */
export async function registerSitePages(app: FastifyInstance): Promise<void> {
  void app;
}
