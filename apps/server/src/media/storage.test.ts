import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { describeEachStorage } from '../../test/s3';
import { startServerProcess } from '../../test/server-process';
import { diskStorage, type MediaStorage } from './storage';
import { s3Storage } from './s3-storage';
import { openMediaStorage } from './open-storage';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-storage-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const bytesOf = async (s: Readable | null) => {
  if (!s) return null;
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describeEachStorage('media storage', (kind, env) => {
  let storage: MediaStorage;
  let open: (opts?: { pageSize?: number }) => Promise<MediaStorage>;
  beforeAll(async () => {
    const e = env();
    open = async (opts = {}) => {
      const config = loadConfig({ DATA_DIR: tmp, MEDIA_DIR: path.join(tmp, e.S3_PREFIX ?? `disk-${kind}`), ...e });
      return config.s3 ? await s3Storage({ ...config.s3, ...opts }) : diskStorage(config.mediaDir);
    };
    storage = await open();
  });

  it('stores bytes once under a key: a second put answers false and refreshes the time', async () => {
    const data = randomBytes(5000);
    expect(await storage.put('d/aa/one.webp', data)).toBe(true);
    const first = (await storage.stat('d/aa/one.webp'))!;
    expect(first).toMatchObject({ key: 'd/aa/one.webp', size: 5000 });
    // Object stores keep times to the second.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await storage.put('d/aa/one.webp', Readable.from([randomBytes(10)]))).toBe(false);
    const again = (await storage.stat('d/aa/one.webp'))!;
    expect(again.size).toBe(5000);
    // S3 gives the copy onto itself a new LastModified; s3rver keeps its file's time, so only disk shows it here.
    if (kind === 'disk') expect(again.modifiedAt.getTime()).toBeGreaterThan(first.modifiedAt.getTime());
    expect((await bytesOf(await storage.read('d/aa/one.webp')))!.equals(data)).toBe(true);
  });

  it('stores a stream and a local file (large ones in parts), reads whole or a byte range', async () => {
    const big = randomBytes(20 * 1024 * 1024 + 123);
    const file = path.join(tmp, `big-${kind}`);
    fs.writeFileSync(file, big);
    expect(await storage.putFile('o/bb/big.jpg', file)).toBe(true);
    expect(await storage.putFile('o/bb/big.jpg', file)).toBe(false);
    expect(await storage.put('o/bb/streamed.jpg', Readable.from([big.subarray(0, 9e6), big.subarray(9e6)]))).toBe(true);
    for (const key of ['o/bb/big.jpg', 'o/bb/streamed.jpg']) {
      expect((await storage.stat(key))!.size).toBe(big.length);
      expect(sha((await bytesOf(await storage.read(key)))!)).toBe(sha(big));
      const part = await bytesOf(await storage.read(key, { start: 10_000_000, end: 10_000_099 }));
      expect(part!.equals(big.subarray(10_000_000, 10_000_100))).toBe(true);
    }
  });

  it('answers null for what is not there and for keys outside the media', async () => {
    expect(await storage.stat('d/00/missing.webp')).toBeNull();
    expect(await storage.read('d/00/missing.webp')).toBeNull();
    expect(await storage.read('d/00/missing.webp', { start: 0, end: 10 })).toBeNull();
    for (const bad of ['../x', 'd/../../x', '/etc/passwd', 'd/.hidden', '', 'a\0b', 'd\\..\\x', 'd//x']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid media key/);
      expect(await storage.stat(bad)).toBeNull();
      expect(await storage.read(bad)).toBeNull();
    }
  });

  it('names a stored file on this machine only when the storage is a local disk', async () => {
    const data = randomBytes(3000);
    await storage.put('o/cc/local.jpg', data);
    if (kind !== 'disk') {
      expect(storage.localPath).toBeUndefined();
      return;
    }
    const local = (await storage.localPath!('o/cc/local.jpg'))!;
    expect(fs.readFileSync(local).equals(data)).toBe(true);
    expect(await storage.localPath!('o/cc/missing.jpg')).toBeNull();
    expect(await storage.localPath!('../x')).toBeNull();
  });

  it('lists by prefix page by page, deletes, and counts usage', async () => {
    const paged = await open({ pageSize: 3 });
    const keys = Array.from({ length: 8 }, (_, i) => `d/c${i % 2}/${i}.webp`);
    for (const k of keys) await paged.put(k, Buffer.from(k));
    await paged.put('d/c0x/other.webp', Buffer.from('x'));
    const listed = async (prefix?: string) => {
      const out: string[] = [];
      for await (const o of paged.list(prefix)) out.push(o.key);
      return out.sort();
    };
    expect(await listed('d/c0')).toEqual(keys.filter((k) => k.startsWith('d/c0/')).sort());
    expect(await listed('d/c0/')).toEqual(await listed('d/c0'));
    expect((await listed('d')).filter((k) => /^d\/c\d\//.test(k))).toEqual([...keys].sort());
    expect(await listed('nothing')).toEqual([]);
    const before = await paged.usage();
    await paged.delete([keys[0]!, keys[1]!, 'd/00/never-there.webp', '../x']);
    expect(await paged.stat(keys[0]!)).toBeNull();
    const after = await paged.usage();
    expect(after.files).toBe(before.files - 2);
    expect(after.bytes).toBe(before.bytes - keys[0]!.length - keys[1]!.length);
    expect(await paged.removeIncomplete(new Date())).toBe(0);
  });

  if (kind === 's3') {
    it('refuses to start when the bucket does not answer, naming the endpoint and the bucket', async () => {
      const e = env();
      const wrongBucket = loadConfig({ ...e, S3_BUCKET: 'no-such-bucket' });
      await expect(openMediaStorage(wrongBucket)).rejects.toThrow(
        `bucket "no-such-bucket" at ${e.S3_ENDPOINT} cannot be reached: no such bucket`,
      );
      const nobody = loadConfig({ ...e, S3_ENDPOINT: 'http://127.0.0.1:9' });
      await expect(openMediaStorage(nobody)).rejects.toThrow(`bucket "${e.S3_BUCKET}" at http://127.0.0.1:9 cannot be reached`);
    });

    it('a server process with a bucket that does not answer says so in one line and does not start', async () => {
      const dataDir = fs.mkdtempSync(path.join(tmp, 'server-'));
      const err = await startServerProcess(dataDir, { ...env(), S3_BUCKET: 'no-such-bucket' }).catch((e: unknown) => e);
      expect(String(err)).toContain(
        `Media storage: the bucket "no-such-bucket" at ${env().S3_ENDPOINT} cannot be reached: no such bucket\n`,
      );
      expect(String(err)).not.toMatch(/\n\s+at /);
      expect(fs.existsSync(path.join(dataDir, 'media'))).toBe(false);
    });
  }
});
