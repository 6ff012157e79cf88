import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { describeEachStorage } from '../../test/s3';
import { readZip } from '../../test/zip-entries';
import { s3Storage } from './s3-storage';
import { diskStorage, type MediaStorage } from './storage';
import { checkZipFiles, MissingZipFile, streamZip, type ZipEntry } from './zip';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Storage that counts the files it opened and the streams still open. */
function counting(storage: MediaStorage) {
  const opened: string[] = [];
  const streams: Readable[] = [];
  const wrapped: MediaStorage = {
    ...storage,
    async read(key, range) {
      opened.push(key);
      const s = await storage.read(key, range);
      if (s) streams.push(s);
      return s;
    },
  };
  return { storage: wrapped, opened, streams };
}

const files = new Map<string, Buffer>();
async function stored(storage: MediaStorage, name: string, bytes: number): Promise<ZipEntry> {
  const data = randomBytes(bytes);
  const key = `o/zz/${name}`;
  await storage.put(key, data);
  files.set(key, data);
  return { name, key, size: data.length, mtime: new Date('2024-05-01T10:00:00Z') };
}

const collect = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  await pipeline(
    stream,
    new Writable({
      write(c: Buffer, _e, cb) {
        chunks.push(c);
        cb();
      },
    }),
  );
  return Buffer.concat(chunks);
};

describeEachStorage('streamZip', (_kind, env) => {
  let storage: MediaStorage;
  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dir, MEDIA_DIR: path.join(dir, 'media'), ...env() });
    storage = config.s3 ? await s3Storage(config.s3) : diskStorage(config.mediaDir);
  });
  const noMissing = () => {
    throw new Error('no file should be missing');
  };

  it('stores every file byte for byte, in order, with its CRC-32, and knows its exact length beforehand', async () => {
    const entries = [await stored(storage, 'a.jpg', 3_000_000), await stored(storage, 'b é.jpg', 10), await stored(storage, 'c.jpg', 0)];
    const { stream, size } = streamZip(storage, entries, noMissing);
    const zip = await collect(stream);
    expect(zip.length).toBe(size);
    const read = await readZip(zip);
    expect(read.map((e) => e.name)).toEqual(['a.jpg', 'b é.jpg', 'c.jpg']);
    expect(read.every((e) => e.method === 0)).toBe(true);
    read.forEach((e, i) => expect(e.data.equals(files.get(entries[i]!.key)!)).toBe(true));
    expect(read.map((e) => e.crc32)).toEqual(entries.map((e) => crc32(files.get(e.key)!)));
  });

  it('opens a file when its turn comes (the next one ahead), and stops reading when the client leaves', async () => {
    const entries = [];
    for (let i = 0; i < 6; i++) entries.push(await stored(storage, `big-${i}.jpg`, 4_000_000));
    const c = counting(storage);
    const { stream } = streamZip(c.storage, entries, noMissing);
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(c.opened.length).toBeLessThanOrEqual(2);
    await expect.poll(() => c.streams.every((s) => s.destroyed || s.readableEnded)).toBe(true);
  });

  it('checks every file before a byte is sent: a missing one, or one of another size, is named', async () => {
    const good = await stored(storage, 'ok.jpg', 1000);
    await expect(checkZipFiles(storage, [good])).resolves.toBeUndefined();
    for (const bad of [
      { ...good, name: 'gone.jpg', key: 'o/zz/none.jpg' },
      { ...good, name: 'short.jpg', size: 999 },
    ]) {
      const err = await checkZipFiles(storage, [good, bad]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MissingZipFile);
      expect((err as MissingZipFile).entry.name).toBe(bad.name);
    }
  });

  it('ends with an error naming the file when one disappears while the zip is sent', async () => {
    const first = await stored(storage, 'first.jpg', 1000);
    const gone = await stored(storage, 'gone-later.jpg', 1000);
    await storage.delete([gone.key]);
    const missing: MissingZipFile[] = [];
    const { stream } = streamZip(storage, [first, gone], (err) => missing.push(err));
    await expect(collect(stream)).rejects.toThrow();
    expect(missing.map((m) => m.entry.name)).toEqual(['gone-later.jpg']);
  });
});
