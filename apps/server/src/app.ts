import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { COMMON_MESSAGES, MAX_IMAGE_BYTES } from '@darkroom/contracts';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { authRoutes } from './auth/auth.routes';
import { declarePublicScope, PUBLIC_ROUTE, registerAccessCheck, type Access } from './auth/guard';
import { registerFeatures } from './features';
import { HttpError, ValidationError } from './lib/errors';
import { removeTempFiles } from './lib/read-form';
import { memoryRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { ResponseCache } from './lib/response-cache';
import { createMailer, type Mailer } from './mail/mailer';
import { registerMediaRoutes } from './media/media.routes';
import { localStorage, type MediaStorage } from './media/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: MediaStorage;
    mailer: Mailer;
    cache: ResponseCache;
    limiter: RateLimiter;
    /** Every route as registered, with its declared access (tests and the API reference read it). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

export interface AppDeps {
  config: Config;
  database: Database;
  storage?: MediaStorage;
  mailer?: Mailer;
  limiter?: RateLimiter;
  logger?: boolean;
}

/** Security headers: the CSP is strict from the start; MUI's emotion styles need inline style. */
const CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // Read lazily: a scope's own onRoute hook (declarePublicScope) runs after this one.
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access ?? 'admin';
        },
      });
    }
  });

  const cache = new ResponseCache(database);
  await cache.start();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', deps.storage ?? localStorage(config.mediaDir));
  app.decorate('mailer', deps.mailer ?? createMailer(config, app.log));
  app.decorate('cache', cache);
  app.decorate('limiter', deps.limiter ?? memoryRateLimiter());
  app.addHook('onClose', async () => {
    await cache.stop();
    app.mailer.close();
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1000, fields: 200, fieldSize: 1024 * 1024 } });

  app.addHook('onResponse', async (request) => removeTempFiles(request));
  app.setErrorHandler((error: FastifyError | ValidationError | HttpError, request, reply) => {
    if (error instanceof ValidationError) return reply.code(400).send(error.fields);
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ detail: error.detail });
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(400).send({ detail: COMMON_MESSAGES.imageTooLarge });
    }
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
  });

  registerAccessCheck(app);
  app.get('/healthz', PUBLIC_ROUTE, async () => {
    await database.db.execute('select 1');
    return { status: 'ok', database: database.kind };
  });
  await app.register(authRoutes);
  await app.register(async (scope) => {
    declarePublicScope(scope);
    await registerMediaRoutes(scope);
  });
  await registerFeatures(app);
  await registerPortal(app, config.adminDist);
  return app;
}

/** The built SPA under /admin-account/, with history fallback; `/` goes to the login screen. */
async function registerPortal(app: FastifyInstance, dist: string): Promise<void> {
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index);
  await app.register(async (scope) => {
    declarePublicScope(scope);
    scope.get('/', async (_req, reply) => reply.redirect('/admin-account/login'));
    scope.get('/admin-account', async (_req, reply) => reply.redirect('/admin-account/'));
    if (built) {
      await scope.register(fastifyStatic, {
        root: dist,
        prefix: '/admin-account/',
        wildcard: false,
        index: false,
        decorateReply: false,
        setHeaders(res, filePath) {
          // Vite's hashed assets never change; everything else is revalidated.
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
  });
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?', 1)[0]!;
    if (request.method === 'GET' && url.startsWith('/admin-account/') && !url.startsWith('/admin-account/assets/')) {
      if (!built) return reply.code(503).type('text/plain').send('The portal is not built yet: run `npm run build`.');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html')
        .send(await fs.promises.readFile(index));
    }
    return reply.code(404).send({ detail: COMMON_MESSAGES.notFound });
  });
}
