import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';
import type { MediaStorage } from './storage';

/**
 * Tar archives, streamed both ways: backups are written entry by entry and read back entry by
 * entry, so neither a backup nor a restore holds more than one bounded entry in memory. This is
 * the only place that touches archive files (the rule: only media/ touches files).
 */

export interface FileDigest {
  size: number;
  sha256: string;
}

export interface ArchiveWriter {
  /** Adds a small entry held in memory (a manifest, a chunk of rows). */
  add(name: string, data: Buffer | string): Promise<void>;
  /**
   * Streams a stored file into the archive, hashing it on the way; null when the file is gone
   * (deleted since it was listed).
   */
  addStored(storage: MediaStorage, key: string, name: string): Promise<FileDigest | null>;
  /** Ends the archive; resolves once every byte reached the output. */
  finish(): Promise<void>;
  /** Stops writing: the output is destroyed with `err`. */
  abort(err: Error): void;
}

function sha256Transform(onDone: (d: FileDigest) => void): Transform {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
    flush(cb) {
      onDone({ size, sha256: hash.digest('hex') });
      cb();
    },
  });
}

/** Writes a tar archive to `out` (a file stream, an HTTP reply). */
export function archiveWriter(out: Writable): ArchiveWriter {
  const pack = tar.pack();
  const written = pipeline(pack as unknown as Readable, out);
  // The pipeline's failure is reported by finish(); never unhandled meanwhile.
  written.catch(() => {});
  const entry = (name: string, size: number, body: Readable | Buffer) =>
    new Promise<void>((resolve, reject) => {
      const header = { name, size, mode: 0o644, mtime: new Date(0) };
      if (Buffer.isBuffer(body)) {
        pack.entry(header, body, (err) => (err ? reject(err) : resolve()));
        return;
      }
      const sink = pack.entry(header, (err) => (err ? reject(err) : resolve()));
      body.on('error', (err) => {
        sink.destroy(err);
        reject(err);
      });
      body.pipe(sink as unknown as Writable);
    });
  return {
    async add(name, data) {
      const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
      await Promise.race([entry(name, buf.length, buf), written]);
    },
    async addStored(storage, key, name) {
      const stat = await storage.stat(key);
      const stream = stat ? await storage.read(key) : null;
      if (!stat || !stream) return null;
      let digest: FileDigest | null = null;
      const hashed = stream.pipe(sha256Transform((d) => (digest = d)));
      stream.on('error', (err) => hashed.destroy(err));
      await Promise.race([entry(name, stat.size, hashed), written]);
      if (!digest) throw new Error(`could not read ${key}`);
      return digest;
    },
    async finish() {
      pack.finalize();
      await written;
    },
    abort(err) {
      pack.destroy(err);
      out.destroy(err);
    },
  };
}

/**
 * A writer for an archive file, written under a temporary name and renamed when complete, so a
 * failed backup never leaves a file that looks like a backup.
 */
export function archiveFileWriter(file: string): ArchiveWriter {
  const target = path.resolve(file);
  const tmp = `${target}.${process.pid}.part`;
  const writer = archiveWriter(fs.createWriteStream(tmp));
  return {
    ...writer,
    async finish() {
      try {
        await writer.finish();
        await fs.promises.rename(tmp, target);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    abort(err) {
      writer.abort(err);
      fs.rmSync(tmp, { force: true });
    },
  };
}

/** One entry being read: its name, declared size and content (read it or skip it). */
export interface ArchiveEntry {
  name: string;
  size: number;
  stream: Readable;
  /** Reads the whole entry, which must be at most `max` bytes (else `EntryTooLarge`, nothing read). */
  buffer(max: number): Promise<Buffer>;
  /** The entry's lines (`\n`-separated, UTF-8), each at most `maxLine` bytes (else `EntryTooLarge`). */
  lines(maxLine: number): AsyncGenerator<string>;
  /** Hashes the entry while passing it to `consume` (or just hashes it). */
  digest(consume?: (body: Readable) => Promise<unknown>): Promise<FileDigest>;
}

/** An entry (or a line of one) larger than the reader allows: a damaged or crafted archive. */
export class EntryTooLarge extends Error {
  constructor(
    readonly entry: string,
    readonly max: number,
  ) {
    super(`${entry} holds more than ${max} bytes in one piece`);
    this.name = 'EntryTooLarge';
  }
}

/** The lines of a stream, split as its bytes arrive: at most one line (of at most `maxLine` bytes) is held. */
async function* splitLines(stream: Readable, name: string, maxLine: number): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const take = (piece: Buffer) => {
    pendingBytes += piece.length;
    if (pendingBytes > maxLine) throw new EntryTooLarge(name, maxLine);
    pending.push(piece);
  };
  for await (const chunk of stream) {
    let buf = chunk as Buffer;
    for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10)) {
      take(buf.subarray(0, nl));
      const line = Buffer.concat(pending).toString('utf8');
      pending = [];
      pendingBytes = 0;
      if (line) yield line;
      buf = buf.subarray(nl + 1);
    }
    if (buf.length) take(buf);
  }
  const last = Buffer.concat(pending).toString('utf8');
  if (last) yield last;
}

/**
 * Reads an archive file entry by entry, in order. A truncated or damaged archive rejects with
 * the tar reader's error; the caller decides what that means.
 */
export async function readArchiveFile(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new Error(`No archive at ${file}.`);
  const extract = tar.extract();
  const source = fs.createReadStream(file);
  const feeding = pipeline(source, extract as unknown as Writable);
  feeding.catch(() => {});
  for await (const raw of extract) {
    const stream = raw as unknown as Readable;
    const { name, size, type } = raw.header;
    if (type !== 'file') {
      stream.resume();
      continue;
    }
    let consumed = false;
    const entry: ArchiveEntry = {
      name,
      size,
      stream,
      async buffer(max) {
        if (size > max) throw new EntryTooLarge(name, max);
        consumed = true;
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        return Buffer.concat(chunks);
      },
      lines(maxLine) {
        consumed = true;
        return splitLines(stream, name, maxLine);
      },
      async digest(consume) {
        consumed = true;
        let digest: FileDigest | null = null;
        const hashed = stream.pipe(sha256Transform((d) => (digest = d)));
        if (consume) await consume(hashed);
        else await pipeline(hashed, new PassThrough().resume());
        if (!digest) throw new Error(`could not read ${name}`);
        return digest;
      },
    };
    await onEntry(entry);
    if (!consumed) for await (const _ of stream);
  }
  await feeding;
}

/** The name of a scheduled backup: its UTC time, so names sort oldest first. */
const SCHEDULED_BACKUP = /^darkroom-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar$/;

/** A new scheduled backup's path in `dir` (made if missing), named by the time. */
export async function scheduledBackupFile(dir: string, now = new Date()): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true });
  return path.join(dir, `darkroom-${now.toISOString().replace(/[:.]/g, '-')}.tar`);
}

/** Removes all but the newest `keep` scheduled backups of `dir` (other files are left alone); answers the removed names. */
export async function pruneScheduledBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.promises.readdir(dir)).filter((n) => SCHEDULED_BACKUP.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await fs.promises.rm(path.join(dir, name), { force: true });
  return old;
}

/** A backup file in a folder: its plain name, size and when it was written. */
export interface BackupFileInfo {
  name: string;
  size: number;
  mtime: Date;
}

/**
 * The complete archives in `dir` (`*.tar` regular files: not the `.part` of one being written,
 * not a link), newest first; none when the folder does not exist yet.
 */
export async function listBackupFiles(dir: string): Promise<BackupFileInfo[]> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const found: BackupFileInfo[] = [];
  for (const e of entries) {
    if (!e.isFile() || !e.name.endsWith('.tar')) continue;
    const stat = await fs.promises.lstat(path.join(dir, e.name)).catch(() => null);
    if (stat?.isFile()) found.push({ name: e.name, size: stat.size, mtime: stat.mtime });
  }
  return found.sort((a, b) => b.mtime.getTime() - a.mtime.getTime() || b.name.localeCompare(a.name));
}

/**
 * Opens the archive `name` of `dir` for reading, or null when there is no such regular file.
 * `name` must be a plain name (the caller checks its shape); a link or a folder is not served.
 */
export async function openBackupFile(dir: string, name: string): Promise<{ size: number; stream: Readable } | null> {
  if (name !== path.basename(name) || name.startsWith('.')) return null;
  const file = path.join(dir, name);
  const handle = await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW).catch(() => null);
  if (!handle) return null;
  const stat = await handle.stat();
  if (!stat.isFile()) {
    await handle.close();
    return null;
  }
  return { size: stat.size, stream: handle.createReadStream() };
}
