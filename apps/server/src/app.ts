import fs from 'node:fs';
import path from 'node:path';
import fastJson from 'fast-json-stringify';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifySchemaCompiler,
  type FastifySerializerCompiler,
  type FastifyServerOptions,
  type onRequestAbortAsyncHookHandler,
  type onResponseHookHandler,
} from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { BODY_LIMITS, COMMON_MESSAGES, MAX_IMAGE_BYTES } from '@darkroom/contracts';
import type { Config } from './config';
import type { AppRuntime } from './context';
import type { Database, Db } from './db/client';
import { authRoutes } from './auth/auth.routes';
import { declarePublicScope, PUBLIC_ROUTE, registerAccessCheck, type Access } from './auth/guard';
import { registerFeatures } from './features';
import { registerActivityLog } from './features/activity/activity.hook';
import { SiteNotBuilt } from './features/site/site-renderer';
import { sendNotFoundPage, wantsSitePage } from './features/site/site-pages.routes';
import { registerApiReference } from './http/api-reference';
import { ResponseSchema, serializerOf } from './http/json-schema';
import { BODY_MESSAGES, BODY_METHODS, restoreIdleTimeout } from './http/read-body';
import { OneLinePerRequest } from './http/request-log';
import { registerRequestLimits } from './http/request-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { HttpError, ValidationError } from './lib/errors';
import { createLogger } from './lib/log';
import type { RateLimiter } from './lib/rate-limiter';
import type { ResponseCache } from './lib/response-cache';
import type { Mailer } from './mail/mailer';
import { registerMediaRoutes } from './media/media.routes';
import { releaseRequestSpool } from './media/spool';
import type { MediaStorage } from './media/storage';
import type { JobQueueOptions } from './jobs/queue';
import { openRuntime } from './runtime';

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
  /** A logger of the caller's (tests read what is logged). */
  log?: FastifyBaseLogger;
  jobs?: JobQueueOptions;
}

/**
 * Security headers: the CSP is strict from the start; MUI's emotion styles need inline style.
 * Images may also come from MEDIA_PUBLIC_URL, where /media/ redirects.
 */
const csp = (mediaPublicUrl: string | null) => ({
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', ...(mediaPublicUrl ? [new URL(mediaPublicUrl).origin] : [])],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
});

/** Strict-Transport-Security, sent only on HTTPS (directly, or behind TRUST_PROXY with x-forwarded-proto). */
const HSTS = 'max-age=15552000; includeSubDomains';

/** Multipart errors of a malformed body: a 400 the client can act on, never a 500. */
const MALFORMED_BODY_CODES = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_PROTO_VIOLATION']);

/**
 * Requests are validated by the endpoint declarations' zod schemas (route.ts), with the API's
 * field messages; the JSON schemas Fastify holds serve serialization and the API reference.
 * A route's serializer is compiled when the route first answers, not at start-up: compiling
 * all of them up front was a sixth of the time to the first answer. Both are handed to Fastify
 * as its compiler factories, so it never loads its defaults (Ajv and the compiler around
 * fast-json-stringify) at start-up.
 */
const noValidation: FastifySchemaCompiler<unknown> = () => (value) => ({ value });
const serializeOnFirstUse: FastifySerializerCompiler<unknown> = ({ schema }) => {
  let serialize: ((data: unknown) => string) | undefined;
  const compile = () =>
    schema instanceof ResponseSchema
      ? serializerOf(schema.zod)
      : (fastJson(schema as Parameters<typeof fastJson>[0]) as (data: unknown) => string);
  return (data) => (serialize ??= compile())(data);
};
// Fastify types the factories after Ajv's compilers; what they return keeps Fastify's own contract.
const COMPILERS = { buildValidator: () => noValidation, buildSerializer: () => serializeOnFirstUse } as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** Builds the server on a runtime (see runtime.ts); `buildApp` opens one from its parts. */
export async function buildAppOn(runtime: AppRuntime): Promise<FastifyInstance> {
  const { config } = runtime;
  const app = Fastify({
    schemaController: { compilersFactory: COMPILERS },
    loggerInstance: runtime.log,
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    // Routes not declared in contracts (404s, plugins' own) take no more than a public endpoint.
    bodyLimit: BODY_LIMITS.public,
    // A stalled client is cut off: no byte for this long, or a request not received in time.
    connectionTimeout: config.idleTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // Photo ids for a bulk delete travel in one path segment.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 8192 },
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

  app.decorate('runtime', runtime);
  app.decorate('config', config);
  app.decorate('database', runtime.database);
  app.decorate('db', runtime.db);
  app.decorate('storage', runtime.storage);
  app.decorate('mailer', runtime.mailer);
  app.decorate('cache', runtime.cache);
  app.decorate('limiter', runtime.limiter);

  // What every answer says the same way: no framing, same-origin reads, the referrer policy.
  const sharedHeaders = {
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: false,
  } as const;
  registerSecurityHeaders(
    app,
    {
      document: { ...sharedHeaders, contentSecurityPolicy: { useDefaults: false, directives: csp(runtime.config.mediaPublicUrl) } },
      // JSON, files and redirects: OWASP's headers for REST answers (nothing in them may load,
      // run or be framed; no sniffing; same-origin reads), without the lines only a page uses
      // (opener policy, agent cluster, DNS prefetch, IE's and Flash's switches). Bare Fastify
      // sending the document set answered 0.81 times as fast as with none; with this set, 0.99.
      api: {
        ...sharedHeaders,
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
        crossOriginOpenerPolicy: false,
        originAgentCluster: false,
        dnsPrefetchControl: false,
        ieNoOpen: false,
        permittedCrossDomainPolicies: false,
        xssFilter: false,
      },
    },
    HSTS,
  );
  await app.register(formbody);
  // Limits here are the ceiling; each endpoint narrows them to its own fields (read-body.ts).
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 0, fields: 20, fieldSize: BODY_LIMITS.public } });

  // A request's upload spool files never outlive it, whatever happened to it. Only requests with
  // a body can have spooled a file or lengthened their idle timeout, so only their routes get the
  // hooks: a GET pays nothing for them (an onResponse hook made Fastify run its hook chain on
  // every answer, a cached one included).
  const release: onResponseHookHandler = (request, _reply, done) => {
    releaseRequestSpool(request);
    restoreIdleTimeout(request);
    done();
  };
  const releaseOnAbort: onRequestAbortAsyncHookHandler = async (request) => releaseRequestSpool(request);
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => BODY_METHODS.has(method))) return;
    route.onResponse = [...[route.onResponse ?? []].flat(), release];
    route.onRequestAbort = [...[route.onRequestAbort ?? []].flat(), releaseOnAbort];
  });

  app.setErrorHandler((error: FastifyError | ValidationError | HttpError, request, reply) => {
    if (error instanceof ValidationError) return reply.code(400).send(error.fields);
    if (error instanceof SiteNotBuilt) return reply.code(503).type('text/plain; charset=utf-8').send(error.message);
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ detail: error.detail });
    }
    const { code } = error as FastifyError;
    const status = (error as FastifyError).statusCode ?? 500;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(400).send({ detail: COMMON_MESSAGES.imageTooLarge });
    if (status === 413 || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      return reply.code(413).send({ detail: BODY_MESSAGES.tooLarge });
    if (code === 'FST_FILES_LIMIT') return reply.code(400).send({ detail: BODY_MESSAGES.tooManyFiles });
    if (
      MALFORMED_BODY_CODES.has(code) ||
      /Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found/i.test(error.message)
    ) {
      return reply.code(400).send({ detail: BODY_MESSAGES.malformed });
    }
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: error.message });
    // The client left mid-request: nobody is waiting for an answer.
    if (request.raw.socket?.destroyed) return reply.code(400).send({ detail: BODY_MESSAGES.malformed });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
  });

  registerAccessCheck(app);
  registerActivityLog(app);
  registerRequestLimits(app);
  // A probe asks every few seconds: its answers are not logged at `info` (a failure still is).
  app.get('/healthz', { ...PUBLIC_ROUTE, logLevel: 'warn' }, async () => {
    await runtime.db.execute('select 1');
    return { status: 'ok', database: runtime.database.kind, jobs: runtime.jobs.state };
  });
  await registerApiReference(app);
  await app.register(authRoutes);
  await app.register(async (scope) => {
    declarePublicScope(scope);
    await registerMediaRoutes(scope);
  });
  await registerFeatures(app);
  await registerPortal(app, config.adminDist);
  return app;
}

/** Builds the server from its parts; the runtime it opens is closed with the server. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const runtime = await openRuntime({
    config: deps.config,
    database: deps.database,
    storage: deps.storage,
    mailer: deps.mailer,
    limiter: deps.limiter,
    log: deps.log ?? (deps.logger === false ? createLogger('silent') : undefined),
    jobs: deps.jobs,
  });
  const app = await buildAppOn(runtime);
  app.addHook('onClose', async () => runtime.close());
  return app;
}

/** The built SPA under /admin-account/, with history fallback (the public website has `/`). */
async function registerPortal(app: FastifyInstance, dist: string): Promise<void> {
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index);
  await app.register(async (scope) => {
    declarePublicScope(scope);
    scope.get('/admin-account', async (_req, reply) => reply.redirect('/admin-account/'));
    if (built) {
      await scope.register(fastifyStatic, {
        root: dist,
        prefix: '/admin-account/',
        logLevel: 'warn',
        // One wildcard route: `wildcard: false` listed the build's files (~280 with their .br and
        // .gz) and added a route for each at start-up, a sixth of the route registration time.
        // A path that is no file goes on to the not-found handler below (the SPA's index).
        wildcard: true,
        index: false,
        // A folder is no file: with `index: false` fastify-static would answer 403 to
        // `/admin-account/` asked for without accept-encoding; the SPA's index answers instead.
        allowedPath: (pathname) => !pathname.endsWith('/'),
        decorateReply: false,
        // The build writes .br and .gz beside each script and style (vite-plugin-compression2).
        preCompressed: true,
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
    // A visitor's browser gets the website's own 404 page; everything else the API's answer.
    if (wantsSitePage(request)) return sendNotFoundPage(request, reply);
    return reply.code(404).send({ detail: COMMON_MESSAGES.notFound });
  });
}
