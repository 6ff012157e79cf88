import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  routerPath,
  toFieldErrors,
  type BodyOf,
  type EndpointSpec,
  type FieldErrors,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@darkroom/contracts';
import type { AppContext } from '../context';
import { notFound, ValidationError } from '../lib/errors';
import { CachedJson } from '../lib/cached-json';
import { whenReady } from '../lib/when-ready';
import { contextOf } from './request-context';
import { jsonSchemaOf, ResponseSchema, serializerOf } from './json-schema';
import { BODY_METHODS, bodyReceived, readBody, type UploadedFile } from './read-body';
import { auditEventOf, recordAudit } from '../features/activity/activity.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from. */
    endpoint?: EndpointSpec;
  }
}

export interface HandlerInput<E extends EndpointSpec> {
  ctx: AppContext;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** Files by field: only fields the endpoint declares. */
  files: Record<string, UploadedFile[]>;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Answers from the response cache: `load` runs on a miss, and its result is serialized by this
   * endpoint's response schema, so the cached text holds nothing the schema does not list.
   */
  cached(tags: string | readonly string[], key: string, load: () => Promise<ResponseOf<E>>): Promise<CachedJson>;
  /**
   * Chooses the success or failure status of this answer (e.g. 200 when an upload held nothing
   * new). route() still sends it, after the activity entry is written.
   */
  status(code: number): void;
}

type HandlerResult<E extends EndpointSpec> = ResponseOf<E> | CachedJson | FastifyReply | void;
/** An answer now (from memory) or a promise of one. */
export type Handler<E extends EndpointSpec> = (input: HandlerInput<E>) => HandlerResult<E> | Promise<HandlerResult<E>>;

/** Validates the fields and the required file together, so a form shows every message at once. */
function validateBody(ep: EndpointSpec, fields: Record<string, unknown>, files: Record<string, UploadedFile[]>): unknown {
  const result = ep.body ? ep.body.safeParse(fields) : { success: true as const, data: fields };
  const errors: FieldErrors = result.success ? {} : toFieldErrors(result.error);
  const required = ep.requiredFile;
  if (required && !(required.fields ?? [required.field]).some((f) => files[f]?.length)) {
    const message =
      typeof required.message === 'function' ? required.message(result.success ? result.data : undefined, fields) : required.message;
    (errors[required.field] ??= []).push(message);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return result.data;
}

/** The responses part of a route's schema; `json` gives the schema of a JSON answer. */
function responseSchemas(ep: EndpointSpec, json: (schema: z.ZodType) => unknown): Record<string, unknown> {
  // One schema for every success status: an upload answers 201, or 200 when nothing was new.
  if (ep.response) return { '2xx': json(ep.response) };
  if (ep.produces === 'binary') return { 200: { description: 'The file', type: 'string', format: 'binary' } };
  if (ep.produces === 'html') return { 200: { description: 'An HTML page', type: 'string' } };
  return { [ep.status ?? 204]: { description: 'No content', type: 'null' } };
}

/**
 * A declaration's whole schema as JSON Schema, for the API reference (http/api-reference.ts).
 * Fastify itself holds only the responses, to serialize answers (validation is ours, above).
 */
export function routeSchema(ep: EndpointSpec) {
  const schema: Record<string, unknown> = { summary: ep.summary, tags: [ep.tag] };
  if (ep.access !== 'public') schema.security = [{ token: [] }];
  if (ep.params) schema.params = jsonSchemaOf(ep.params, 'input');
  if (ep.query) schema.querystring = jsonSchemaOf(ep.query, 'input');
  if (BODY_METHODS.has(ep.method) && (ep.body || ep.files)) {
    const body = ep.body ? { ...jsonSchemaOf(ep.body, 'input') } : { type: 'object', properties: {} };
    if (ep.files) {
      const props = { ...((body.properties as Record<string, unknown>) ?? {}) };
      for (const [field, f] of Object.entries(ep.files)) {
        const file = { type: 'string', format: 'binary' };
        props[field] = f.maxFiles > 1 ? { type: 'array', items: file, maxItems: f.maxFiles } : file;
      }
      body.properties = props;
      schema.consumes = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
    } else {
      schema.consumes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
    }
    schema.body = body;
  }
  schema.response = responseSchemas(ep, (response) => jsonSchemaOf(response, 'output'));
  if (ep.produces && ep.produces !== 'json') schema.produces = [ep.produces === 'html' ? 'text/html' : 'application/octet-stream'];
  return schema;
}

export interface RouteOptions {
  /**
   * Every answer of this route is already compressed or too small to be worth it (a cached text
   * sent by `sendCachedText`, short errors): @fastify/compress adds no hooks to it.
   */
  precompressed?: boolean;
}

/**
 * Registers an endpoint from its declaration in packages/contracts: its access, its schemas,
 * and a handler that gets parsed params, query and body (ids by the one id rule, files only
 * on declared fields) and the request's AppContext.
 *
 * A request without a body whose handler answers at once (a value, not a promise) is answered in
 * the same turn: no promise is made on its way. A cached answer's promises and awaits were a step
 * each, a measurable part of its time.
 */
export function route<E extends EndpointSpec>(app: FastifyInstance, ep: E, handler: Handler<E>, options: RouteOptions = {}): void {
  // Looked up once per route, on its first cached answer, rather than on every request.
  let serializeCached: ((value: unknown) => string) | undefined;
  const serializerForCache = () => (serializeCached ??= ep.response ? serializerOf(ep.response) : JSON.stringify);
  const readsBody = BODY_METHODS.has(ep.method) && !ep.streamed;

  /** Calls the handler, then answers with what it returned (see `finish`). */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    params: unknown,
    query: unknown,
    body: unknown,
    files: Record<string, UploadedFile[]>,
  ) => {
    const ctx = contextOf(request);
    let chosen: number | undefined;
    const result = handler({
      ctx,
      params: params as ParamsOf<E>,
      query: query as QueryOf<E>,
      body: body as BodyOf<E>,
      files,
      request,
      reply,
      cached: async (tags, key, load) => new CachedJson(await ctx.cache.json(tags, key, load, serializerForCache())),
      status: (code) => {
        chosen = code;
      },
    });
    const finish = (done: HandlerResult<E>) => {
      // reply.code(x) before returning works too, for any status but 200 (indistinguishable from unset).
      chosen ??= reply.statusCode !== 200 ? reply.statusCode : undefined;
      const status = reply.sent || done === reply ? reply.statusCode : (chosen ?? ep.status ?? 200);
      const event = status < 400 ? auditEventOf(ep, { params, body, files, result: done }) : null;
      // Written before the answer: an acknowledged write always has its entry.
      return event ? recordAudit(ctx, event).then(() => send(request, reply, done, status)) : send(request, reply, done, status);
    };
    // The reply itself is a thenable (it settles when sent): a handler that answered returns it,
    // and waiting on it took a promise and four microtasks per cached answer.
    return result === reply ? finish(reply) : whenReady(result, finish);
  };

  const send = (request: FastifyRequest, reply: FastifyReply, result: HandlerResult<E>, status: number) => {
    if (result === reply || reply.sent) return reply;
    if (result instanceof CachedJson) return result.send(request, reply);
    reply.code(status);
    return ep.response === null ? reply.send() : reply.send(result);
  };

  const withBody = async (request: FastifyRequest, reply: FastifyReply, params: unknown, query: unknown) => {
    const read = await readBody(request, ep.files);
    if (ep.files) bodyReceived(request, request.server.runtime.config.idleTimeoutMs);
    return answer(request, reply, params, query, validateBody(ep, read.fields, read.files), read.files);
  };

  app.route({
    method: ep.method,
    url: routerPath(ep.path),
    config: { access: ep.access ?? 'admin', endpoint: ep },
    ...(options.precompressed ? { compress: false } : {}),
    // The zod response schema is turned into JSON Schema when the route first answers (ResponseSchema).
    schema: { response: responseSchemas(ep, (response) => new ResponseSchema(response)) },
    handler: (request, reply) => {
      let params: unknown;
      if (ep.params) {
        const parsed = ep.params.safeParse(request.params);
        // A path that names no valid record is simply not found.
        if (!parsed.success) throw notFound();
        params = parsed.data;
      }
      let query: unknown;
      if (ep.query) {
        const parsed = ep.query.safeParse(request.query ?? {});
        if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));
        query = parsed.data;
      }
      return readsBody ? withBody(request, reply, params, query) : answer(request, reply, params, query, undefined, {});
    },
  });
}
