import type { FastifyRequest } from 'fastify';

/**
 * The site's address as this request sees it: PUBLIC_URL when set, else the request's own scheme
 * and Host (a well-formed one; anything else is `localhost`). Never another request's: a forged
 * Host shapes only its own answer.
 */
export function originOf(request: FastifyRequest): string {
  const configured = request.server.runtime.config.publicUrl;
  if (configured) return configured;
  const host = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i.test(request.host) ? request.host.toLowerCase() : 'localhost';
  return `${request.protocol}://${host}`;
}
