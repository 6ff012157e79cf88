import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const SPOOL_DIR = path.join(os.tmpdir(), 'darkroom-uploads');

export interface SpooledFile {
  path: string;
  bytes: number;
  /** SHA-256 of the bytes, computed while they were written. */
  sha256: string;
  /** The sender went past the size limit; the file is incomplete. */
  truncated: boolean;
}

/**
 * Streams an incoming file part to a temporary file, hashing it on the way, so a large upload
 * is never held in memory and never read twice. The caller removes the file when done.
 */
export async function spoolUpload(stream: Readable & { truncated?: boolean }): Promise<SpooledFile> {
  await fs.promises.mkdir(SPOOL_DIR, { recursive: true });
  const file = path.join(SPOOL_DIR, randomUUID());
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, tap, fs.createWriteStream(file));
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return { path: file, bytes, sha256: '', truncated: true };
    }
    throw err;
  }
  return { path: file, bytes, sha256: hash.digest('hex'), truncated: !!stream.truncated };
}

export async function removeSpooled(filePath: string): Promise<void> {
  await fs.promises.rm(filePath, { force: true });
}
