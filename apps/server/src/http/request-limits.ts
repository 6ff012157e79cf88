import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { throttled } from '../lib/rate-limiter';

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
      const { limiter } = app.runtime;
      limiter
        .hit(key, limit.windowMs)
        .then(async (n) => done(n > limit.max ? await throttled(limiter, [key], COMMON_MESSAGES.tooManyRequests) : undefined), done);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), count];
  });
}
