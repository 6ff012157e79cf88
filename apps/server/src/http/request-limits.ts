import type { FastifyInstance } from 'fastify';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { HttpError } from '../lib/errors';

/**
 * Endpoints that declare a `rateLimit` (the public ones that take a body) count each request
 * per address before a byte of its body is read, so a flood costs neither disk nor parsing.
 */
export function registerRequestLimits(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const limit = request.routeOptions.config.endpoint?.rateLimit;
    if (!limit) return done();
    const key = `req:${request.routeOptions.method}:${request.routeOptions.url}:${request.ip}`;
    app.runtime.limiter
      .hit(key, limit.windowMs)
      .then((count) => done(count > limit.max ? new HttpError(429, COMMON_MESSAGES.tooManyRequests) : undefined), done);
  });
}
