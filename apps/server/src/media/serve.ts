import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { MediaStorage } from './storage';

export interface ServeOptions {
  contentType: string;
  cacheControl: string;
  /** `attachment; filename=...` to download rather than show. */
  disposition?: string;
}

/**
 * Sends a stored file through MediaStorage (never from a path on disk): a strong ETag from its
 * content-addressed key, 304 for a matching If-None-Match, one byte range (206/416), HEAD.
 * Answers 404 when the file is not there.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  opts: ServeOptions,
): Promise<FastifyReply> {
  const found = await storage.stat(key);
  if (!found) return reply.code(404).send({ detail: 'Not found.' });
  const etag = `"${key
    .split('/')
    .pop()!
    .replace(/\.\w+$/, '')}"`;
  reply
    .header('content-type', opts.contentType)
    .header('cache-control', opts.cacheControl)
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff');
  if (opts.disposition) reply.header('content-disposition', opts.disposition);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  let range: { start: number; end: number } | undefined;
  const header = request.headers.range;
  if (header) {
    const parsed = parseRange(found.size, header, { combine: true });
    if (parsed === -1) return reply.code(416).header('content-range', `bytes */${found.size}`).send();
    // A malformed header, or several ranges: the whole file, as HTTP allows.
    if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
  }
  const length = range ? range.end - range.start + 1 : found.size;
  reply.header('content-length', length);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${found.size}`);
  if (request.method === 'HEAD') return reply.send();
  const stream = await storage.read(key, range);
  if (!stream) return reply.code(404).send({ detail: 'Not found.' });
  return reply.send(stream);
}
