import { createRequire } from 'node:module';
import { Transform, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yazl from 'yazl';
import { PieceBuffers } from './piece-buffers';
import type { MediaStorage } from './storage';

/**
 * Files are read in pieces of 512 KB. Every piece passes yazl's few stream stages, so fewer pieces
 * cost less CPU; yet from disk, 1 MB pieces ran at 88-93% of the disk's speed and 512 KB at
 * 95-103%, in the same five rounds, for about the same CPU time (likely the CPU's cache, 2 MB per
 * core here, still holding a smaller piece when it is sent).
 */
export const ZIP_PIECE = 512 * 1024;
/** Piece buffers one download keeps for reuse: what its reads, stream stages and socket hold at once. */
const KEPT_PIECES = 12;

/** One stored file to put in a zip, under `name`, with its size known beforehand. */
export interface ZipEntry {
  name: string;
  /** Storage key of the file. */
  key: string;
  size: number;
  mtime: Date;
  /** The file's CRC-32 when it is known (kept since ingest); otherwise it is computed on the way. */
  crc32?: number;
}

// yazl checksums every byte with buffer-crc32, plain JavaScript (~0.4 GB/s here). Its own copy of
// that module is replaced: a piece of a file whose CRC-32 is known answers from `knownCrc` (the
// file's CRC on its last piece; the running value of the others is never used), any other piece
// is checksummed by Node's native zlib.crc32. Checksumming was a quarter of the server's time in
// a zip download even natively.
const knownCrc = new WeakMap<Buffer, number>();
const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = yazlRequire('buffer-crc32') as { unsigned: (buf: Buffer, previous?: number | Buffer) => number };
bufferCrc32.unsigned = (buf, previous) => knownCrc.get(buf) ?? crc32(buf, typeof previous === 'number' ? previous : 0);

/**
 * Passes a file's pieces on into the zip: counted in when their memory is to be reused, and
 * marked so yazl takes `crc` as the file's checksum (see above) when it is known.
 */
function entering(size: number, crc: number | undefined, pieces: PieceBuffers | null): Transform {
  let seen = 0;
  return new Transform({
    transform(piece: Buffer, _enc, done) {
      seen += piece.length;
      pieces?.entering(piece);
      // A reused piece may still be marked with the file it held before: a file whose CRC is not
      // known must have each piece checksummed.
      if (crc === undefined) knownCrc.delete(piece);
      else knownCrc.set(piece, seen >= size ? crc : 0);
      done(null, piece);
    },
  });
}

/** What the zip is sent into: the response, whose queue `writableLength` measures. */
export interface ZipSink {
  readonly writableLength: number;
}

export interface StreamZipOptions {
  /** Called once the whole zip is written with the CRC-32s computed on the way, to be kept. */
  onChecksums?: (computed: { index: number; crc32: number }[]) => void;
  /**
   * The response the stream is piped straight into, nothing between: its queue tells when a
   * piece's bytes have reached the kernel, so the piece's memory is used again (piece-buffers.ts).
   * Without it every piece has memory of its own.
   */
  sink?: ZipSink;
}

/**
 * A zip of stored files, streamed: entries are stored (no deflate: photos do not shrink), byte for
 * byte, each file opened only when its turn comes, so memory stays flat whatever the total and
 * the client's pace sets the reading pace (back-pressure). ZIP64 is used past 4 GB or 65,535
 * entries. `size` is the zip's exact length (for Content-Length). A file that is missing or
 * changed size ends the stream with an error (the client sees an incomplete download).
 */
export function streamZip(
  storage: MediaStorage,
  entries: ZipEntry[],
  { onChecksums, sink }: StreamZipOptions = {},
): { stream: Readable; size: number; pieces: PieceBuffers | null } {
  const zip = new yazl.ZipFile();
  const pieces = sink ? new PieceBuffers(ZIP_PIECE, KEPT_PIECES, () => out.readableLength + sink.writableLength) : null;
  // Every byte of the zip passes here, in order, on its way to the sink: the pieces' counting stage.
  const out = new Transform({
    highWaterMark: 256 * 1024,
    transform(chunk: Buffer, _enc, done) {
      pieces?.passing(chunk);
      done(null, chunk);
    },
  });
  const memory = pieces ? (length: number) => pieces.take(length) : undefined;
  let reading: Readable | null = null;
  let current: Readable | null = null;
  let closed = false;
  zip.on('error', (err: Error) => out.destroy(err));

  // The next file is opened and its first pieces read while the one before is sent: opening,
  // stat and the first read cost about a millisecond each time, a quarter of the time a 7 MB
  // photo takes to send on loopback, and the download stood still for it at every entry.
  const opening = new Map<number, Promise<Readable | null>>();
  const open = (index: number): Promise<Readable | null> => {
    let pending = opening.get(index);
    if (!pending) {
      pending = storage.read(entries[index]!.key, undefined, { chunkSize: ZIP_PIECE, memory }).then((stream) => {
        if (!stream) return null;
        // A read that fails ends the download with an error (the client sees it incomplete).
        stream.on('error', (err) => out.destroy(err));
        if (closed) stream.destroy();
        else stream.read(0); // start reading now, up to the stream's buffer
        return stream;
      });
      opening.set(index, pending);
    }
    return pending;
  };

  entries.forEach((e, index) => {
    zip.addReadStreamLazy(e.name, { compress: false, size: e.size, mtime: e.mtime, mode: 0o100644 }, (cb) => {
      const mine = open(index);
      opening.delete(index);
      if (index + 1 < entries.length) void open(index + 1).catch(() => {}); // its own turn reports a failure
      mine.then(
        (stream) => {
          if (!stream) return cb(new Error(`missing media file ${e.key}`), undefined as never);
          if (closed) return stream.destroy();
          reading = stream;
          current = e.crc32 === undefined && !pieces ? stream : stream.pipe(entering(e.size, e.crc32, pieces));
          cb(null, current);
        },
        (err: unknown) => cb(err, undefined as never),
      );
    });
  });
  let size = -1;
  zip.end({ forceZip64Format: false, comment: '' }, ((total: number) => (size = total)) as unknown as () => void);
  // A write after the client left is dropped, never thrown.
  (zip.outputStream as Readable).on('error', () => {});
  (zip.outputStream as Readable).pipe(out);
  (zip.outputStream as Readable).once('end', () => {
    // The whole zip was written: hand back the checksums computed on the way, to be kept.
    const yazlEntries = (zip as unknown as { entries: { crc32: number }[] }).entries;
    const computed = entries.flatMap((e, index) => (e.crc32 === undefined ? [{ index, crc32: yazlEntries[index]!.crc32 }] : []));
    if (computed.length) onChecksums?.(computed);
  });
  out.on('close', () => {
    // Done, or the client left: stop reading files.
    closed = true;
    current?.destroy();
    reading?.destroy();
    for (const pending of opening.values())
      void pending.then(
        (stream) => stream?.destroy(),
        () => {},
      );
    (zip.outputStream as Readable).unpipe(out);
    (zip.outputStream as Readable).destroy();
  });
  return { stream: out, size, pieces };
}
