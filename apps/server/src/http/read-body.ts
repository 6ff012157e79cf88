import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { z } from 'zod';
import { bodyLimitOf, COMMON_MESSAGES, MAX_IMAGE_BYTES, NUL_MESSAGE, type EndpointSpec, type FieldErrors } from '@darkroom/contracts';
import { HttpError, ValidationError } from '../lib/errors';
import { releaseSpooled, spoolPart } from '../media/spool';

/** A file part of a multipart body, spooled to a temporary file (never held in memory). */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  path: string;
  bytes: number;
  /** SHA-256 and CRC-32 of the bytes, computed while they arrived. */
  sha256: string;
  crc32: number;
}

export interface RequestBody {
  /** Text fields; JSON bodies keep their value types. */
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile[]>;
}

/** The methods whose requests have their body read (by `readBody`, or by a streamed endpoint itself). */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

export const BODY_MESSAGES = {
  noFiles: 'This field does not accept files.',
  tooManyFiles: 'Too many files.',
  malformed: 'The request body is incomplete or malformed.',
  tooLarge: 'The request body is too large.',
  tooDeep: 'This value is nested too deeply.',
} as const;

/** No field of any endpoint nests deeper than this; a deeper value is refused, not walked. */
const MAX_DEPTH = 32;

export const bodyTooLarge = () => new HttpError(413, BODY_MESSAGES.tooLarge);

/** What is wrong with a parsed value (a NUL character, or nesting past MAX_DEPTH), walked without recursion. */
function problemOf(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) return NUL_MESSAGE;
    } else if (v && typeof v === 'object') {
      if (depth > MAX_DEPTH) return BODY_MESSAGES.tooDeep;
      for (const [key, child] of Object.entries(v)) {
        if (key.includes('\0')) return NUL_MESSAGE;
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}

/**
 * Refuses fields PostgreSQL could not store (a NUL character) or no endpoint expects (nesting
 * past MAX_DEPTH), each with its own message.
 */
export function checkFieldValues(fields: Record<string, unknown>): void {
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(fields)) {
    const problem = key.includes('\0') ? NUL_MESSAGE : problemOf(value);
    if (problem) errors[key.replace(/\0/g, '')] = [problem];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The field names an endpoint's body declares, or null when its schema is not a plain object. */
function declaredFields(ep: EndpointSpec): ReadonlySet<string> | null {
  let schema: unknown = ep.body;
  if (schema instanceof z.ZodPipe) schema = schema.in;
  return schema instanceof z.ZodObject ? new Set(Object.keys(schema.shape)) : null;
}

/** Text parts a multipart body may hold beyond the declared fields (a form's submit button, say). */
const SPARE_FIELDS = 5;

/**
 * How to read an endpoint's multipart body, as it arrives: its declared text fields (a few spare)
 * of at most its body limit each, its own file fields only, each file bounded. One file more than
 * an endpoint takes gets through the parser, so `acceptFilePart` can name the field in its 400;
 * an oversized file arrives truncated and is reported against its field too.
 */
export function multipartOptions(ep: EndpointSpec): Parameters<FastifyRequest['parts']>[0] {
  const files = Object.values(ep.files ?? {}).reduce((n, f) => n + f.maxFiles, 0) + 1;
  const fields = (declaredFields(ep)?.size ?? 20) + SPARE_FIELDS;
  const limits = { fields, fieldSize: bodyLimitOf(ep), fieldNameSize: 100, files, fileSize: MAX_IMAGE_BYTES, parts: fields + files };
  return { limits, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
}

/**
 * Counts a multipart body's text as it arrives against the endpoint's limit, and keeps only the
 * fields it declares.
 */
export class TextFields {
  private bytes = 0;
  private readonly declared: ReadonlySet<string> | null;
  private readonly limit: number;
  readonly values: Record<string, unknown> = {};

  constructor(ep: EndpointSpec) {
    this.declared = declaredFields(ep);
    this.limit = bodyLimitOf(ep);
  }

  /** Takes a text part; throws 413 once the body's text passes its limit, 400 for a NUL. */
  add(part: Extract<Multipart, { type: 'field' }>): void {
    const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    this.bytes += Buffer.byteLength(value) + Buffer.byteLength(part.fieldname);
    if (part.valueTruncated || this.bytes > this.limit) throw bodyTooLarge();
    if (this.declared && !this.declared.has(part.fieldname)) return;
    checkFieldValues({ [part.fieldname]: value });
    this.values[part.fieldname] = value;
  }
}

/**
 * Checks a file part against what the endpoint accepts, before a byte of it is written: a
 * field that takes no files, or one more file than a field takes, is a 400.
 */
export function acceptFilePart(ep: EndpointSpec, counts: Map<string, number>, field: string): void {
  const spec = ep.files?.[field];
  if (!spec) throw ValidationError.field(field, BODY_MESSAGES.noFiles);
  const n = (counts.get(field) ?? 0) + 1;
  if (n > spec.maxFiles) throw ValidationError.field(field, BODY_MESSAGES.tooManyFiles);
  counts.set(field, n);
}

/**
 * Reads a JSON, form-encoded or multipart body into one shape, so every write route accepts all
 * three as the spec's client sends them. JSON and forms are bounded by the route's `bodyLimit`
 * (Fastify refuses more with 413 as it arrives); multipart text by `TextFields`. Files are
 * accepted only on the fields an endpoint declares, streamed to temporary files that are removed
 * when the request ends.
 */
export async function readBody(request: FastifyRequest, ep: EndpointSpec): Promise<RequestBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
    checkFieldValues(fields);
    return { fields, files: {} };
  }
  const text = new TextFields(ep);
  const files: Record<string, UploadedFile[]> = {};
  const counts = new Map<string, number>();
  for await (const part of request.parts(multipartOptions(ep))) {
    if (part.type === 'field') {
      text.add(part);
      continue;
    }
    acceptFilePart(ep, counts, part.fieldname);
    const spooled = await spoolPart(request, part.file);
    if (spooled.truncated) throw ValidationError.field(part.fieldname, COMMON_MESSAGES.imageTooLarge);
    // An empty file part is how browsers send "no file chosen": treat it as absent.
    if (spooled.bytes === 0 && !part.filename) {
      await releaseSpooled(request, spooled.path);
      continue;
    }
    (files[part.fieldname] ??= []).push({
      field: part.fieldname,
      filename: part.filename,
      mimetype: part.mimetype,
      path: spooled.path,
      bytes: spooled.bytes,
      sha256: spooled.sha256,
      crc32: spooled.crc32,
    });
  }
  return { fields: text.values, files };
}

const idleRestores = new WeakMap<FastifyRequest, () => void>();

/**
 * The body is in: what remains (processing photos) is the server's own work, however long it
 * takes, so the connection's idle timeout is held off until the answer has gone out.
 */
export function bodyReceived(request: FastifyRequest, idleTimeoutMs: number): void {
  const socket = request.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
  if (!socket?.setTimeout) return;
  socket.setTimeout(0);
  idleRestores.set(request, () => socket.setTimeout?.(idleTimeoutMs));
}

/**
 * Waits for the server's own work in the middle of a body (an upload whose photos are still being
 * processed): the server is not reading, so the client is not idle, and the idle timeout is held
 * off meanwhile.
 */
export async function notIdleWhile<T>(request: FastifyRequest, idleTimeoutMs: number, work: Promise<T>): Promise<T> {
  const socket = request.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
  socket?.setTimeout?.(0);
  try {
    return await work;
  } finally {
    socket?.setTimeout?.(idleTimeoutMs);
  }
}

/** After the answer: the idle timeout applies again to whatever the connection does next. */
export function restoreIdleTimeout(request: FastifyRequest): void {
  idleRestores.get(request)?.();
  idleRestores.delete(request);
}

/** The first file sent under any of `fields`, if any. */
export function firstFile(files: Record<string, UploadedFile[]>, ...fields: string[]): UploadedFile | undefined {
  for (const f of fields) if (files[f]?.[0]) return files[f][0];
  return undefined;
}
