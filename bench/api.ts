/**
 * API benchmark: autocannon against a real server (PGlite, or PostgreSQL with
 * BENCH_DATABASE_URL) and, in the same run, against bare Fastify sending the very same bytes
 * from memory. Prints requests per second, p99 latency, the ratio to bare (floor: >= 40%), CPU time per answer and
 * p99 (goal: < 25 ms) for the 100-row admins and users lists and the services list (all from the
 * response cache; the services list also compressed, as browsers ask for it) and a 2,000-photo
 * gallery with and without compression.
 *
 * The gallery: BENCH_UPLOADS (default 20) photos uploaded through the API and the image pipeline,
 * then copied in the database up to BENCH_PHOTOS, each copy an asset with files of its own (hard
 * links) while the server is stopped. BENCH_DATABASE_URL must name an empty database.
 *
 * Scale: BENCH_SECONDS per round (default 5), BENCH_API_ROUNDS (default 3), BENCH_CONNECTIONS (default
 * 50), BENCH_PHOTOS (default 2000).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from './autocannon';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { galleries, galleryPhotos, mediaAssets } from '../apps/server/src/db/schema';
import { upsertAsset } from '../apps/server/src/media/assets.repository';
import {
  bestOfRounds,
  cpuSecondsOf,
  createService,
  envInt,
  fmt,
  makePhotos,
  printTable,
  rawGet,
  startBareServer,
  startServer,
  type RunningServer,
} from './lib';

interface Load {
  rps: number;
  p99: number;
  /** Bytes received per answer, head included: both sides must send the same. */
  bytesEach: number;
  /** The serving process's CPU time per answer (user + system): steadier than req/s on a busy machine. */
  cpuUsEach: number;
}

async function load(url: string, pid: number, headers: Record<string, string>, seconds: number, connections: number): Promise<Load> {
  const cpuBefore = cpuSecondsOf(pid);
  const result = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  const cpuUsEach = ((cpuSecondsOf(pid) - cpuBefore) * 1e6) / result.requests.total;
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p99: result.latency.p99, bytesEach: result.throughput.total / result.requests.total, cpuUsEach };
}

/** Bare Fastify answering the same bytes with the same headers, from memory, in a process of its own. */
async function bare(body: Buffer, headers: Record<string, string>): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-bare-'));
  fs.writeFileSync(path.join(dir, 'body'), body);
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
  const server = await startBareServer(path.join(dir, 'body'), '', path.join(dir, 'headers.json'));
  return {
    url: server.url,
    pid: server.pid,
    close: async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `n` people of a kind (customers or admins) through the API. */
async function seedPeople(server: RunningServer, kind: 'users' | 'admins', n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${server.url}/adminportal/manage-${kind}/`, {
      method: 'POST',
      headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `${kind}${i}`,
        first_name: `First${i}`,
        last_name: `Last${i}`,
        email: `${kind}${i}@example.test`,
        phone: '+351 912 345 678',
      }),
    });
    if (!res.ok) throw new Error(`seed ${kind}: ${await res.text()}`);
  }
}

/**
 * Uploads `count` distinct photos to a new service's gallery, through the API and the real image
 * pipeline; returns the service's id.
 */
async function uploadGallery(server: RunningServer, count: number): Promise<number> {
  const files = await makePhotos(Math.min(count, 20), 1200, 800);
  const id = await createService(server, 'Bench gallery', files[0]!);
  // Distinct photos are what a gallery holds: each upload is a new file with its own bytes.
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.set('service', String(id));
    const bytes = fs.readFileSync(files[i % files.length]!);
    const unique = Buffer.concat([bytes, Buffer.from(`\n${i}`)]);
    form.append('land_scape_image', new Blob([unique], { type: 'image/jpeg' }), `p${i}.jpg`);
    const res = await fetch(`${server.url}/adminportal/manage-gallery/`, {
      method: 'POST',
      headers: { authorization: `Token ${server.token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`upload: ${await res.text()}`);
  }
  return id;
}

/** A key of the same kind with its own hash: `d/ab/ab12….webp` becomes `d/cd/cd34….webp`. */
function rekey(key: string, salt: string): string {
  const h = createHash('sha256').update(`${key}#${salt}`).digest('hex');
  const out = key.replace(/\/[0-9a-f]{2}\/[0-9a-f]{64}(?=\.)/, `/${h.slice(0, 2)}/${h}`);
  if (out === key) throw new Error(`unexpected media key ${key}`);
  return out;
}

/**
 * Fills the service's gallery up to `total` photos with copies of the uploaded ones, written to
 * the database while the server is stopped (2,000 uploads through the pipeline took over 15
 * minutes here). Each copy is an asset of its own whose files are hard links under keys of their
 * own, so every URL in the gallery's JSON differs, as with uploads, and compresses no better.
 */
async function copyGalleryPhotos(dataDir: string, databaseUrl: string | null, serviceId: number, total: number): Promise<void> {
  const mediaDir = path.join(dataDir, 'media');
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const db = database.db;
    const [gallery] = await db.select().from(galleries).where(eq(galleries.serviceId, serviceId));
    const uploaded = await db
      .select({ photo: galleryPhotos, asset: mediaAssets })
      .from(galleryPhotos)
      .innerJoin(mediaAssets, eq(mediaAssets.id, galleryPhotos.assetId))
      .where(eq(galleryPhotos.galleryId, gallery!.id))
      .orderBy(galleryPhotos.position);
    for (let i = uploaded.length; i < total; i += 250) {
      await db.transaction(async (tx) => {
        const batch = [];
        for (let j = i; j < Math.min(total, i + 250); j++) {
          const { asset } = uploaded[j % uploaded.length]!;
          const v = asset.variants;
          const link = (key: string) => {
            const to = rekey(key, String(j));
            fs.mkdirSync(path.dirname(path.join(mediaDir, to)), { recursive: true });
            fs.linkSync(path.join(mediaDir, key), path.join(mediaDir, to));
            return to;
          };
          const copy = await upsertAsset(
            tx,
            {
              id: 0,
              original: link(v.original),
              mime: asset.mime,
              bytes: asset.bytes,
              sha256: createHash('sha256').update(`${asset.sha256}#${j}`).digest('hex'),
              width: asset.width,
              height: asset.height,
              variants: v.widths.map((w) => ({ ...w, key: link(w.key) })),
              ...(v.square ? { square: link(v.square) } : {}),
              ...(v.wide ? { wide: link(v.wide) } : {}),
              ...(asset.placeholder ? { placeholder: asset.placeholder } : {}),
              ...(v.thumbhash ? { thumbhash: v.thumbhash } : {}),
            },
            null,
          );
          batch.push({ galleryId: gallery!.id, name: `p${j}.jpg`, assetId: copy.id, position: j });
        }
        await tx.insert(galleryPhotos).values(batch);
      });
    }
  } finally {
    await database.close();
  }
}

export async function runApi(): Promise<void> {
  const seconds = envInt('BENCH_SECONDS', 5);
  const rounds = envInt('BENCH_API_ROUNDS', 3);
  const connections = envInt('BENCH_CONNECTIONS', 50);
  const photos = envInt('BENCH_PHOTOS', 2000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-api-'));
  const env: Record<string, string> = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const uploads = Math.min(photos, envInt('BENCH_UPLOADS', 20));
  let server = await startServer({ dataDir, env });
  const rows: [string, string][] = [];
  try {
    await seedPeople(server, 'users', 100);
    // The bench's own admin makes the hundredth.
    await seedPeople(server, 'admins', 99);
    await createService(server, 'Cached list', (await makePhotos(1, 1200, 800))[0]!);
    const serviceId = await uploadGallery(server, uploads);
    // PGlite is open in one process at a time: the server stops while the gallery is filled.
    await server.stop();
    await copyGalleryPhotos(dataDir, env.DATABASE_URL ?? null, serviceId, photos);
    server = await startServer({ dataDir, env });
    const gallery = `/adminportal/service-galleries/${serviceId}/`;
    const held = (await (
      await fetch(`${server.url}${gallery}`, { headers: { authorization: `Token ${server.token}` } })
    ).json()) as unknown[];
    if (held.length !== photos) throw new Error(`the gallery holds ${held.length} photos, not ${photos}`);
    const cases: [string, string, Record<string, string>][] = [
      // Both people lists are served from the response cache, dropped on every write to people
      // and (the admins list) on every sign-in and profile edit.
      ['admins list (100 rows, cached)', '/adminportal/manage-admins/', {}],
      ['users list (100 rows, cached)', '/adminportal/manage-users/', {}],
      ['services list (cached)', '/adminportal/manage-services/', {}],
      // As a browser asks for it: compressed (a 3 KB list was compressed again on every request).
      ['services list (cached, br)', '/adminportal/manage-services/', { 'accept-encoding': 'gzip, deflate, br' }],
      [`gallery (${photos} photos)`, gallery, {}],
      [`gallery (${photos} photos, gzip)`, gallery, { 'accept-encoding': 'gzip' }],
    ];
    for (const [name, route, extra] of cases) {
      const headers = { authorization: `Token ${server.token}`, 'accept-encoding': 'identity', ...extra };
      const res = await rawGet(`${server.url}${route}`, headers);
      const body = res.body;
      const sent: Record<string, string> = { 'content-type': String(res.headers['content-type'] ?? 'application/json') };
      const encoding = res.headers['content-encoding'];
      if (encoding) sent['content-encoding'] = encoding;
      const baseline = await bare(body, sent);
      try {
        // Alternating rounds, each side's best kept, every round's ratio printed.
        const each: string[] = [];
        const [ours, theirs] = (await bestOfRounds(
          [
            () => load(`${server.url}${route}`, server.pid, headers, seconds, connections),
            () => load(baseline.url, baseline.pid, { 'accept-encoding': 'identity', ...extra }, seconds, connections),
          ],
          rounds,
          ([a, b]) => each.push(`${fmt((a!.rps / b!.rps) * 100, 0)}%`),
        )) as [Load, Load];
        const ratio = ours.rps / theirs.rps;
        console.log(
          `  (${name}: ${fmt(ours.bytesEach / 1024, 1)} KB received per answer from Darkroom, ${fmt(theirs.bytesEach / 1024, 1)} KB from bare; each round's ratio ${each.join(' ')})`,
        );
        rows.push([
          name,
          `${fmt(ours.rps, 0)} req/s, p99 ${ours.p99} ms | bare ${fmt(theirs.rps, 0)} req/s, p99 ${theirs.p99} ms | ratio ${fmt(ratio * 100, 1)}% (floor >= 40%) ${ratio >= 0.4 ? 'holds' : 'MISSED'}; CPU per answer ${fmt(ours.cpuUsEach, 0)} µs, bare ${fmt(theirs.cpuUsEach, 0)} µs (${fmt((theirs.cpuUsEach / ours.cpuUsEach) * 100, 0)}%); p99 goal < 25 ms ${ours.p99 < 25 ? 'holds' : 'MISSED'} (${(body.length / 1024).toFixed(0)} KB${encoding ? ` ${encoding}` : ''})`,
        ]);
      } finally {
        await baseline.close();
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(
    `API: ${connections} connections, best of ${rounds} alternating ${seconds} s rounds (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    rows,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await runApi();
