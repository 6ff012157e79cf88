import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { countAttempt } from '../lib/rate-limiter';

/**
 * Endpoints that declare a `rateLimit` (the public ones that take a body) count each request
 * per address before a byte of its body is read, so a flood costs neither disk nor parsing.
 */
export function registerRequestLimits(app: FastifyInstance): void {
  // Only the routes that declare a limit get the hook (the rest pay nothing per request).
  app.addHook('onRoute', (route) => {
    const limit = route.config?.endpoint?.rateLimit;
    if (!limit) return;
    const count: onRequestHookHandler = (request, _reply, done) => {
      const key = `req:${route.method}:${route.url}:${request.ip}`;
      countAttempt(app.runtime.limiter, [{ key, max: limit.max }], limit.windowMs).then(() => done(), done);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), count];
  });
}
