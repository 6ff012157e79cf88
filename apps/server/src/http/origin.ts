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

const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d{1,5})?$/i;

/**
 * The address for links e-mailed because a stranger asked (the client gallery page): PUBLIC_URL,
 * or on a loopback Host (a studio trying Darkroom on its own machine) the request's own. Any other
 * Host could be forged to put the sender's address into someone else's e-mail: null.
 */
export function mailOrigin(request: FastifyRequest): string | null {
  if (request.server.runtime.config.publicUrl) return originOf(request);
  return LOOPBACK.test(request.host) ? originOf(request) : null;
}
