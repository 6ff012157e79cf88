import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GalleryPhoto } from '@darkroom/contracts';
import { ADMIN, describeEachDatabase, makeImage, processDatabase, type ProcessDatabase } from '../test/harness';
import { mediaAssets } from './db/schema';
import { exited, startServerProcess, type ServerProcess } from '../test/server-process';

/** Starts the server from the sources, its spool under `tmpDir` so the test can check it is left empty. */
const start = (dataDir: string, tmpDir: string, env: Record<string, string> = {}) =>
  startServerProcess(dataDir, { TMPDIR: tmpDir, UPLOAD_CONCURRENCY: '1', ...env });

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/accounts/auth-admin/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { authToken: string }).authToken;
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

const BOUNDARY = '----darkroomcrash';
const fieldPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const filePart = (name: string, filename: string, content: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);

/**
 * A server killed mid-upload (SIGKILL, as an out-of-memory killer or a power cut does) loses no
 * acknowledged photo, and after a restart nothing points to a missing file and no file is left
 * that nothing references.
 */
describeEachDatabase('crash recovery', (kind) => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-crash-'));
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

  it('keeps every acknowledged photo and leaves nothing unreferenced after a SIGKILL mid-upload', async () => {
    server = await start(dataDir, tmpDir, db.env);
    let token = await login(server.url);
    const auth = () => ({ authorization: `Token ${token}` });

    // A service to hold the gallery.
    const cover = new FormData();
    cover.append('name', 'Weddings');
    cover.append('description', 'Our weddings');
    cover.append('cover_image', new Blob([new Uint8Array(await makeImage({ width: 1200, height: 800, seed: 501 }))]), 'cover.jpg');
    const created = await fetch(`${server.url}/adminportal/manage-services/`, { method: 'POST', headers: auth(), body: cover });
    expect(created.status, await created.clone().text()).toBe(201);
    const serviceId = ((await created.json()) as { id: number }).id;

    // Photos the server acknowledged, one request each as the portal sends them.
    const acknowledged: string[] = [];
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.append('service', String(serviceId));
      form.append(
        'land_scape_image',
        new Blob([new Uint8Array(await makeImage({ width: 900, height: 600, seed: 510 + i }))]),
        `ack-${i}.jpg`,
      );
      const res = await fetch(`${server.url}/adminportal/manage-gallery/`, { method: 'POST', headers: auth(), body: form });
      expect(res.status, await res.clone().text()).toBe(201);
      acknowledged.push(...((await res.json()) as { stored: GalleryPhoto[] }).stored.map((p) => p.name));
    }
    expect(acknowledged).toHaveLength(3);
    const filesBefore = listFiles(mediaDir).length;

    // An upload that never finishes: two photos sent whole (the server processes them and
    // stores their files while waiting for the rest), a third half sent, then the kill.
    const third = await makeImage({ width: 900, height: 600, seed: 522 });
    const req = http.request(`${server.url}/adminportal/manage-gallery/`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    req.on('error', () => undefined);
    req.write(fieldPart('service', String(serviceId)));
    req.write(filePart('land_scape_image', 'lost-0.jpg', await makeImage({ width: 900, height: 600, seed: 520 })));
    req.write(filePart('land_scape_image', 'lost-1.jpg', await makeImage({ width: 900, height: 600, seed: 521 })));
    req.write(filePart('land_scape_image', 'lost-2.jpg', third).subarray(0, 200 + third.length / 2));
    for (let i = 0; listFiles(mediaDir).length <= filesBefore || listFiles(spoolDir).length === 0; i++) {
      if (i > 600) throw new Error(`the upload never reached the disk: ${server.stderr()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    server.child.kill('SIGKILL');
    await exited(server.child);
    // What the crash left: files of photos no record holds, and spool files.
    expect(listFiles(mediaDir).length).toBeGreaterThan(filesBefore);
    expect(listFiles(spoolDir).length).toBeGreaterThan(0);

    // Restart; the start-up sweep (no grace here, so the test need not wait an hour) cleans up.
    server = await start(dataDir, tmpDir, { ...db.env, MEDIA_SWEEP_GRACE_MINUTES: '0' });
    token = await login(server.url);
    // The acknowledged photos' derivation (queued jobs) runs after the restart.
    let photos: GalleryPhoto[] = [];
    for (;;) {
      const list = await fetch(`${server.url}/adminportal/service-galleries/${serviceId}/`, { headers: auth() });
      expect(list.status).toBe(200);
      photos = (await list.json()) as GalleryPhoto[];
      if (!photos.some((p) => p.state === 'processing')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(photos.map((p) => [p.name, p.state])).toEqual(acknowledged.map((n) => [n, 'ready']));
    for (const p of photos) {
      const img = await fetch(`${server.url}${p.land_scape_img}`);
      expect(img.status).toBe(200);
      expect((await img.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    server.child.kill('SIGTERM');
    await exited(server.child);

    // Every asset's files exist, and every file belongs to an asset; the spool is empty.
    const database = await db.open();
    try {
      const assets = await database.db.select().from(mediaAssets);
      const keys = new Set(
        assets.flatMap((a) => [a.variants.original, ...a.variants.widths.map((w) => w.key), a.variants.square, a.variants.wide]),
      );
      keys.delete(undefined);
      const files = new Set(listFiles(mediaDir));
      expect([...keys].filter((k) => !files.has(k!))).toEqual([]);
      expect([...files].filter((f) => !keys.has(f))).toEqual([]);
      // The cover and the three acknowledged photos.
      expect(assets).toHaveLength(4);
    } finally {
      await database.close();
    }
    expect(listFiles(spoolDir)).toEqual([]);
  }, 240_000);
});
