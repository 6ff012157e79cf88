/**
 * API benchmark: autocannon against a real server (PGlite, or PostgreSQL with
 * BENCH_DATABASE_URL) and, in the same run, against bare Fastify sending the very same bytes
 * from memory. Prints requests per second, p99 latency, the ratio to bare (goal: >= 60%) and
 * p99 (goal: < 25 ms) for the 100-row users list (read live), a cached list (services) and
 * a 2,000-photo gallery with and without compression.
 *
 * Scale: BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 50), BENCH_PHOTOS (default 2000).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createService, envInt, fmt, freePort, makePhotos, printTable, startServer, type RunningServer } from './lib';

interface Load {
  rps: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<Load> {
  const result = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Bare Fastify answering the same bytes with the same headers, from memory. */
async function bare(body: Buffer, headers: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/', (_req, reply) => reply.headers(headers).send(body));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}/`, close: () => app.close() };
}

/** One answer's raw bytes and headers (fetch would decompress them). */
function raw(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
      })
      .on('error', reject);
  });
}

async function seedUsers(server: RunningServer, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${server.url}/adminportal/manage-users/`, {
      method: 'POST',
      headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `user${i}`,
        first_name: `First${i}`,
        last_name: `Last${i}`,
        email: `u${i}@example.test`,
        phone: '+351 912 345 678',
      }),
    });
    if (!res.ok) throw new Error(`seed user: ${await res.text()}`);
  }
}

async function seedGallery(server: RunningServer, photos: number): Promise<number> {
  const files = await makePhotos(Math.min(photos, 20), 1200, 800);
  const id = await createService(server, 'Bench gallery', files[0]!);
  // Distinct photos are what a gallery holds: each upload is a new file with its own bytes.
  for (let i = 0; i < photos; i++) {
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

export async function runApi(): Promise<void> {
  const seconds = envInt('BENCH_SECONDS', 8);
  const connections = envInt('BENCH_CONNECTIONS', 50);
  const photos = envInt('BENCH_PHOTOS', 2000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-api-'));
  const env: Record<string, string> = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const server = await startServer({ dataDir, env });
  const rows: [string, string][] = [];
  try {
    await seedUsers(server, 100);
    await createService(server, 'Cached list', (await makePhotos(1, 1200, 800))[0]!);
    const galleryId = await seedGallery(server, photos);
    const cases: [string, string, Record<string, string>][] = [
      ['users list (100 rows, live)', '/adminportal/manage-users/', {}],
      ['services list (cached)', '/adminportal/manage-services/', {}],
      [`gallery (${photos} photos)`, `/adminportal/service-galleries/${galleryId}/`, {}],
      [`gallery (${photos} photos, gzip)`, `/adminportal/service-galleries/${galleryId}/`, { 'accept-encoding': 'gzip' }],
    ];
    for (const [name, route, extra] of cases) {
      const headers = { authorization: `Token ${server.token}`, 'accept-encoding': 'identity', ...extra };
      const res = await raw(`${server.url}${route}`, headers);
      const body = res.body;
      const sent: Record<string, string> = { 'content-type': String(res.headers['content-type'] ?? 'application/json') };
      const encoding = res.headers['content-encoding'];
      if (encoding) sent['content-encoding'] = encoding;
      const baseline = await bare(body, sent);
      try {
        // Alternate, so a load spike on the machine hits both alike.
        const ours = await load(`${server.url}${route}`, headers, seconds, connections);
        const theirs = await load(baseline.url, { 'accept-encoding': 'identity', ...extra }, seconds, connections);
        const ratio = ours.rps / theirs.rps;
        rows.push([
          name,
          `${fmt(ours.rps, 0)} req/s, p99 ${ours.p99} ms | bare ${fmt(theirs.rps, 0)} req/s | ratio ${fmt(ratio * 100, 1)}% (goal >= 60%) ${ratio >= 0.6 ? 'holds' : 'MISSED'}; p99 goal < 25 ms ${ours.p99 < 25 ? 'holds' : 'MISSED'} (${(body.length / 1024).toFixed(0)} KB${encoding ? ` ${encoding}` : ''})`,
        ]);
      } finally {
        await baseline.close();
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(`API: ${connections} connections, ${seconds} s each (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, rows);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await runApi();
