/**
 * The cold path (`npm run bench -- coldpath`): what a visitor waits for right after a write drops
 * the caches, on a real server, while a probe asks `/healthz` every 20 ms.
 * - A service gallery and a client gallery of 3,000 photos each (BENCH_COLD_PHOTOS).
 * - Each round makes a write that drops the answer's cache (the service's description; the
 *   client gallery's favourites), then asks for it once, as a browser does
 *   (`Accept-Encoding: br, gzip`): the service's JSON and page, the client gallery's JSON and page,
 *   and the JSON and page of one of its three sets (`?set=<id>`, a third of its photos).
 * - Goals: the probe's longest wait under 100 ms, and every first answer after a write under
 *   300 ms. Baselines from the same run: the probe with no writes, and each answer warm.
 *
 * Scale: BENCH_COLD_PHOTOS (default 3000), BENCH_COLD_ROUNDS (writes per answer, default 5).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client';
import {
  clientGalleries,
  clientGallerySetPhotos,
  clientGallerySets,
  galleries,
  galleryPhotos,
  services,
} from '../apps/server/src/db/schema';
import { upsertAsset } from '../apps/server/src/media/assets.repository';
import { processImage } from '../apps/server/src/media/image-pipeline';
import { diskStorage } from '../apps/server/src/media/storage';
import type { StoredImage } from '../apps/server/src/media/stored-image';
import { envInt, fmt, makePhoto, printTable, rawGet, ROOT, startServer } from './lib';

interface Seeded {
  serviceId: number;
  slug: string;
  token: string;
  photoIds: number[];
  /** The middle one of the client gallery's three sets (each a third of its photos). */
  setId: number;
}

/** Seeds the database before the server opens it: 20 processed images shared by the photos' rows. */
async function seed(dataDir: string, photos: number): Promise<Seeded> {
  const storage = diskStorage(path.join(dataDir, 'media'));
  const photoDir = path.join(os.tmpdir(), 'darkroom-bench-photos');
  fs.mkdirSync(photoDir, { recursive: true });
  const images: StoredImage[] = [];
  for (let i = 0; i < 20; i++) {
    const file = await makePhoto(photoDir, 3000 + i, 1500, 1000);
    images.push(
      await processImage(
        storage,
        { field: 'x', filename: 'x.jpg', mimetype: 'image/jpeg', path: file, bytes: fs.statSync(file).size },
        { field: 'x', use: 'galleryPhoto' },
      ),
    );
  }
  const token = randomBytes(32).toString('base64url');
  const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const cover = await upsertAsset(database.db, images[0]!, null);
    const [service] = await database.db
      .insert(services)
      .values({ name: 'Weddings', description: 'v0', description2: '', status: true, coverAssetId: cover.id })
      .returning();
    const [client] = await database.db
      .insert(clientGalleries)
      .values({ title: 'Amelia & Noah', coverAssetId: cover.id, status: true, deliveryToken: token })
      .returning();
    const owners = await database.db
      .insert(galleries)
      .values([{ serviceId: service!.id }, { clientGalleryId: client!.id }])
      .returning();
    const photoIds: number[] = [];
    for (const [o, owner] of owners.entries()) {
      for (let i = 0; i < photos; i += 500) {
        const rows = await database.db.transaction(async (tx) => {
          const batch = [];
          for (let j = i; j < Math.min(photos, i + 500); j++) {
            // A gallery holds each asset once: each row gets its own asset of the same files.
            const sha256 = `${o}${String(j).padStart(8, '0')}cold`.padEnd(64, 'c');
            const asset = await upsertAsset(tx, { ...images[j % images.length]!, sha256 }, null);
            batch.push({ galleryId: owner.id, name: `IMG_${String(j).padStart(5, '0')}.jpg`, assetId: asset.id, position: j });
          }
          return batch;
        });
        const inserted = await database.db.insert(galleryPhotos).values(rows).returning({ id: galleryPhotos.id });
        if (owner.clientGalleryId) photoIds.push(...inserted.map((r) => r.id));
      }
    }
    // Three sets of a third each (Getting ready, Ceremony, Reception), as a wedding is delivered.
    const sets = await database.db
      .insert(clientGallerySets)
      .values(['Getting ready', 'Ceremony', 'Reception'].map((name, position) => ({ clientGalleryId: client!.id, name, position })))
      .returning({ id: clientGallerySets.id });
    const third = Math.ceil(photoIds.length / 3);
    for (let i = 0; i < photoIds.length; i += 500) {
      const rows = photoIds.slice(i, i + 500).map((photoId, k) => ({ photoId, setId: sets[Math.floor((i + k) / third)]!.id }));
      await database.db.insert(clientGallerySetPhotos).values(rows);
    }
    return { serviceId: service!.id, slug: `${service!.id}-weddings`, token, photoIds, setId: sets[1]!.id };
  } finally {
    await database.close();
  }
}

/** Asks `/healthz` every 20 ms and keeps each wait (send to last byte); `stop` resolves them. */
function probe(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const waits: number[] = [];
  let running = true;
  const ask = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      http
        .get(`${url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            waits.push(performance.now() - t0);
            resolve();
          });
        })
        .on('error', () => resolve());
    });
  const loop = (async () => {
    while (running) {
      const next = performance.now() + 20;
      await ask();
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return waits;
    },
  };
}

const max = (xs: number[]) => Math.max(...xs);
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;

export async function runColdpath(): Promise<void> {
  const photos = envInt('BENCH_COLD_PHOTOS', 3000);
  const rounds = envInt('BENCH_COLD_ROUNDS', 5);
  console.log(`\n== The cold path: answers right after a write, ${photos} photos per gallery ==`);
  if (!fs.existsSync(path.join(ROOT, 'apps/site/dist/server/render.js'))) throw new Error('Build the website first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-cold-'));
  const s = await seed(dataDir, photos);
  const server = await startServer({ dataDir });
  const browser = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json' };
  const admin = { authorization: `Token ${server.token}`, 'content-type': 'application/json' };
  let version = 0;
  const writes = {
    service: async () => {
      const res = await fetch(`${server.url}/adminportal/manage-services/${s.serviceId}/`, {
        method: 'PATCH',
        headers: admin,
        body: JSON.stringify({ description: `v${++version}` }),
      });
      if (!res.ok) throw new Error(`write failed: ${res.status}`);
    },
    favourites: async () => {
      const ids = s.photoIds.slice(0, (++version % 50) + 1);
      const res = await fetch(`${server.url}/site/galleries/${s.token}/favourites/`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      });
      if (!res.ok) throw new Error(`favourites failed: ${res.status}`);
    },
  };
  const answers: [string, string, () => Promise<void>][] = [
    ['service JSON /site/services/<id>/', `/site/services/${s.serviceId}/`, writes.service],
    ['service page /services/<slug>/', `/services/${s.slug}/`, writes.service],
    ['client gallery JSON /site/galleries/<token>/', `/site/galleries/${s.token}/`, writes.favourites],
    ['client gallery page /g/<token>/', `/g/${s.token}/`, writes.favourites],
    ['one set (a third) JSON /site/galleries/<token>/?set=<id>', `/site/galleries/${s.token}/?set=${s.setId}`, writes.favourites],
    ['one set (a third) page /g/<token>/?set=<id>', `/g/${s.token}/?set=${s.setId}`, writes.favourites],
  ];
  try {
    // Baselines: the probe alone, then each answer warm.
    const idle = probe(server.url);
    await new Promise((r) => setTimeout(r, 3000));
    const idleWaits = await idle.stop();
    const warm: number[] = [];
    for (const [, url] of answers) {
      await rawGet(server.url + url, browser);
      const times = [];
      for (let i = 0; i < 5; i++) times.push((await rawGet(server.url + url, browser)).ms);
      warm.push(Math.min(...times));
    }

    const running = probe(server.url);
    const first: number[][] = answers.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (const [i, [, url, write]] of answers.entries()) {
        await write();
        const res = await rawGet(server.url + url, browser);
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        first[i]!.push(res.ms);
        // Let the probe see the server between answers too.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const waits = await running.stop();
    printTable(`/healthz asked every 20 ms (goal: longest wait under 100 ms)`, [
      [
        'with a write and a cold answer every ~100 ms',
        `max ${fmt(max(waits), 1)} ms, p99 ${fmt(p99(waits), 1)} ms (${waits.length} probes)`,
      ],
      ['baseline: no writes', `max ${fmt(max(idleWaits), 1)} ms, p99 ${fmt(p99(idleWaits), 1)} ms (${idleWaits.length} probes)`],
    ]);
    printTable(
      `First answer after a write, Accept-Encoding br, gzip (goal: every one under 300 ms; ${rounds} writes each)`,
      answers.map(([name], i) => [
        name,
        `max ${fmt(max(first[i]!), 1)} ms, median ${fmt([...first[i]!].sort((a, b) => a - b)[Math.floor(rounds / 2)]!, 1)} ms; warm ${fmt(warm[i]!, 1)} ms`,
      ]),
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
