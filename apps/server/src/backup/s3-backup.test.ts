import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { archiveFileWriter } from '../media/archive';
import { s3Storage } from '../media/s3-storage';
import { diskStorage, type MediaStorage } from '../media/storage';
import { createTestApp, makeImage, multipart, type TestApp } from '../../test/harness';
import { startTestBucket, type TestBucket } from '../../test/s3rver';
import { restoreBackup, verifyBackup, writeBackup, type Manifest } from './backup.service';

async function allFiles(storage: MediaStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const o of storage.list()) {
    const hash = createHash('sha256');
    for await (const chunk of (await storage.read(o.key))!) hash.update(chunk as Buffer);
    out[o.key] = hash.digest('hex');
  }
  return out;
}

/** What an archive holds, whatever order its files were listed in. */
const contents = (m: Manifest) => ({
  tables: m.tables.map((t) => [t.name, t.rows]),
  files: [...m.files].sort((a, b) => a.key.localeCompare(b.key)),
  totals: m.totals,
});

describe('backup and restore with media in a bucket', () => {
  let bucket: TestBucket;
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-s3-backup-'));
  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await createTestApp('pglite', { env: { ...bucket.env, S3_PREFIX: 'source' } });
    for (let i = 0; i < 3; i++) {
      const res = await t.as({
        method: 'POST',
        url: '/adminportal/pages/the-team/',
        ...(await multipart({
          name: `Member ${i}`,
          email: 'm@studio.test',
          phone: '+1 555 0101',
          title: 'Photographer',
          cover_image: { filename: 'p.jpg', content: await makeImage({ width: 700, height: 700, seed: 40 + i }), type: 'image/jpeg' },
        })),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
    await bucket.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh database with no rows and the given storage. */
  const target = async (storage: MediaStorage) => ({
    database: await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      pgliteDump: new Blob([fs.readFileSync(inject('pgliteDump'))]),
      migrate: false,
    }),
    storage,
  });

  it('restores a bucket backup onto disk and into another bucket prefix, and backs up the same archive from either', async () => {
    const fromBucket = path.join(dir, 'bucket.tar');
    const m = await writeBackup({ database: t.database, storage: t.app.storage }, archiveFileWriter(fromBucket));
    expect(m.totals.files).toBeGreaterThan(10);
    const source = await allFiles(t.app.storage);
    expect(Object.fromEntries(m.files.map((f) => [f.key, f.sha256]))).toEqual(source);

    const onDisk = await target(diskStorage(path.join(dir, 'media')));
    const inBucket = await target(await s3Storage({ ...loadConfig(bucket.env).s3!, prefix: 'restored' }));
    try {
      for (const side of [onDisk, inBucket]) {
        await restoreBackup(side, fromBucket);
        expect(await allFiles(side.storage)).toEqual(source);
      }
      // The disk's archive holds what the bucket's does.
      const fromDisk = path.join(dir, 'disk.tar');
      await writeBackup(onDisk, archiveFileWriter(fromDisk));
      const [a, b] = [await verifyBackup(fromBucket), await verifyBackup(fromDisk)];
      expect(contents(b)).toEqual(contents(a));
    } finally {
      await onDisk.database.close();
      await inBucket.database.close();
    }
  });

  it('sweeps only unreferenced objects of the bucket', async () => {
    const before = await allFiles(t.app.storage);
    await t.app.storage.put('d/ff/stray.webp', Buffer.from('left by a crash'));
    expect(await t.app.runtime.assets.sweepFiles(new Date(Date.now() + 60_000))).toBe(1);
    expect(await allFiles(t.app.storage)).toEqual(before);
  });
});
