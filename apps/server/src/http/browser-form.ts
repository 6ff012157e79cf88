import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is a browser's plain form post (no JavaScript): it is answered with a page (the
 * form again with its messages) or a 303, where a script gets JSON.
 */
export function isBrowserForm(request: FastifyRequest): boolean {
  const type = String(request.headers['content-type'] ?? '');
  const accept = String(request.headers.accept ?? '');
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type) && accept.includes('text/html');
}
