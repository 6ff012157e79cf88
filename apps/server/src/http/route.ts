import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  bodyLimitOf,
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
import { PreparedText } from '../lib/prepared-text';
import { contextOf } from './request-context';
import { jsonSchemaOf, ResponseSchema, serializerOf } from './json-schema';
import { BODY_METHODS, bodyReceived, readBody, type UploadedFile } from './read-body';
import { sendText } from './send';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from. */
    endpoint?: EndpointSpec;
  }
  interface FastifyRequest {
    /** What a declared route's handler was given and answered, for hooks after it (the activity log). */
    routeCall?: RouteCall;
  }
}

export interface RouteCall {
  params: unknown;
  body: unknown;
  files: Record<string, UploadedFile[]>;
  result: unknown;
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
  cached(tags: string | readonly string[], key: string, load: () => Promise<ResponseOf<E>>): Promise<PreparedText>;
  /** Chooses the status of this answer (e.g. 200 when an upload held nothing new). */
  status(code: number): void;
}

/** Data to send as JSON, a cached text, or the reply itself when the handler sent its answer (a file, a page). */
type HandlerResult<E extends EndpointSpec> = ResponseOf<E> | PreparedText | FastifyReply | void;
export type Handler<E extends EndpointSpec> = (input: HandlerInput<E>) => Promise<HandlerResult<E>>;

const JSON_TYPE = 'application/json; charset=utf-8';
const NO_FILES: Record<string, UploadedFile[]> = Object.freeze({}) as Record<string, UploadedFile[]>;

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
 * Fastify itself holds only the responses (validation is ours, above).
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

function parseParams(ep: EndpointSpec, request: FastifyRequest): unknown {
  if (!ep.params) return undefined;
  const parsed = ep.params.safeParse(request.params);
  // A path that names no valid record is simply not found.
  if (!parsed.success) throw notFound();
  return parsed.data;
}

function parseQuery(ep: EndpointSpec, request: FastifyRequest): unknown {
  if (!ep.query) return undefined;
  const parsed = ep.query.safeParse(request.query ?? {});
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));
  return parsed.data;
}

/**
 * Registers an endpoint from its declaration in packages/contracts: its access, its body limit,
 * its schemas, and a handler that gets parsed params, query and body (ids by the one id rule,
 * files only on declared fields) and the request's AppContext. What the handler returns is sent
 * here: JSON serialized by the endpoint's response schema (nothing unlisted leaks), a cached
 * text as it is, through `sendText`.
 */
export function route<E extends EndpointSpec>(app: FastifyInstance, ep: E, handler: Handler<E>): void {
  let serializer: ((value: unknown) => string) | undefined;
  const serialize = (value: unknown) => (serializer ??= ep.response ? serializerOf(ep.response) : JSON.stringify)(value);
  const readsBody = BODY_METHODS.has(ep.method) && !ep.streamed;

  app.route({
    method: ep.method,
    url: routerPath(ep.path),
    config: { access: ep.access ?? 'admin', endpoint: ep },
    bodyLimit: bodyLimitOf(ep),
    // The zod response schema is turned into JSON Schema when the API reference asks (ResponseSchema).
    schema: { response: responseSchemas(ep, (response) => new ResponseSchema(response)) },
    handler: async (request, reply) => {
      const params = parseParams(ep, request);
      const query = parseQuery(ep, request);
      const { fields, files } = readsBody ? await readBody(request, ep) : { fields: {}, files: NO_FILES };
      // A streamed upload reads its own body and says when it is in (galleries.routes.ts).
      if (readsBody && ep.files) bodyReceived(request, request.server.runtime.config.idleTimeoutMs);
      const body = readsBody ? validateBody(ep, fields, files) : undefined;
      const ctx = contextOf(request);
      let status: number = ep.status ?? 200;
      const result = await handler({
        ctx,
        params: params as ParamsOf<E>,
        query: query as QueryOf<E>,
        body: body as BodyOf<E>,
        files,
        request,
        reply,
        cached: (tags, key, load) => ctx.cache.text(tags, key, async () => serialize(await load())),
        status: (code) => {
          status = code;
        },
      });
      // A reply is thenable: awaiting one the handler returned gives undefined once it is sent
      // (or the client left), so an answer already under way is recognised by its headers.
      if (result === reply || reply.sent || reply.raw.headersSent) return reply;
      request.routeCall = { params, body, files, result };
      if (result instanceof PreparedText) return sendText(request, reply, result, { type: JSON_TYPE, status });
      if (ep.response === null) return reply.code(status).send();
      return sendText(request, reply, serialize(result), { type: JSON_TYPE, status });
    },
  });
}
