import type { FastifyInstance } from 'fastify';

/** HTTP routes of the love-stories area. */
export async function loveStoriesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
