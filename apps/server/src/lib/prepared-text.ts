import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings a text answer may be sent in besides identity. */
export type Encoding = 'br' | 'gzip';

/** Texts shorter than this are sent as they are: compressing them saves nothing. */
export const COMPRESS_FROM = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses in libuv's thread pool, never on the event loop, at moderate levels: brotli 5 and
 * gzip 6 are made per write or per request, where brotli's top levels took seconds on big texts.
 */
export function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzip(bytes, { level: 6 });
}

/**
 * A text answer made once and sent many times (a cached list or page): its bytes, a strong ETag
 * over them, and each compressed copy made on first demand and kept with it.
 */
export class PreparedText {
  readonly bytes: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text);
    this.etag = `"${createHash('sha1').update(this.bytes).digest('base64url')}"`;
  }

  /** The text in `encoding`, made once in the thread pool. */
  encodedAs(encoding: Encoding): Promise<Buffer> {
    let made = this.encoded.get(encoding);
    if (!made) {
      made = compress(this.bytes, encoding);
      // A failed compression is tried again by the next request rather than kept.
      made.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, made);
    }
    return made;
  }
}
