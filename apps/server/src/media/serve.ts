import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { isObjectStorage, type MediaStorage } from './storage';

export interface ServeOptions {
  contentType: string;
  cacheControl: string;
  /** `attachment; filename=...` to download rather than show. */
  disposition?: string;
  /**
   * From an object store: answer with a redirect to a presigned URL valid this many seconds
   * rather than stream the bytes through this process.
   */
  presignSeconds?: number;
}

/**
 * Sends a stored file through MediaStorage (never from a path on disk): a strong ETag from its
 * content-addressed key, 304 for a matching If-None-Match, one byte range (206/416), HEAD.
 * Answers 404 when the file is not there; a redirect to a presigned URL when asked and possible.
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
  if (opts.presignSeconds && isObjectStorage(storage)) {
    const url = await storage.presignedUrl(key, {
      expiresInSeconds: opts.presignSeconds,
      contentType: opts.contentType,
      disposition: opts.disposition,
    });
    // The link expires: neither it nor the redirect may be kept.
    return reply.code(302).header('location', url).header('cache-control', 'private, no-store').send();
  }
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
