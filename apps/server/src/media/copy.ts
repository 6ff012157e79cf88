import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { RESUMABLE_PREFIX } from './resumable';
import type { MediaStorage } from './storage';

export interface CopyReport {
  copied: number;
  /** Already in the target with the same SHA-256 (a copy run again after an interruption). */
  skipped: number;
  bytes: number;
}

/** A file whose copy did not read back as it was sent. */
export class CopyMismatchError extends Error {}

async function sha256(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every stored file from one storage to another (disk to bucket or back), each checked
 * by reading it back and comparing SHA-256s. What the target holds with the same hash already is
 * skipped, so a copy interrupted half way is resumed by running it again; a target file with
 * other bytes under the key is replaced. The source is left as it is.
 */
export async function copyMedia(
  from: MediaStorage,
  to: MediaStorage,
  onFile?: (key: string, done: 'copied' | 'skipped') => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for await (const object of from.list()) {
    // Partial uploads stay where they were started; they expire there.
    if (object.key.startsWith(RESUMABLE_PREFIX)) continue;
    const there = await to.stat(object.key);
    if (there && there.size === object.size) {
      const [a, b] = await Promise.all([sha256(await from.read(object.key)), sha256(await to.read(object.key))]);
      if (a !== null && a === b) {
        report.skipped += 1;
        onFile?.(object.key, 'skipped');
        continue;
      }
    }
    // Content-addressed `put` keeps what is there: a wrong file goes first.
    if (there) await to.delete([object.key]);
    const source = await from.read(object.key);
    if (!source) continue; // deleted meanwhile
    const hash = createHash('sha256');
    const body = new PassThrough();
    source.on('data', (c: Buffer) => hash.update(c));
    source.on('error', (err) => body.destroy(err));
    source.pipe(body);
    await to.put(object.key, body);
    const sent = hash.digest('hex');
    const back = await sha256(await to.read(object.key));
    if (back !== sent) {
      await to.delete([object.key]);
      throw new CopyMismatchError(`${object.key}: the copy reads back as ${back ?? 'nothing'}, not ${sent}`);
    }
    report.copied += 1;
    report.bytes += object.size;
    onFile?.(object.key, 'copied');
  }
  return report;
}
