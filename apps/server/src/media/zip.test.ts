import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { diskStorage, type MediaStorage } from './storage';
import { streamZip, type ZipEntry } from './zip';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Storage that counts the files it opened and the streams still open. */
function counting(storage: MediaStorage) {
  const opened: string[] = [];
  const streams: Readable[] = [];
  const wrapped: MediaStorage = {
    ...storage,
    async read(key, range, opts) {
      opened.push(key);
      const s = await storage.read(key, range, opts);
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

const entriesOf = (buf: Buffer) =>
  new Promise<{ name: string; method: number; crc32: number; data: Buffer }[]>((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: { name: string; method: number; crc32: number; data: Buffer }[] = [];
      zip.on('entry', (e: yauzl.Entry) =>
        zip.openReadStream(e, (er, s) => {
          if (er || !s) return reject(er ?? new Error('no stream'));
          void collect(s).then((data) => {
            out.push({ name: e.fileName, method: e.compressionMethod, crc32: e.crc32, data });
            zip.readEntry();
          }, reject);
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });

describe('streamZip', () => {
  const storage = diskStorage(path.join(dir, 'media'));

  it('stores every file byte for byte, in order, and knows its exact length beforehand', async () => {
    const entries = [await stored(storage, 'a.jpg', 3_000_000), await stored(storage, 'b é.jpg', 10), await stored(storage, 'c.jpg', 0)];
    const { stream, size } = streamZip(storage, entries);
    const zip = await collect(stream);
    expect(zip.length).toBe(size);
    const read = await entriesOf(zip);
    expect(read.map((e) => e.name)).toEqual(['a.jpg', 'b é.jpg', 'c.jpg']);
    expect(read.every((e) => e.method === 0)).toBe(true);
    read.forEach((e, i) => expect(e.data.equals(files.get(entries[i]!.key)!)).toBe(true));
  });

  it('writes the CRC-32 of each entry: the one kept for the file, or one computed and handed back', async () => {
    const a = await stored(storage, 'known.jpg', 2_500_000);
    const b = await stored(storage, 'unknown.jpg', 70_000);
    const c = await stored(storage, 'empty.jpg', 0);
    const real = (e: ZipEntry) => crc32(files.get(e.key)!);
    const handedBack: { index: number; crc32: number }[][] = [];
    const { stream } = streamZip(storage, [{ ...a, crc32: real(a) }, b, { ...c, crc32: 0 }], {
      onChecksums: (computed) => handedBack.push(computed),
    });
    const read = await entriesOf(await collect(stream));
    expect(read.map((e) => e.crc32)).toEqual([real(a), real(b), 0]);
    expect(handedBack).toEqual([[{ index: 1, crc32: real(b) }]]);
    // The kept value is what the zip says (the file is not checksummed again), so a wrong one shows.
    const { stream: lying } = streamZip(storage, [{ ...a, crc32: 12345 }]);
    expect((await entriesOf(await collect(lying)))[0]!.crc32).toBe(12345);
  });

  it('opens a file and the next one only, and stops reading when the client leaves', async () => {
    const entries = [];
    for (let i = 0; i < 6; i++) entries.push(await stored(storage, `big-${i}.jpg`, 4_000_000));
    const c = counting(storage);
    const { stream } = streamZip(c.storage, entries);
    // Nobody reads: the first file is opened, and the next one read ahead, no other.
    await new Promise((r) => setTimeout(r, 100));
    expect(c.opened).toEqual([entries[0]!.key, entries[1]!.key]);
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(c.opened.length).toBeLessThanOrEqual(3);
    expect(c.streams.every((s) => s.destroyed)).toBe(true);
  });

  it('sent into a response, uses the memory of its pieces again and still sends every byte and checksum as stored, to a slow reader', async () => {
    const entries: ZipEntry[] = [];
    // Every other file's CRC-32 is known: a reused piece must not carry one file's into the next.
    for (let i = 0; i < 8; i++) {
      const e = await stored(storage, `sent-${i}.jpg`, 2_500_000 + i * 1000);
      entries.push(i % 2 ? e : { ...e, crc32: crc32(files.get(e.key)!) });
    }
    const handedBack: { index: number; crc32: number }[] = [];
    let pieces: ReturnType<typeof streamZip>['pieces'] = null;
    const server = http.createServer((_req, res) => {
      const zip = streamZip(storage, entries, { sink: res, onChecksums: (computed) => handedBack.push(...computed) });
      pieces = zip.pieces;
      res.writeHead(200, { 'content-length': zip.size });
      zip.stream.pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      // A client that stops reading now and then, so pieces wait in the socket's queue.
      const raw = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
        socket.setNoDelay(true);
        socket.on('data', (c: Buffer) => {
          chunks.push(c);
          if (chunks.length % 7 === 0) {
            socket.pause();
            setTimeout(() => socket.resume(), 5);
          }
        });
        socket.on('end', () => resolve(Buffer.concat(chunks)));
        socket.on('error', reject);
      });
      const body = raw.subarray(raw.indexOf('\r\n\r\n') + 4);
      const read = await entriesOf(body);
      expect(read.map((e) => e.name)).toEqual(entries.map((e) => e.name));
      read.forEach((e, i) => expect(e.data.equals(files.get(entries[i]!.key)!), e.name).toBe(true));
      const real = entries.map((e) => crc32(files.get(e.key)!));
      expect(read.map((e) => e.crc32)).toEqual(real);
      expect(handedBack).toEqual([1, 3, 5, 7].map((index) => ({ index, crc32: real[index] })));
      // 20 MB in pieces of 512 KB, from a dozen buffers at most.
      expect(pieces!.reused).toBeGreaterThan(5);
      expect(pieces!.kept).toBeLessThanOrEqual(12);
    } finally {
      server.close();
    }
  });

  it('ends with an error when a file is missing or not the size it should be', async () => {
    const good = await stored(storage, 'ok.jpg', 1000);
    for (const bad of [
      { ...good, name: 'gone.jpg', key: 'o/zz/none.jpg' },
      { ...good, name: 'short.jpg', size: 999 },
    ]) {
      const { stream } = streamZip(storage, [good, bad]);
      await expect(collect(stream)).rejects.toThrow();
    }
  });
});
