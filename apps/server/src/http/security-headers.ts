import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

interface SecurityHeadersConfig {
  securityHeaders?: [string, string][];
  /** The page set, for a route that answers a page now and then (`useDocumentHeaders`). */
  documentHeaders?: [string, string][];
  endpoint?: { produces?: string };
}

/**
 * Sets helmet's headers on every response, 404s and errors included (as an `onRequest` hook, so
 * a route may still override one, e.g. a CORS-readable resource policy), plus HSTS on HTTPS.
 * Declared endpoints that answer no HTML page get the `api` set; everything else (the website,
 * the portal, media, /docs, unmatched paths) the `document` set.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { document: HelmetOptions; api: HelmetOptions },
  hsts: string,
): void {
  const documentLines = helmetHeaders(options.document);
  const apiLines = helmetHeaders(options.api);
  // Chosen once per route, when it is registered (a scope may add its own: `withScopeHeaders`).
  app.addHook('onRoute', (route) => {
    const config = route.config as SecurityHeadersConfig | undefined;
    const securityHeaders = config?.endpoint && config.endpoint.produces !== 'html' ? apiLines : documentLines;
    route.config = { ...route.config, securityHeaders, documentHeaders: documentLines } as typeof route.config;
  });
  // On the reply, not the raw response: a header set on the raw response sent Node's writeHead
  // down its slow path (every reply header set and checked one by one again).
  app.addHook('onRequest', (request, reply, done) => {
    // Unmatched paths (404s) have no route of their own: the page set.
    const lines = (request.routeOptions.config as SecurityHeadersConfig).securityHeaders ?? documentLines;
    for (const [name, value] of lines) reply.header(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
}

/**
 * Lines every route of a scope sends on top of its security headers (a line of the same name
 * replaces theirs), sent with them from one list: a hook of the scope's own setting them on each
 * request was a step more, and set some headers twice. Call it on the scope before its routes.
 */
export function withScopeHeaders(scope: FastifyInstance, headers: Record<string, string>): void {
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const extra = Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as [string, string]);
  // Runs after the root's hook above (a scope's onRoute hooks come after its parents'), so the
  // route's own lines are already chosen.
  scope.addHook('onRoute', (route) => {
    const config = route.config as SecurityHeadersConfig | undefined;
    const own = (config?.securityHeaders ?? []).filter(([name]) => !names.has(name));
    route.config = { ...route.config, securityHeaders: [...own, ...extra] } as typeof route.config;
  });
}

/**
 * Sends a page's security headers from a route that otherwise answers JSON (a plain form post
 * given back with its messages): under the JSON set's `default-src 'none'` the page's own
 * inline styles would be refused.
 */
export function useDocumentHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const lines = (request.routeOptions.config as SecurityHeadersConfig).documentHeaders;
  for (const [name, value] of lines ?? []) reply.header(name, value);
}
