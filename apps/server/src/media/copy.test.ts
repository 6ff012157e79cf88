import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { startTestBucket, type TestBucket } from '../../test/s3rver';
import { main } from './cli';
import { s3Storage } from './s3-storage';
import { diskStorage, type MediaStorage } from './storage';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-copy-'));

async function hashes(storage: MediaStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const o of storage.list()) {
    const hash = createHash('sha256');
    for await (const chunk of (await storage.read(o.key))!) hash.update(chunk as Buffer);
    out[o.key] = hash.digest('hex');
  }
  return out;
}

describe('npm run media -- copy', () => {
  let bucket: TestBucket;
  let env: Record<string, string>;
  beforeAll(async () => {
    bucket = await startTestBucket();
    env = { ...bucket.env, S3_PREFIX: 'studio', DATA_DIR: dir, MEDIA_DIR: path.join(dir, 'media') };
  });
  afterAll(async () => {
    await bucket.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = async (...args: string[]) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const code = await main(args, env);
      return { code, out: log.mock.calls.flat().join('\n'), err: error.mock.calls.flat().join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  };

  it('copies the media folder into the bucket and back, checked, resuming after an interruption', async () => {
    const disk = diskStorage(env.MEDIA_DIR!);
    for (let i = 0; i < 6; i++) await disk.put(`d/0${i}/${i}.webp`, randomBytes(1000 + i));
    await disk.put('o/aa/big.jpg', randomBytes(18 * 1024 * 1024));
    const bucketStorage = await s3Storage(loadConfig(env).s3!);

    // An earlier run stopped half way: two files in the bucket, one of them cut short.
    await bucketStorage.put('d/00/0.webp', await fs.promises.readFile(path.join(env.MEDIA_DIR!, 'd/00/0.webp')));
    await bucketStorage.put('d/01/1.webp', randomBytes(1001));

    const up = await run('copy', '--to', 's3');
    expect(up.err).toBe('');
    expect(up.code).toBe(0);
    expect(up.out).toMatch(
      /^Copied 6 files \(18\.\d MB\) from .*media to bucket darkroom-test\/studio, each checked by SHA-256; 1 already there were skipped\.$/,
    );
    expect(await hashes(bucketStorage)).toEqual(await hashes(disk));

    const again = await run('copy', '--to', 's3');
    expect(again.out).toMatch(/^Copied 0 files .* 7 already there were skipped\.$/);

    const back = { ...env, MEDIA_DIR: path.join(dir, 'restored') };
    const down = await main(['copy', '--to', 'disk'], back);
    expect(down).toBe(0);
    expect(await hashes(diskStorage(back.MEDIA_DIR))).toEqual(await hashes(disk));
  });

  it('answers usage for anything else, and names the bucket that does not answer', async () => {
    expect((await run('copy', '--to', 'ftp')).code).toBe(2);
    expect((await run('move', '--to', 's3')).err).toBe('Usage: npm run media -- copy --to s3|disk');
    const saved = env;
    env = { ...env, S3_BUCKET: undefined as unknown as string };
    expect((await run('copy', '--to', 's3')).err).toMatch(/^S3_BUCKET is not set/);
    env = { ...saved, S3_BUCKET: 'elsewhere' };
    const refused = await run('copy', '--to', 's3');
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`Media storage: the bucket "elsewhere" at ${bucket.endpoint} cannot be reached: no such bucket`);
    env = saved;
  });
});
