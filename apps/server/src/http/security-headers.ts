import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. None of our directives depends on
 * the request, so every response gets the same lines; `@fastify/helmet` rebuilt the whole
 * middleware (and re-parsed the CSP) on every request, a tenth of a cached answer's time.
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
}

/**
 * Sets helmet's headers on every response, 404s and errors included (as an `onRequest` hook, so
 * a route may still override one, e.g. a CORS-readable resource policy), plus HSTS on HTTPS.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions, hsts: string): void {
  const lines = helmetHeaders(options);
  // On the reply, not the raw response: a header set on the raw response sent Node's writeHead
  // down its slow path (every reply header set and checked one by one again).
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of lines) reply.header(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
}
