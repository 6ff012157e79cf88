import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/** Root of every process's spool folder; each process spools under its own `<pid>` folder. */
export const SPOOL_ROOT = path.join(os.tmpdir(), 'darkroom-uploads');
export const spoolDir = (pid = process.pid) => path.join(SPOOL_ROOT, String(pid));
/** The folder of resumable uploads' partial files, shared by the host's processes. */
export const RESUMABLE_FOLDER = 'resumable';

/** A file part of a request, written to a temporary file while it arrives. */
export interface SpooledFile {
  path: string;
  bytes: number;
  /** SHA-256 of the bytes, computed while they were written. */
  sha256: string;
  /** CRC-32 of the bytes, computed alongside (a zip of originals then needs no second pass). */
  crc32: number;
  /** The sender went past the size limit; the file is incomplete. */
  truncated: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    spooled?: Set<string>;
  }
}

const remove = (file: string) => fs.promises.rm(file, { force: true }).catch(() => undefined);

/**
 * Whether the client went away. (An IncomingMessage is closed and destroyed as soon as its body
 * has been read, so only the connection tells an abort from a finished upload.)
 */
const clientGone = (request: FastifyRequest) => !!request.raw.socket?.destroyed;

/**
 * The socket listener each spooling request adds, removed when the request ends: a keep-alive
 * connection carries many uploads, and a listener left behind keeps its request (and everything
 * it refers to) alive as long as the connection.
 */
const socketListeners = new WeakMap<FastifyRequest, () => void>();

/**
 * Requests whose spool files were released: a part still being written then (a response sent
 * while the body's last part was still arriving, as for a body cut short) removes its own file
 * when it is done, since the release could not see it yet or removed it before it was created.
 */
const released = new WeakSet<FastifyRequest>();

/** Removes every spool file of a request (its response is sent, or it failed or was abandoned). */
export function releaseRequestSpool(request: FastifyRequest): void {
  released.add(request);
  socketListeners.get(request)?.();
  socketListeners.delete(request);
  const files = request.spooled;
  if (!files) return;
  for (const f of files) void remove(f);
  files.clear();
}

/**
 * Ties a request's spool files to its life: they are removed when its response is done (the
 * server's onResponse hook), or as soon as the client's connection goes (onRequestAbort and the
 * socket's close, which also covers a connection the server cut off).
 */
function track(request: FastifyRequest): Set<string> {
  if (!request.spooled) {
    request.spooled = new Set<string>();
    const socket = request.raw.socket;
    if (socket) {
      const onClose = () => releaseRequestSpool(request);
      socket.once('close', onClose);
      socketListeners.set(request, () => socket.off('close', onClose));
    }
  }
  return request.spooled;
}

/**
 * Streams an incoming file part to a temporary file, hashing it on the way, so a large upload is
 * never held in memory and never read twice. The file belongs to the request: it is removed with
 * it, or sooner with `releaseSpooled`.
 */
export async function spoolPart(request: FastifyRequest, stream: Readable & { truncated?: boolean }): Promise<SpooledFile> {
  const dir = spoolDir();
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, randomUUID());
  const files = track(request);
  files.add(file);
  const hash = createHash('sha256');
  let crc = 0;
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      crc = crc32(chunk, crc);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const out = fs.createWriteStream(file);
  try {
    await pipeline(stream, tap, out);
  } catch (err) {
    // The pipeline can fail before the file is even opened (a part already cut off when its turn
    // came): removed then, the file would be created afterwards and left behind. Once the write
    // stream has closed, the file exists or never will.
    out.destroy();
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await releaseSpooled(request, file);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { path: file, bytes, sha256: '', crc32: 0, truncated: true };
    throw err;
  }
  // The client left, or the request ended, while this file was written: nothing will use it.
  if (clientGone(request) || released.has(request)) await releaseSpooled(request, file);
  return { path: file, bytes, sha256: hash.digest('hex'), crc32: crc, truncated: !!stream.truncated };
}

/** Removes one spool file before its request ends (it has been used). */
export async function releaseSpooled(request: FastifyRequest, file: string): Promise<void> {
  request.spooled?.delete(file);
  await remove(file);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
};

/**
 * Spool files outlive no request: at start-up this process's folder is emptied, and folders of
 * processes that are gone (a crash, a SIGKILL) are removed; `olderThanMs` also removes files a
 * live process has kept longer than any request may last.
 */
export async function sweepSpool(olderThanMs?: number): Promise<number> {
  let removed = 0;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(SPOOL_ROOT, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    // Resumable uploads outlive their processes; they expire on their own terms (resumable.ts).
    if (entry.name === RESUMABLE_FOLDER) continue;
    const full = path.join(SPOOL_ROOT, entry.name);
    const pid = Number(entry.name);
    if (!entry.isDirectory() || !Number.isInteger(pid)) {
      // A file from an older release, which spooled straight into the root.
      await remove(full);
      removed += 1;
      continue;
    }
    if (olderThanMs === undefined && pid === process.pid) {
      removed += await emptyDir(full);
    } else if (pid !== process.pid && !alive(pid)) {
      removed += await emptyDir(full);
      await fs.promises.rm(full, { recursive: true, force: true }).catch(() => undefined);
    } else if (olderThanMs !== undefined) {
      removed += await emptyDir(full, Date.now() - olderThanMs);
    }
  }
  return removed;
}

async function emptyDir(dir: string, before = Infinity): Promise<number> {
  let removed = 0;
  for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < before) {
      await remove(file);
      removed += 1;
    }
  }
  return removed;
}
