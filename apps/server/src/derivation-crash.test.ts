import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GalleryPhoto, GalleryUploadResponse, SiteService } from '@darkroom/contracts';
import { ADMIN, describeEachDatabase, makeImage, processDatabase, type ProcessDatabase } from '../test/harness';
import { mediaAssets } from './db/schema';
import { exited, startServerProcess, type ServerProcess } from '../test/server-process';

/** The server from the sources, one derivation at a time, its spool under `tmpDir`. */
const start = (dataDir: string, tmpDir: string, env: Record<string, string> = {}) =>
  startServerProcess(dataDir, { TMPDIR: tmpDir, UPLOAD_CONCURRENCY: '1', ...env });

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A batch of gallery photos cut by a SIGKILL: the uploads answered once each original was safe,
 * their derive jobs were queued in the database, and after a restart those jobs run, so every
 * acknowledged photo ends derived and on the website, and nothing is left half-done.
 */
describeEachDatabase('derivation across a SIGKILL', (kind) => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-derive-crash-'));
  const dataDir = path.join(base, 'data');
  const tmpDir = path.join(base, 'tmp');
  const mediaDir = path.join(dataDir, 'media');
  const spoolDir = path.join(tmpDir, 'darkroom-uploads');
  let server: ServerProcess | null = null;
  let db: ProcessDatabase;

  beforeAll(async () => {
    fs.mkdirSync(tmpDir, { recursive: true });
    db = await processDatabase(kind, dataDir);
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
    await db.drop();
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('derives and shows every acknowledged photo of a batch killed midway; none half-recorded, no spool left', async () => {
    server = await start(dataDir, tmpDir, db.env);
    let token = '';
    const signIn = async () => {
      const res = await fetch(`${server!.url}/accounts/auth-admin/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(res.status).toBe(200);
      token = ((await res.json()) as { authToken: string }).authToken;
    };
    await signIn();
    const auth = () => ({ authorization: `Token ${token}` });

    // A published service to hold the gallery.
    const cover = new FormData();
    cover.append('name', 'Weddings');
    cover.append('description', 'Our weddings');
    cover.append('cover_image', new Blob([new Uint8Array(await makeImage({ width: 1200, height: 800, seed: 700 }))]), 'cover.jpg');
    const created = await fetch(`${server.url}/adminportal/manage-services/`, { method: 'POST', headers: auth(), body: cover });
    expect(created.status, await created.clone().text()).toBe(201);
    const serviceId = ((await created.json()) as { id: number }).id;
    const publish = new FormData();
    publish.append('status', 'true');
    const published = await fetch(`${server.url}/adminportal/manage-services/${serviceId}/`, {
      method: 'PATCH',
      headers: auth(),
      body: publish,
    });
    expect(published.status, await published.clone().text()).toBe(200);

    const photos = await Promise.all(Array.from({ length: 20 }, (_, i) => makeImage({ width: 2400, height: 1600, seed: 710 + i })));
    const list = async () => {
      const res = await fetch(`${server!.url}/adminportal/service-galleries/${serviceId}/`, { headers: auth() });
      expect(res.status).toBe(200);
      return (await res.json()) as GalleryPhoto[];
    };

    // Three uploads in flight, one photo each, as the portal sends them. The kill comes once half
    // the batch was acknowledged while some of it still waits for derivation.
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    let processingAtKill = 0;
    const uploadOne = async (i: number) => {
      const form = new FormData();
      form.append('service', String(serviceId));
      form.append('land_scape_image', new Blob([new Uint8Array(photos[i]!)]), `photo-${String(i).padStart(2, '0')}.jpg`);
      const res = await fetch(`${server!.url}/adminportal/manage-gallery/`, { method: 'POST', headers: auth(), body: form }).catch(
        () => null,
      );
      if (!res || killed) return;
      expect(res.status).toBe(201);
      const body = (await res.json()) as GalleryUploadResponse;
      expect(body.stored.map((p) => p.state)).toEqual(['processing']);
      acknowledged.push(...body.stored.map((p) => p.name));
    };
    const lane = async () => {
      while (!killed && next < photos.length) await uploadOne(next++);
    };
    const lanes = [lane(), lane(), lane()];
    while (!killed) {
      if (acknowledged.length >= 10) {
        processingAtKill = (await list()).filter((p) => p.state === 'processing').length;
        if (processingAtKill > 0) {
          killed = true;
          server.child.kill('SIGKILL');
          break;
        }
      }
      if (next >= photos.length && acknowledged.length === photos.length) break;
      await pause(20);
    }
    expect(killed, 'every photo was derived before half the batch was acknowledged').toBe(true);
    await exited(server.child);
    await Promise.all(lanes);
    expect(processingAtKill).toBeGreaterThan(0);
    const ackedAtKill = [...acknowledged];

    // The queued derive jobs are in the database, waiting.
    let waiting: string[] = [];
    let orphanIds: string[] = [];
    let orphans = 0;
    {
      const database = await db.open();
      try {
        const result = await database.db.execute(
          sql`select id, state from pgboss.job where name = 'derive-photo' and state in ('created', 'retry', 'active')`,
        );
        type Row = { id: string; state: string };
        const rows = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
        waiting = rows.map((r) => r.id);
        orphanIds = rows.filter((r) => r.state === 'active').map((r) => r.id);
        orphans = orphanIds.length;
      } finally {
        await database.close();
      }
    }
    expect(waiting.length).toBeGreaterThan(0);

    // Restart (no sweep grace, so the test need not wait an hour): the jobs run to the end.
    server = await start(dataDir, tmpDir, { ...db.env, MEDIA_SWEEP_GRACE_MINUTES: '0' });
    await signIn();
    let after = await list();
    while (after.some((p) => p.state === 'processing')) {
      await pause(200);
      after = await list();
    }
    // A job the killed process was running went back to the queue at the start (the restarted
    // process is the only one), not after its expiry: on PostgreSQL that is 2 minutes later.
    // Log lines reach stdout within a second (lib/log.ts), not at once.
    const restarted = server;
    if (orphans > 0)
      await expect.poll(() => restarted.stdout()).toContain(`${orphans} derive-photo job(s) left running by a stopped process`);
    const names = after.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(ackedAtKill));
    expect(after.map((p) => [p.name, p.state])).toEqual(names.map((n) => [n, 'ready']));
    for (const p of after) {
      const img = await fetch(`${server.url}${p.land_scape_img}`);
      expect(img.status).toBe(200);
      expect((await img.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const site = await fetch(`${server.url}/site/services/${serviceId}/`);
    expect(site.status).toBe(200);
    const shown = (await site.json()) as SiteService;
    expect(shown.total).toBe(after.length);
    expect(shown.gallery).toHaveLength(after.length);
    await server.stop();

    const database = await db.open();
    try {
      // The jobs queued before the kill are the ones that completed.
      const result = await database.db.execute(sql`select id, state from pgboss.job where id in ${sql.raw(`('${waiting.join("','")}')`)}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: { id: string; state: string }[] }).rows) as {
        id: string;
        state: string;
      }[];
      // A job killed after its photo was derived but before pg-boss recorded it done went back to
      // the queue and waits its retry delay; its photo is ready (checked above), so the retry
      // will find nothing to do. Every other job completed.
      const unfinished = rows.filter((r) => r.state !== 'completed');
      expect(unfinished.filter((r) => r.state !== 'retry' || !orphanIds.includes(r.id))).toEqual([]);
      expect(rows).toHaveLength(waiting.length);
      // Every asset derived with its files present, every file an asset's.
      const assets = await database.db.select().from(mediaAssets);
      expect(assets.map((a) => a.state)).toEqual(assets.map(() => 'ready'));
      const keys = new Set(
        assets.flatMap((a) => [a.variants.original, ...a.variants.widths.map((w) => w.key), a.variants.square, a.variants.wide]),
      );
      keys.delete(undefined);
      const files = new Set(listFiles(mediaDir));
      expect([...keys].filter((k) => !files.has(k!))).toEqual([]);
      expect([...files].filter((f) => !keys.has(f))).toEqual([]);
      // The cover and the gallery's photos.
      expect(assets).toHaveLength(1 + after.length);
    } finally {
      await database.close();
    }
    expect(listFiles(spoolDir)).toEqual([]);
  }, 300_000);
});
