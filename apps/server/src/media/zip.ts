import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { MediaStorage } from './storage';

/** One stored file to put in a zip, under `name`, with its size known beforehand. */
export interface ZipEntry {
  name: string;
  /** Storage key of the file. */
  key: string;
  size: number;
  mtime: Date;
}

/** A file a zip names that storage does not hold (or holds at another size). */
export class MissingZipFile extends Error {
  constructor(readonly entry: ZipEntry) {
    super(`missing media file ${entry.key} (${entry.name})`);
    this.name = 'MissingZipFile';
  }
}

/** Files checked at once before a zip starts. */
const CHECKS_AT_ONCE = 16;

/**
 * Checks that every file is stored at its recorded size before a byte is sent: a zip announced
 * with its length must not end early with a 200. Throws `MissingZipFile` naming the first missing one.
 */
export async function checkZipFiles(storage: MediaStorage, entries: ZipEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += CHECKS_AT_ONCE) {
    const batch = entries.slice(i, i + CHECKS_AT_ONCE);
    const found = await Promise.all(batch.map((e) => storage.stat(e.key)));
    const missing = batch.find((e, j) => found[j]?.size !== e.size);
    if (missing) throw new MissingZipFile(missing);
  }
}

/**
 * A zip of stored files, streamed with yazl: entries are stored (no deflate: photos do not
 * shrink), byte for byte, each file opened when its turn comes (the next one just ahead), so memory stays flat
 * whatever the total and the client's pace sets the reading pace. ZIP64 is used past 4 GB or
 * 65,535 entries. `size` is the zip's exact length (for Content-Length). A file that disappears
 * meanwhile ends the stream with an error naming it (`onMissing`), so the client sees an
 * incomplete download rather than a short one.
 */
export function streamZip(
  storage: MediaStorage,
  entries: ZipEntry[],
  onMissing: (err: MissingZipFile) => void,
): { stream: Readable; size: number } {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  // The next file is opened while this one is sent, so an object store's first-byte wait does
  // not stall the zip between files; at most two files are open at once.
  const opening = new Map<number, Promise<Readable | null>>();
  const open = (i: number) => {
    let read = opening.get(i);
    if (!read) {
      read = storage.read(entries[i]!.key);
      read.catch(() => {});
      opening.set(i, read);
    }
    return read;
  };
  entries.forEach((entry, i) => {
    zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime: entry.mtime, mode: 0o100644 }, (cb) => {
      const read = open(i);
      opening.delete(i);
      if (i + 1 < entries.length && !out.destroyed) void open(i + 1);
      read.then(
        (stream) => {
          if (stream) {
            // yazl leaves a read stream's errors to its caller: one ends the download.
            stream.on('error', (err) => out.destroy(err));
            return cb(null, stream);
          }
          const err = new MissingZipFile(entry);
          onMissing(err);
          cb(err, undefined as never);
        },
        (err: Error) => cb(err, undefined as never),
      );
    });
  });
  let size = -1;
  // yazl calls back with the zip's total length, which its type declarations leave out.
  const sized = (total: number) => (size = total);
  zip.end({ forceZip64Format: false, comment: '' }, sized as unknown as () => void);
  zip.on('error', (err: Error) => out.destroy(err));
  const output = zip.outputStream as Readable;
  output.pipe(out);
  // The client left, or the zip failed: stop reading files.
  out.on('close', () => {
    output.destroy();
    for (const read of opening.values())
      void read.then(
        (s) => s?.destroy(),
        () => {},
      );
  });
  return { stream: out, size };
}

/** A file made while the zip streams (a web size), under `name`; its size is known only once made. */
export interface MadeZipEntry {
  name: string;
  mtime: Date;
  /** Makes the file's bytes; null when its source is gone. */
  make(): Promise<Buffer | null>;
}

/**
 * A zip of files made one at a time as the zip streams: each is made only when its turn comes
 * and dropped once written, so memory holds one file whatever the count. The length is not known
 * beforehand (no Content-Length). A file that cannot be made ends the stream with an error.
 */
export function streamMadeZip(entries: MadeZipEntry[], onMissing: (name: string) => void): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, mtime: entry.mtime, mode: 0o100644 }, (cb) => {
      if (out.destroyed) return cb(new Error('the download was abandoned'), undefined as never);
      entry.make().then(
        (buf) => {
          if (buf) return cb(null, Readable.from([buf]));
          onMissing(entry.name);
          cb(new Error(`missing media file for ${entry.name}`), undefined as never);
        },
        (err: Error) => cb(err, undefined as never),
      );
    });
  }
  zip.end({ forceZip64Format: false, comment: '' });
  zip.on('error', (err: Error) => out.destroy(err));
  const output = zip.outputStream as Readable;
  output.pipe(out);
  out.on('close', () => output.destroy());
  return out;
}
