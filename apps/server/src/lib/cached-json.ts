import type { FastifyInstance, FastifyReply } from 'fastify';

/** Sends text that is already JSON (a cached list) without serialising it a second time. */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json').send(json);
}

/**
 * A read-mostly list served from the response cache under `tag`; the area's writes
 * `app.cache.invalidate(tag)` so the next read reloads it.
 */
export function cachedListRoute(app: FastifyInstance, url: string, tag: string, load: () => Promise<unknown>, key = 'list'): void {
  app.get(url, async (_request, reply) => sendJson(reply, await app.cache.json(tag, key, load)));
}
