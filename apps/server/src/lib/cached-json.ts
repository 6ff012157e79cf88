import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding';
import { BoundedMap } from './bounded-map';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Answers past this size are sent as bytes made once, and compressed once, per version. */
const PACK_FROM = 16 * 1024;
/** Bytes and compressed copies of the 64 big answers last made, kept while their cached text is unchanged. */
const packed = new BoundedMap<string, { json: string; raw?: Buffer; br?: Promise<Buffer>; gzip?: Promise<Buffer> }>(64);

/**
 * A response that is already JSON text (from the response cache): sent as it is, never
 * serialized again. A big one is encoded to bytes, and compressed (brotli or gzip, as the client
 * accepts), once per version of the text rather than on every request: a 5,000-photo gallery
 * is megabytes of JSON.
 */
export class CachedJson {
  /** `key` names the cached answer (its tags and key), for its prepared bytes. */
  constructor(
    readonly json: string,
    private readonly key?: string,
  ) {}

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { json, key } = this;
    reply.type('application/json');
    if (!key || json.length < PACK_FROM) return reply.send(json);
    reply.header('vary', 'accept-encoding');
    let entry = packed.get(key);
    if (!entry || entry.json !== json) {
      // Deleted first, a new version is set as the newest key: the last to be dropped.
      packed.delete(key);
      packed.set(key, (entry = { json }));
    }
    const encoding = acceptsEncoding(request, 'br') ? 'br' : acceptsEncoding(request, 'gzip') ? 'gzip' : null;
    if (!encoding) return reply.send((entry.raw ??= Buffer.from(json)));
    const body = await (entry[encoding] ??=
      encoding === 'br' ? brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(json, { level: 6 }));
    return reply.header('content-encoding', encoding).send(body);
  }
}
