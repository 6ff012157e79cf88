import { Readable } from 'node:stream';
import { storedZip, storedZipLength, type StoredZipFile } from './stored-zip';
import type { MediaStorage } from './storage';

/** One stored file to put in a zip, under `name`, with its size known beforehand. */
export interface ZipEntry {
  name: string;
  /** Storage key of the file. */
  key: string;
  size: number;
  mtime: Date;
  /** The file's CRC-32 when recorded at upload; else computed as it is sent. */
  crc32?: number | undefined;
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
 * A zip of stored files (stored-zip.ts): byte for byte, each file opened when its turn comes
 * (the next one just ahead, so an object store's first-byte wait does not stall the zip between
 * files; at most two are open at once), so memory stays flat whatever the total and the client's
 * pace sets the reading pace. `size` is the zip's exact length (for Content-Length). A file that
 * disappears meanwhile ends the stream with an error naming it (`onMissing`), so the client sees
 * an incomplete download rather than a short one.
 */
export function streamZip(
  storage: MediaStorage,
  entries: ZipEntry[],
  onMissing: (err: MissingZipFile) => void,
): { stream: Readable; size: number } {
  async function* files(): AsyncGenerator<StoredZipFile> {
    const open = (i: number) => {
      const read = i < entries.length ? storage.read(entries[i]!.key) : Promise.resolve(null);
      read.catch(() => {});
      return read;
    };
    let next = open(0);
    try {
      for (let i = 0; i < entries.length; i++) {
        const data = await next;
        next = open(i + 1);
        const entry = entries[i]!;
        if (!data) {
          const err = new MissingZipFile(entry);
          onMissing(err);
          throw err;
        }
        yield { name: entry.name, mtime: entry.mtime, size: entry.size, crc32: entry.crc32, data };
      }
    } finally {
      // The client left, or the zip failed: the file opened ahead is not read.
      void next.then(
        (s) => s?.destroy(),
        () => {},
      );
    }
  }
  return { stream: zipStream(storedZip(files())), size: storedZipLength(entries) };
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
  async function* files(): AsyncGenerator<StoredZipFile> {
    for (const entry of entries) {
      const made = await entry.make();
      if (!made) {
        onMissing(entry.name);
        throw new Error(`missing media file for ${entry.name}`);
      }
      yield { name: entry.name, mtime: entry.mtime, size: made.length, data: [made] };
    }
  }
  return zipStream(storedZip(files()));
}

/** Bytes, not objects; about a megabyte pulled ahead of the client. */
const zipStream = (chunks: AsyncGenerator<Buffer>) => Readable.from(chunks, { objectMode: false, highWaterMark: 1 << 20 });
