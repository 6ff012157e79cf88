import type { FastifyReply, FastifyRequest } from 'fastify';
import { compress, COMPRESS_FROM, PreparedText, type Encoding } from '../lib/prepared-text';

export interface SendTextOptions {
  /** Content type with charset. */
  type: string;
  status?: number;
  /** Left as the route set it when not given (a scope's own headers). */
  cacheControl?: string;
  /**
   * Whether a prepared text carries its ETag and answers `304` to a matching `If-None-Match`.
   * False for answers no cache keeps (`no-store`): nothing will ask to revalidate them.
   */
  revalidate?: boolean;
  /** Let any origin read it (the public JSON API). */
  cors?: boolean;
}

/** Whether an `Accept-Encoding` value accepts `name` (listed, and not with q=0). */
export function acceptsEncoding(header: string | undefined, name: Encoding): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    if (token!.trim().toLowerCase() !== name) return false;
    const q = params.find((p) => p.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}

function preferredEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (acceptsEncoding(header, 'br')) return 'br';
  if (acceptsEncoding(header, 'gzip')) return 'gzip';
  return null;
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/**
 * The one way a text answer leaves the server (JSON, pages, feeds): brotli or gzip as the client
 * accepts, compressed in the thread pool (a prepared text once per version, a fresh one per
 * request), and for a prepared text its ETag and `304`.
 */
export async function sendText(
  request: FastifyRequest,
  reply: FastifyReply,
  text: PreparedText | string,
  opts: SendTextOptions,
): Promise<FastifyReply> {
  const prepared = text instanceof PreparedText ? text : null;
  const bytes = prepared ? prepared.bytes : Buffer.from(text as string);
  const status = opts.status ?? 200;
  reply.code(status).type(opts.type);
  if (opts.cacheControl) reply.header('cache-control', opts.cacheControl);
  if (opts.cors) {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'ETag');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  }
  const revalidate = prepared !== null && opts.revalidate !== false;
  if (revalidate) {
    reply.header('etag', prepared.etag);
    if (status === 200 && matchesEtag(request, prepared.etag)) return reply.code(304).send();
  }
  if (bytes.length < COMPRESS_FROM) return reply.send(bytes);
  if (opts.revalidate !== false) reply.header('vary', 'Accept-Encoding');
  const encoding = preferredEncoding(request);
  if (!encoding) return reply.send(bytes);
  const body = prepared ? await prepared.encodedAs(encoding) : await compress(bytes, encoding);
  return reply.header('content-encoding', encoding).send(body);
}
