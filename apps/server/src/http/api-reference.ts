import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { declarePublicScope } from '../auth/guard';
import { routeSchema } from './route';
import { sendText } from './send';

/**
 * The OpenAPI 3.1 document, generated from the routes' schemas (which come from the endpoint
 * declarations in packages/contracts), served as JSON at /docs/json with a reference UI at /docs.
 * Both are public: they describe the API, they hold no data.
 *
 * Built on its first request, not at start-up, where @fastify/swagger and swagger-ui (YAML, a
 * JSON-schema resolver, a second static file server) were a twentieth of the time to the first
 * answer: the routes are only noted as they are registered; the first request to /docs makes a
 * Fastify instance of its own with both plugins and the same endpoints (url, method, and the
 * declaration's whole schema, which the server's own routes do not hold: see route.ts),
 * and every request under /docs is answered by it through `inject`, then sent by this server
 * (security headers, compression and logging as for any answer).
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  const endpoints: RouteOptions[] = [];
  // Added before any API route, so it sees them all (HEAD routes are Fastify's copies of GETs).
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD' && route.config?.endpoint) endpoints.push(route);
  });

  let reference: Promise<FastifyInstance> | undefined;
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const docs = await (reference ??= buildReference(endpoints));
    // HEAD is asked as GET: Fastify drops the body of our answer and keeps its length.
    const res = await docs.inject({ method: 'GET', url: request.url, headers: request.headers });
    if (res.statusCode === 404) {
      reply.callNotFound();
      return reply;
    }
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    }
    // Text (the document, the UI's page and scripts) goes out as every text answer does, compressed.
    const type = String(res.headers['content-type'] ?? '');
    if (res.statusCode === 200 && /json|yaml|javascript|html|css/.test(type)) return sendText(request, reply, res.payload, { type });
    // An empty answer (a redirect, a 304) is sent as none, so it gets no content type either.
    return reply.code(res.statusCode).send(res.rawPayload.length ? res.rawPayload : undefined);
  };

  // The same routes the two plugins register, so the route table is complete from the start.
  await app.register(
    async (scope) => {
      declarePublicScope(scope);
      for (const url of ['/', '/static/index.html', '/static/swagger-initializer.js', '/json', '/yaml', '/static/*']) {
        scope.get(url, answer);
      }
    },
    { prefix: '/docs' },
  );
}

/** Headers of the inner answer that belong to its own transfer, not to ours. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

async function buildReference(endpoints: RouteOptions[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  const docs = Fastify({ exposeHeadRoutes: false, routerOptions: { ignoreTrailingSlash: false, maxParamLength: 8192 } });
  // The schemas only describe: nothing is validated or serialized here.
  docs.setValidatorCompiler(() => (value) => ({ value }));
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Darkroom API',
        version: '1.0.0',
        description:
          'The studio back office (admin, `Authorization: Token <token>` from the login call) and the public site and client delivery (no token).',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' } },
      },
    },
    // Plugin routes (static files, the reference itself) are not part of the API.
    transform: ({ schema, url, route }) => ({
      schema: route.config?.endpoint ? schema : { ...schema, hide: true },
      url,
    }),
  });
  for (const { method, url, config } of endpoints) {
    docs.route({ method, url, schema: routeSchema(config!.endpoint!), config, handler: async () => null });
  }
  await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  await docs.ready();
  return docs;
}
