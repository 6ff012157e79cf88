import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Media files under /media/: content-addressed, so cached for a year and never revalidated. */
export async function registerMediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: app.config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    immutable: true,
    maxAge: '365d',
  });
}
