import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from '../../lib/accept-encoding';
import { BoundedMap } from '../../lib/bounded-map';

/**
 * Sends a cached public text (site JSON, rendered pages) the way a CDN would: a strong ETag and
 * `304` for a matching `If-None-Match`, brotli or gzip chosen from `Accept-Encoding` and made
 * once per version of the text, and CORS for GET so a studio's own front end may read it.
 */

interface Encoded {
  text: string;
  raw: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}
interface Prepared extends Encoded {
  etag: string;
}

/** Smaller bodies are sent as they are: compressing them saves nothing. */
const MIN_COMPRESS = 1024;
/**
 * Versions kept per key: the newest only (the text comes from the response cache). A new version
 * replaces its key's in place; only a new key past 2,000 drops the oldest.
 */
const prepared = new BoundedMap<string, Prepared>(2000);

function prepare(key: string, text: string): Prepared {
  const hit = prepared.get(key);
  // The response cache hands back the same string until a write drops it, so this compares
  // references in the common case.
  if (hit && hit.text === text) return hit;
  const encoded = encodeText(text, { brotli: 9, gzip: 9 });
  const entry = { ...encoded, etag: `"${createHash('sha1').update(encoded.raw).digest('base64url')}"` };
  prepared.set(key, entry);
  return entry;
}

/** The text and (when big enough to gain) its brotli and gzip encodings at these levels. */
function encodeText(text: string, level: { brotli: number; gzip: number }): Encoded {
  const raw = Buffer.from(text);
  const big = raw.length >= MIN_COMPRESS;
  return {
    text,
    raw,
    br: big
      ? brotliCompressSync(raw, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: level.brotli, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : null,
    gzip: big ? gzipSync(raw, { level: level.gzip }) : null,
  };
}

export interface SendOptions {
  /** Content type with charset. */
  type: string;
  /** Left as the route set it when not given (a scope's own headers, see `withScopeHeaders`). */
  cacheControl?: string;
  /**
   * False for an answer no cache keeps (`no-store`): nothing will ask to revalidate it, so it
   * carries no ETag (nor Vary, which only tells caches what to key on) and If-None-Match is not read.
   */
  stored?: boolean;
  /** Let any origin read it (JSON API); pages and feeds need not. */
  cors?: boolean;
  status?: number;
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return String(header)
    .split(',')
    .some((t) => {
      const tag = t.trim().replace(/^W\//, '');
      return tag === etag || tag === '*';
    });
}

export function sendCachedText(request: FastifyRequest, reply: FastifyReply, key: string, text: string, opts: SendOptions): FastifyReply {
  const entry = prepare(key, text);
  return sendEncoded(request, reply, entry, entry.etag, opts);
}

/**
 * Sends a text made for this request alone (a form with its message, a page nobody caches),
 * encoded as `sendCachedText` would, at quicker levels, and kept nowhere. For routes that skip
 * @fastify/compress (`compress: false`) and still answer such texts now and then.
 */
export function sendFreshText(request: FastifyRequest, reply: FastifyReply, text: string, opts: Omit<SendOptions, 'stored'>): FastifyReply {
  return sendEncoded(request, reply, encodeText(text, { brotli: 5, gzip: 6 }), null, opts);
}

/** Sends the encoding the request accepts; with an ETag (a stored answer), its validators and `304`. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, entry: Encoded, etag: string | null, opts: SendOptions): FastifyReply {
  const stored = etag !== null && (opts.stored ?? true);
  if (stored) reply.header('etag', etag).header('vary', 'Accept-Encoding');
  if (opts.cacheControl) reply.header('cache-control', opts.cacheControl);
  if (opts.cors) {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'ETag');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  }
  reply.type(opts.type);
  const status = opts.status ?? 200;
  if (stored && status === 200 && matches(request, etag)) return reply.code(304).send();
  reply.code(status);
  if (entry.br && acceptsEncoding(request, 'br')) return reply.header('content-encoding', 'br').send(entry.br);
  if (entry.gzip && acceptsEncoding(request, 'gzip')) return reply.header('content-encoding', 'gzip').send(entry.gzip);
  return reply.send(entry.raw);
}
