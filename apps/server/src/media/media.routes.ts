import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isSafeKey } from './storage';

/** What may be served: originals (JPEG/PNG) and derived WebP files, by content-addressed name. */
const SERVABLE = /^(o\/[0-9a-f]{2}\/[0-9a-f]{64}\.(jpg|png)|d\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp)$/;

/**
 * Media files under /media/: content-addressed, so cached for a year as immutable; range
 * requests for large originals; only well-formed keys inside the media folder are served.
 */
export async function registerMediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: app.config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'deny',
    acceptRanges: true,
    etag: true,
    lastModified: false,
    immutable: true,
    maxAge: '365d',
    // Defence in depth on top of @fastify/static's own traversal checks.
    allowedPath: (pathName) => {
      const key = pathName.replace(/^\/+/, '');
      return isSafeKey(key) && SERVABLE.test(key);
    },
    setHeaders(res) {
      // The public site may live on another origin; media are public, unguessable content.
      res.header('cross-origin-resource-policy', 'cross-origin');
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
