import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GALLERY_RESUMABLE_PATH,
  originalUrl,
  type ClientGallery,
  type DeliveryGallery,
  type GalleryUploadResponse,
} from '@darkroom/contracts';
import { eq } from 'drizzle-orm';
import { createAccount } from '../auth/accounts.repository';
import { sqlExecutor } from '../db/client';
import { mediaAssets, services } from '../db/schema';
import { ADMIN, assetIdOf, createTestApp, makeImage, multipart, type TestApp, placeholderCover } from '../../test/harness';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { startTestBucket, type TestBucket } from '../../test/s3rver';
import { readZip } from '../../test/zip-entries';
import { loadConfig } from '../config';
import { upsertAsset } from './assets.repository';
import { imageKeys, processImage } from './image-pipeline';
import { RESUMABLE_PREFIX } from './resumable';
import { s3Storage } from './s3-storage';

const COVER = placeholderCover('3');

/**
 * Two server processes as two machines behind a load balancer: their own DATA_DIRs, one
 * PostgreSQL database, one Redis, one bucket. Whatever one stores, the other serves.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('two machines, one studio', () => {
  let bucket: TestBucket;
  let t: TestApp;
  let a: ServerProcess;
  let b: ServerProcess;
  const dirs = [
    fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-machine-a-')),
    fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-machine-b-')),
  ];
  beforeAll(async () => {
    bucket = await startTestBucket();
    // The test's own database, migrated; the two processes share it.
    t = await createTestApp('postgres');
    // Info lines: the sweep says what it removed, in the output of the process that ran it.
    const env = {
      ...bucket.env,
      S3_PREFIX: 'studio',
      DATABASE_URL: t.databaseUrl!,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      LOG_LEVEL: 'info',
    };
    [a, b] = await Promise.all(dirs.map((dir) => startServerProcess(dir, env)));
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
    await bucket?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a photo uploaded through one is shown, zipped, downloaded as an original and deleted through the other', async () => {
    const login = await fetch(`${a.url}/accounts/auth-admin/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Token ${((await login.json()) as { authToken: string }).authToken}` };
    const send = async (server: ServerProcess, method: string, url: string, fields: Parameters<typeof multipart>[0]) => {
      const { payload, headers } = await multipart(fields);
      return fetch(`${server.url}${url}`, { method, headers: { ...auth, ...headers }, body: new Uint8Array(payload) });
    };
    const user = await createAccount(t.database.db, {
      username: 'ada',
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'L',
      email: 'ada@example.test',
    });
    const cover = await makeImage({ width: 1200, height: 800, seed: 71 });
    const photo = await makeImage({ width: 1400, height: 900, seed: 72 });

    // Through A: the gallery, its photo, and the link.
    const created = await send(a, 'POST', '/adminportal/manage-client-galleries/', {
      title: 'Two machines',
      user: user.id,
      cover_image: { filename: 'cover.jpg', content: cover, type: 'image/jpeg' },
    });
    expect(created.status).toBe(201);
    const gallery = (await created.json()) as ClientGallery;
    const uploaded = await send(a, 'POST', '/adminportal/manage-gallery/', {
      'client-gallery': gallery.id,
      land_scape_image: { filename: 'beach.jpg', content: photo, type: 'image/jpeg' },
    });
    expect(uploaded.status).toBe(201);
    const [stored] = ((await uploaded.json()) as GalleryUploadResponse).stored;
    const opened = await fetch(`${a.url}/adminportal/manage-client-galleries/${gallery.id}/`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ status: true }),
    });
    expect(opened.status).toBe(200);
    const token = /^\/g\/([A-Za-z0-9_-]{43})\/$/.exec(gallery.delivery_url)![1]!;

    // Through B: shown, zipped, downloaded.
    const site = `${b.url}/site/galleries/${token}/`;
    // The photo is derived by a job, in either process: B shows it once it is ready.
    let shown = (await (await fetch(site)).json()) as DeliveryGallery;
    for (const deadline = Date.now() + 60_000; !shown.photos.length && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 200));
      shown = (await (await fetch(site)).json()) as DeliveryGallery;
    }
    expect(shown.photos.map((p) => p.name)).toEqual(['beach.jpg']);
    const image = await fetch(`${b.url}${shown.photos[0]!.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const zip = await fetch(`${site}download/`);
    expect(zip.status).toBe(200);
    const entries = await readZip(Buffer.from(await zip.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['beach.jpg']);
    expect(entries[0]!.data.equals(photo)).toBe(true);
    const original = await fetch(`${site}photos/${stored!.id}/original/`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(photo)).toBe(true);

    // Deleted through B: its objects leave the bucket.
    const storage = await s3Storage({ ...loadConfig(bucket.env).s3!, prefix: 'studio' });
    const keysBefore: string[] = [];
    for await (const o of storage.list()) keysBefore.push(o.key);
    expect((await fetch(`${b.url}/adminportal/manage-gallery/${stored!.id}/`, { method: 'DELETE', headers: auth })).status).toBe(200);
    expect((await fetch(site).then((r) => r.json())) as DeliveryGallery).toMatchObject({ photos: [] });
    const keysAfter: string[] = [];
    for await (const o of storage.list()) keysAfter.push(o.key);
    expect(keysAfter.length).toBeLessThan(keysBefore.length);
    expect((await fetch(`${b.url}${shown.photos[0]!.url}`)).status).toBe(404);

    // Neither machine wrote media of its own.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'media'))).toBe(false);
  });

  it('a resumable upload started on one is finished on the other: no sticky sessions', async () => {
    const login = await fetch(`${b.url}/accounts/auth-admin/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const tus = {
      'tus-resumable': '1.0.0',
      authorization: `Token ${((await login.json()) as { authToken: string }).authToken}`,
    };
    const [service] = await t.database.db
      .insert(services)
      .values({ name: 'Two machines', description: 'd', coverAssetId: await assetIdOf(t, COVER) })
      .returning({ id: services.id });
    const photo = await makeImage({ width: 1600, height: 1000, seed: 73 });
    const meta = { filename: 'aisle.jpg', galleryType: 'service', galleryId: String(service!.id) };
    const created = await fetch(`${a.url}${GALLERY_RESUMABLE_PATH}/`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(photo.length),
        'upload-metadata': Object.entries(meta)
          .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
          .join(','),
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(photo.length / 2);
    const patch = (server: ServerProcess, offset: number, body: Buffer) =>
      fetch(`${server.url}${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(body),
      });
    // The first half reaches A; the client then finds B behind the load balancer.
    expect((await patch(a, 0, photo.subarray(0, half))).status).toBe(204);
    const head = await fetch(`${b.url}${location}`, { method: 'HEAD', headers: tus });
    expect(Number(head.headers.get('upload-offset'))).toBe(half);
    const done = await patch(b, half, photo.subarray(half));
    expect(done.status).toBe(201);
    const stored = ((await done.json()) as GalleryUploadResponse).stored;
    expect(stored.map((p) => p.name)).toEqual(['aisle.jpg']);
    const sha256 = createHash('sha256').update(photo).digest('hex');
    const original = await fetch(`${a.url}${originalUrl(sha256)}`, { headers: tus });
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(photo)).toBe(true);
    // Its parts left the bucket with it.
    const storage = await s3Storage({ ...loadConfig(bucket.env).s3!, prefix: 'studio' });
    for await (const o of storage.list(RESUMABLE_PREFIX)) expect.fail(`left in the bucket: ${o.key}`);
  });

  it(
    'the media sweep (a scheduled job) runs once for the deployment, not once per process',
    async () => {
      const sql = sqlExecutor(t.database);
      const query = async <T>(text: string, values: unknown[] = []) => (await sql.executeSql(text, values)).rows as T[];
      // An orphan: an asset no row references, its files in the bucket, older than the grace period.
      const storage = await s3Storage({ ...loadConfig(bucket.env).s3!, prefix: 'studio' });
      const spool = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-orphan-'));
      const file = path.join(spool, 'orphan.jpg');
      fs.writeFileSync(file, await makeImage({ width: 900, height: 600, seed: 74 }));
      const stored = await processImage(storage, { path: file, bytes: fs.statSync(file).size }, { field: 'x', use: 'galleryPhoto' });
      fs.rmSync(spool, { recursive: true, force: true });
      const orphan = await upsertAsset(t.database.db, stored, null);
      await t.database.db
        .update(mediaAssets)
        .set({ createdAt: new Date(Date.now() - 3 * 3_600_000) })
        .where(eq(mediaAssets.id, orphan.id));
      expect(await storage.stat(stored.original)).not.toBeNull();

      // The sweep's schedule moved to one match, the next minute of the database's clock: both
      // processes check the schedules (every 30 s) and both work the queue.
      const [saved] = await query<{ cron: string; timezone: string; data: unknown }>(
        `select cron, timezone, data from pgboss.schedule where name = 'media-sweep'`,
      );
      expect(saved).toBeDefined();
      const { since } = (await query<{ since: Date }>(`select now() as since`))[0]!;
      const match = new Date(Math.floor(since.getTime() / 60_000 + 1) * 60_000);
      const windowEnd = new Date(match.getTime() + 60_000);
      // The jobs of this schedule carry a mark: a sweep the usual schedule (every 10 minutes)
      // queued just before the test began may be created after it, and is not the one counted.
      const mark = `test-${since.getTime()}`;
      await query(`update pgboss.schedule set cron = $1, timezone = 'UTC', data = $2 where name = 'media-sweep'`, [
        `${match.getUTCMinutes()} ${match.getUTCHours()} * * *`,
        JSON.stringify({ mark }),
      ]);
      const sweepJobs = () =>
        query<{ id: string; state: string }>(
          `select id, state from pgboss.job where name = 'media-sweep' and created_on >= $1 and data->>'mark' = $2
           union all select id, state from pgboss.archive where name = 'media-sweep' and created_on >= $1 and data->>'mark' = $2`,
          [since, mark],
        );
      // Removal lines, summed over both outputs: how many times the orphan was collected.
      const collected = () =>
        [a, b].map((p) => [...p.stdout().matchAll(/removed (\d+) unreferenced media asset\(s\)/g)].reduce((n, m) => n + Number(m[1]), 0));
      try {
        // Until the match's window has closed for every process (the schedules were checked
        // after it: no process may queue it any more) and nothing queued is left to run.
        for (;;) {
          const { checked } = (await query<{ checked: Date | null }>(`select cron_on as checked from pgboss.version`))[0]!;
          const { pending } = (
            await query<{ pending: number }>(
              `select count(*)::int as pending from pgboss.job
             where name in ('media-sweep', '__pgboss__send-it') and state in ('created', 'retry', 'active')`,
            )
          )[0]!;
          const jobs = await sweepJobs();
          const done = jobs.some((j) => j.state === 'completed');
          if (checked && checked > windowEnd && pending === 0 && done && collected().some((n) => n > 0)) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        const jobs = await sweepJobs();
        expect(jobs).toHaveLength(1);
        expect(jobs[0]!.state).toBe('completed');
        // It ran in one of the two processes and collected the orphan once: its row and its files are gone.
        expect(collected().sort()).toEqual([0, 1]);
        expect(await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, orphan.id))).toEqual([]);
        for (const key of imageKeys(stored)) expect(await storage.stat(key)).toBeNull();
      } finally {
        await query(`update pgboss.schedule set cron = $1, timezone = $2, data = $3 where name = 'media-sweep'`, [
          saved!.cron,
          saved!.timezone,
          saved!.data === null ? null : JSON.stringify(saved!.data),
        ]);
      }
    },
    // The match is up to a minute away and its window closes a minute later: waited for, not raced.
    10 * 60_000,
  );
});
