import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding';
import { BoundedMap } from './bounded-map';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Answers this long or longer are compressed for a client that accepts it (@fastify/compress's threshold too). */
const COMPRESS_FROM = 1024;
/** Answers past this size are sent as bytes made once, even to a client that takes no compression. */
const PACK_FROM = 16 * 1024;
/**
 * Bytes and compressed copies of the 64 texts last prepared, keyed by the text itself: a new
 * version of an answer is a new key, and the cached text is the same string on every request,
 * so V8 hashes it once (a key made of the answer's tags and name was a string built per request).
 */
const packed = new BoundedMap<string, { raw?: Buffer; br?: Promise<Buffer>; gzip?: Promise<Buffer> }>(64);

/**
 * A response that is already JSON text (from the response cache): sent as it is, never
 * serialized again. Past 1 KB it is compressed (brotli or gzip, as the client accepts) once per
 * version of the text, not on every request by @fastify/compress: a browser always asks for it,
 * and a 5,000-photo gallery is megabytes of JSON. Uncompressed, a big one goes as bytes made
 * once; a shorter one as text (as bytes, a 3 KB list answered a fifth slower).
 */
export class CachedJson {
  constructor(readonly json: string) {}

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { json } = this;
    reply.type('application/json');
    if (json.length < COMPRESS_FROM) return reply.send(json);
    const encoding = acceptsEncoding(request, 'br') ? 'br' : acceptsEncoding(request, 'gzip') ? 'gzip' : null;
    if (!encoding && json.length < PACK_FROM) return reply.send(json);
    reply.header('vary', 'accept-encoding');
    let entry = packed.get(json);
    if (!entry) packed.set(json, (entry = {}));
    if (!encoding) return reply.send((entry.raw ??= Buffer.from(json)));
    const body = await (entry[encoding] ??=
      encoding === 'br' ? brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(json, { level: 6 }));
    return reply.header('content-encoding', encoding).send(body);
  }
}
