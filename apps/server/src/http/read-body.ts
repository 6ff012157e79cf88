import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { COMMON_MESSAGES, MAX_IMAGE_BYTES, NUL_MESSAGE, type FileField } from '@darkroom/contracts';
import { ValidationError } from '../lib/errors';
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

/** Text parts of one multipart body: how many, and how large each may be. */
export const MULTIPART_FIELD_LIMITS = { fields: 100, fieldSize: 1024 * 1024 } as const;

export const BODY_MESSAGES = {
  noFiles: 'This field does not accept files.',
  tooManyFiles: 'Too many files.',
  malformed: 'The request body is incomplete or malformed.',
} as const;

const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\0') || hasNul(v));
  return false;
};

/** PostgreSQL cannot store a NUL character: any field holding one is refused with its own message. */
export function refuseNul(fields: Record<string, unknown>): void {
  const bad = Object.entries(fields).filter(([k, v]) => k.includes('\0') || hasNul(v));
  if (bad.length) throw new ValidationError(Object.fromEntries(bad.map(([k]) => [k.replace(/\0/g, ''), [NUL_MESSAGE]])));
}

/**
 * How to read an endpoint's multipart body: only its own file fields, each bounded in count and
 * size. One file more than it takes gets through the parser, so acceptFilePart can name the field
 * in its 400 (it refuses the part before a byte is written); an oversized file arrives truncated
 * and is reported against its field too.
 */
export function multipartOptions(files: Readonly<Record<string, FileField>> | undefined): Parameters<FastifyRequest['parts']>[0] {
  const total = Object.values(files ?? {}).reduce((n, f) => n + f.maxFiles, 0) + 1;
  const limits = { ...MULTIPART_FIELD_LIMITS, files: total, fileSize: MAX_IMAGE_BYTES, parts: MULTIPART_FIELD_LIMITS.fields + total };
  return { limits, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
}

/**
 * Checks a file part against what the endpoint accepts, before a byte of it is written: a
 * field that takes no files, or one more file than a field takes, is a 400.
 */
export function acceptFilePart(files: Readonly<Record<string, FileField>> | undefined, counts: Map<string, number>, field: string): void {
  const spec = files?.[field];
  if (!spec) throw ValidationError.field(field, BODY_MESSAGES.noFiles);
  const n = (counts.get(field) ?? 0) + 1;
  if (n > spec.maxFiles) throw ValidationError.field(field, BODY_MESSAGES.tooManyFiles);
  counts.set(field, n);
}

/**
 * Reads a JSON, form-encoded or multipart body into one shape, so every write route accepts all
 * three as the spec's client sends them. Files are accepted only on the fields an endpoint
 * declares, streamed to temporary files that are removed when the request ends.
 */
export async function readBody(request: FastifyRequest, files: Readonly<Record<string, FileField>> | undefined): Promise<RequestBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
    refuseNul(fields);
    return { fields, files: {} };
  }
  const out: RequestBody = { fields: {}, files: {} };
  const counts = new Map<string, number>();
  const parts = request.parts(multipartOptions(files)) as AsyncIterableIterator<Multipart>;
  for await (const part of parts) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      refuseNul({ [part.fieldname]: value });
      out.fields[part.fieldname] = value;
      continue;
    }
    acceptFilePart(files, counts, part.fieldname);
    const spooled = await spoolPart(request, part.file);
    if (spooled.truncated) throw ValidationError.field(part.fieldname, COMMON_MESSAGES.imageTooLarge);
    // An empty file part is how browsers send "no file chosen": treat it as absent.
    if (spooled.bytes === 0 && !part.filename) {
      await releaseSpooled(request, spooled.path);
      continue;
    }
    (out.files[part.fieldname] ??= []).push({
      field: part.fieldname,
      filename: part.filename,
      mimetype: part.mimetype,
      path: spooled.path,
      bytes: spooled.bytes,
      sha256: spooled.sha256,
      crc32: spooled.crc32,
    });
  }
  return out;
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
