import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yazl from 'yazl';
import type { MediaStorage } from './storage';

/** Files are read in pieces of 1 MB: every piece passes yazl's few stream stages, so fewer pieces cost less. */
const CHUNK = 1024 * 1024;

/** One stored file to put in a zip, under `name`, with its size known beforehand. */
export interface ZipEntry {
  name: string;
  /** Storage key of the file. */
  key: string;
  size: number;
  mtime: Date;
}

// yazl checksums every byte with buffer-crc32, plain JavaScript (~0.4 GB/s here); Node's zlib.crc32
// computes the same CRC-32 natively (~6 GB/s). yazl's own copy of the module is given the native
// function, so the zip is as fast as reading the files.
const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = yazlRequire('buffer-crc32') as { unsigned: (buf: Buffer, previous?: number | Buffer) => number };
bufferCrc32.unsigned = (buf, previous) => crc32(buf, typeof previous === 'number' ? previous : 0);

/**
 * A zip of stored files, streamed: entries are stored (no deflate: photos do not shrink), byte for
 * byte, each file opened only when its turn comes, so memory stays flat whatever the total and
 * the client's pace sets the reading pace (back-pressure). ZIP64 is used past 4 GB or 65,535
 * entries. `size` is the zip's exact length (for Content-Length). A file that is missing or
 * changed size ends the stream with an error (the client sees an incomplete download).
 */
export function streamZip(storage: MediaStorage, entries: ZipEntry[]): { stream: Readable; size: number } {
  const zip = new yazl.ZipFile();
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  let current: Readable | null = null;
  let closed = false;
  zip.on('error', (err: Error) => out.destroy(err));
  for (const e of entries) {
    zip.addReadStreamLazy(e.name, { compress: false, size: e.size, mtime: e.mtime, mode: 0o100644 }, (cb) => {
      storage.read(e.key, undefined, { chunkSize: CHUNK }).then(
        (stream) => {
          if (!stream) return cb(new Error(`missing media file ${e.key}`), undefined as never);
          if (closed) return stream.destroy();
          current = stream;
          cb(null, stream);
        },
        (err: unknown) => cb(err, undefined as never),
      );
    });
  }
  let size = -1;
  zip.end({ forceZip64Format: false, comment: '' }, ((total: number) => (size = total)) as unknown as () => void);
  // A write after the client left is dropped, never thrown.
  (zip.outputStream as Readable).on('error', () => {});
  (zip.outputStream as Readable).pipe(out);
  out.on('close', () => {
    // Done, or the client left: stop reading files.
    closed = true;
    current?.destroy();
    (zip.outputStream as Readable).unpipe(out);
    (zip.outputStream as Readable).destroy();
  });
  return { stream: out, size };
}
