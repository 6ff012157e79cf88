import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { diskStorage } from './storage';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-storage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Spies on every read of any open file: how many are under way at once, and where each starts. */
async function watchReads() {
  const probe = await fs.promises.open(__filename, 'r');
  const proto = Object.getPrototypeOf(probe) as fs.promises.FileHandle;
  await probe.close();
  const seen = { underWay: 0, most: 0, starts: [] as number[] };
  const read = proto.read;
  vi.spyOn(proto, 'read').mockImplementation(function (this: fs.promises.FileHandle, ...args: unknown[]) {
    seen.underWay++;
    seen.most = Math.max(seen.most, seen.underWay);
    seen.starts.push(args[3] as number);
    return (read as (...a: unknown[]) => Promise<unknown>).apply(this, args).finally(() => seen.underWay--);
  } as typeof read);
  return seen;
}

const nextPiece = (stream: Readable) =>
  new Promise<Buffer | null>((resolve) => {
    const piece = stream.read() as Buffer | null;
    if (piece) return resolve(piece);
    stream.once('readable', () => resolve(stream.read() as Buffer | null));
  });

describe('reading a stored file in pieces', () => {
  it('reads one piece at a time, each where the last ended, the next under way before it is asked for', async () => {
    const storage = diskStorage(dir);
    const data = randomBytes(10 * 1000 + 123);
    await storage.put('o/aa/file.jpg', data);
    const seen = await watchReads();

    const stream = (await storage.read('o/aa/file.jpg', undefined, { chunkSize: 1000 }))!;
    const first = await nextPiece(stream);
    expect(first).toEqual(data.subarray(0, 1000));
    // The consumer holds the first piece: the stream still fills its two pieces ahead of it.
    await vi.waitFor(() => expect(seen.starts.length).toBeGreaterThanOrEqual(3));

    const pieces = [first!];
    for await (const piece of stream) pieces.push(piece as Buffer);
    expect(Buffer.concat(pieces)).toEqual(data);
    // Two reads of one file at once defeat the kernel's read-ahead (storage.ts): never more than one.
    expect(seen.most).toBe(1);
    expect(seen.starts.slice(0, 11)).toEqual(Array.from({ length: 11 }, (_, i) => i * 1000));
  });

  it('reads a range in pieces, the same way', async () => {
    const storage = diskStorage(dir);
    const data = randomBytes(5000);
    await storage.put('o/aa/range.jpg', data);
    const seen = await watchReads();

    const stream = (await storage.read('o/aa/range.jpg', { start: 1500, end: 3999 }, { chunkSize: 1000 }))!;
    const pieces: Buffer[] = [];
    for await (const piece of stream) pieces.push(piece as Buffer);
    expect(Buffer.concat(pieces)).toEqual(data.subarray(1500, 4000));
    expect(seen.most).toBe(1);
    expect(seen.starts).toEqual([1500, 2500, 3500]);
  });
});
