import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { ValidationError } from './errors';

/** A file part of a multipart body, spooled to a temporary file (never held in memory). */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  path: string;
  bytes: number;
}

export interface ParsedForm {
  /** Text fields; JSON bodies keep their value types. */
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile[]>;
}

declare module 'fastify' {
  interface FastifyRequest {
    tempFiles?: string[];
  }
}

const TMP_ROOT = path.join(os.tmpdir(), 'darkroom-uploads');

/** Temporary files of a request are removed once its response is sent. */
export async function removeTempFiles(request: FastifyRequest): Promise<void> {
  const files = request.tempFiles?.splice(0) ?? [];
  await Promise.all(files.map((f) => fs.promises.rm(f, { force: true })));
}

/**
 * Reads a JSON, form-encoded or multipart body into one shape, so every write route accepts
 * all three as the spec's client sends them.
 */
export async function readForm(request: FastifyRequest): Promise<ParsedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
    return { fields, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile[]> = {};
  await fs.promises.mkdir(TMP_ROOT, { recursive: true });
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      continue;
    }
    // An empty file part is how browsers send "no file chosen": treat it as absent.
    const tmp = path.join(TMP_ROOT, randomUUID());
    (request.tempFiles ??= []).push(tmp);
    await pipeline(part.file, fs.createWriteStream(tmp));
    if (part.file.truncated) throw ValidationError.field(part.fieldname, COMMON_MESSAGES.imageTooLarge);
    const { size } = await fs.promises.stat(tmp);
    if (size === 0 && !part.filename) continue;
    (files[part.fieldname] ??= []).push({
      field: part.fieldname,
      filename: part.filename,
      mimetype: part.mimetype,
      path: tmp,
      bytes: size,
    });
  }
  return { fields, files };
}

/** The single file sent under `field`, if any. */
export function fileOf(form: ParsedForm, field: string): UploadedFile | undefined {
  return form.files[field]?.[0];
}
