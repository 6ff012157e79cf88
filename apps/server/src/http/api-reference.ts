import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { declarePublicScope } from '../auth/guard';

/**
 * The OpenAPI 3.1 document, generated from the routes' schemas (which come from the endpoint
 * declarations in packages/contracts), served as JSON at /docs/json with a reference UI at /docs.
 * Both are public: they describe the API, they hold no data.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
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
  await app.register(async (scope) => {
    declarePublicScope(scope);
    await scope.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  });
}
