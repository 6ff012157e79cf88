import { z } from 'zod';

/**
 * Every HTTP endpoint is declared once, here in contracts: method, path, access, what it takes
 * and what it answers. The server registers its routes from these declarations (with JSON
 * schemas, so responses are serialized from them and described at /docs); the portal builds its
 * fetchers from the same objects, so a path or a shape is never typed twice.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: a signed-in admin (the default) or anyone. */
export type Access = 'admin' | 'public';

/** A multipart file field an endpoint accepts, and how many files it takes at most. */
export interface FileField {
  maxFiles: number;
}

/**
 * A file the request must carry: any of `fields` (default: `field`); the message goes on
 * `field`, and may depend on the fields sent (parsed when they were valid, raw always).
 */
export interface RequiredFile {
  field: string;
  fields?: readonly string[];
  message: string | ((body: unknown, fields: Record<string, unknown>) => string);
}

export interface EndpointSpec {
  method: HttpMethod;
  /** The path with `{name}` placeholders, exactly as clients call it (trailing slash included). */
  path: string;
  /** Defaults to `admin`. */
  access?: Access;
  /** One line for the API reference. */
  summary: string;
  /** The area it belongs to (groups the API reference). */
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The request's fields: JSON, form-encoded and multipart bodies alike. */
  body?: z.ZodType;
  /** Multipart file fields accepted; an endpoint without them takes no files at all. */
  files?: Readonly<Record<string, FileField>>;
  requiredFile?: RequiredFile;
  /**
   * The handler reads the body itself, part by part (streamed uploads); `files` still bounds
   * which fields may carry files.
   */
  streamed?: boolean;
  /** The success body; `null` for an answer without content. */
  response: z.ZodType | null;
  /** Success status: 200 unless said. */
  status?: 200 | 201 | 204;
  /** Not JSON: `html` pages, `binary` files, `redirect`. */
  produces?: 'json' | 'html' | 'binary' | 'redirect';
  /**
   * What the activity log calls a successful call of this admin endpoint: by default `create`
   * (POST), `update` (PATCH, PUT; `publish`/`unpublish` when only the status is sent) or
   * `delete`; `false` for calls that change nothing (reads sent as POST).
   */
  audit?: string | false;
  /** Requests per address per window, counted before the body is read (public endpoints). */
  rateLimit?: { max: number; windowMs: number };
  /**
   * The most bytes of text the body may hold (JSON, a form, or a multipart body's text fields;
   * files have their own limits). Defaults to `BODY_LIMITS[access]`.
   */
  bodyLimit?: number;
}

/**
 * Text a body may carry by default: an admin's forms hold long descriptions; anyone's requests
 * (sign-in, a password, an enquiry) are a few fields, so a stranger cannot make the server hold
 * megabytes.
 */
export const BODY_LIMITS = { admin: 2 * 1024 * 1024, public: 16 * 1024 } as const;

/** The text bytes an endpoint's body may hold. */
export const bodyLimitOf = (ep: EndpointSpec): number => ep.bodyLimit ?? BODY_LIMITS[ep.access ?? 'admin'];

/** Declares an endpoint; the literal types are kept for the fetchers and handlers. */
export function endpoint<const S extends EndpointSpec>(spec: S): S {
  return spec;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type ParamsOf<E extends EndpointSpec> = Out<E['params']>;
export type QueryOf<E extends EndpointSpec> = Out<E['query']>;
export type BodyOf<E extends EndpointSpec> = Out<E['body']>;
export type ParamsInputOf<E extends EndpointSpec> = E['params'] extends z.ZodObject
  ? { [K in keyof z.input<E['params']>]: string | number }
  : undefined;
export type ResponseOf<E extends EndpointSpec> = E['response'] extends z.ZodType ? z.output<E['response']> : null;

/** `/a/{id}/` with `{id: 3}` gives `/a/3/`; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The path in Fastify's syntax: `{id}` becomes `:id`. */
export const routerPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** `{ status: true, detail }`: the plain acknowledgement several endpoints answer with. */
export const ackSchema = z.object({ status: z.boolean(), detail: z.string() });
