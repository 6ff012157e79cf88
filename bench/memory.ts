/**
 * Memory under mixed load (`npm run bench -- memory`): the built server on PGlite, for
 * BENCH_MEMORY_SECONDS (default 60) at once: 30 connections reading lists (users, services,
 * a gallery, enquiries, the website's home page), a loop uploading photos one request at a
 * time, and a loop editing records (a user, a service). Prints the server's peak resident memory
 * (sampled every 25 ms; goal < 600 MB, issue 12) with what each part got done.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from './autocannon';
import { createService, envInt, fmt, makePhotos, mb, memoryOf, printTable, sampleRss, startServer, type RunningServer } from './lib';

const json = (server: RunningServer, method: string, url: string, body: unknown) =>
  fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function upload(server: RunningServer, service: number, bytes: Buffer, n: number): Promise<void> {
  const form = new FormData();
  form.set('service', String(service));
  // Each upload is a new photo (its own bytes), as a studio's uploads are.
  form.append(
    'land_scape_image',
    new Blob([new Uint8Array(Buffer.concat([bytes, Buffer.from(`\n${n}`)]))], { type: 'image/jpeg' }),
    `m${n}.jpg`,
  );
  const res = await fetch(`${server.url}/adminportal/manage-gallery/`, {
    method: 'POST',
    headers: { authorization: `Token ${server.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
}

export async function runMemory(): Promise<void> {
  const seconds = envInt('BENCH_MEMORY_SECONDS', 60);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-memory-'));
  const server = await startServer({ dataDir });
  const rows: [string, string][] = [];
  try {
    const photos = await makePhotos(6, 3000, 2000);
    const bytes = photos.map((p) => fs.readFileSync(p));
    const service = await createService(server, 'Memory', photos[0]!);
    const users: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await json(server, 'POST', '/adminportal/manage-users/', {
        username: `mem${i}`,
        first_name: `First${i}`,
        last_name: `Last${i}`,
        email: `mem${i}@example.test`,
        phone: '+351 912 345 678',
      });
      if (!res.ok) throw new Error(`seed user: ${await res.text()}`);
      users.push(((await res.json()) as { id: number }).id);
    }
    for (let i = 0; i < 40; i++) await upload(server, service, bytes[i % bytes.length]!, -1 - i);
    for (let i = 0; i < 20; i++) {
      await fetch(`${server.url}/site/enquiries/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
        body: JSON.stringify({
          full_name: `Visitor ${i}`,
          email: `v${i}@example.test`,
          message: 'Hello, we are getting married next June.',
        }),
      });
    }
    const before = memoryOf(server.pid).rss;
    const sampler = sampleRss(server.pid);
    const deadline = Date.now() + seconds * 1000;
    let uploads = 0;
    let edits = 0;
    const uploading = (async () => {
      while (Date.now() < deadline) await upload(server, service, bytes[uploads % bytes.length]!, uploads++);
    })();
    const editing = (async () => {
      while (Date.now() < deadline) {
        const id = users[edits % users.length]!;
        const res = await json(server, 'PATCH', `/adminportal/manage-users/${id}/`, { first_name: `Edited${edits}` });
        if (!res.ok) throw new Error(`edit: ${res.status} ${await res.text()}`);
        const form = new FormData();
        form.set('name', `Memory ${edits}`);
        const svc = await fetch(`${server.url}/adminportal/manage-services/${service}/`, {
          method: 'PATCH',
          headers: { authorization: `Token ${server.token}` },
          body: form,
        });
        if (!svc.ok) throw new Error(`edit service: ${svc.status} ${await svc.text()}`);
        edits++;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const auth = { authorization: `Token ${server.token}` };
    const reading = autocannon({
      url: server.url,
      connections: 30,
      duration: seconds,
      requests: [
        { method: 'GET', path: '/adminportal/manage-users/', headers: auth },
        { method: 'GET', path: '/adminportal/manage-services/', headers: auth },
        { method: 'GET', path: `/adminportal/service-galleries/${service}/`, headers: { ...auth, 'accept-encoding': 'gzip' } },
        { method: 'GET', path: '/adminportal/user-enqueries/', headers: auth },
        { method: 'GET', path: '/', headers: { 'accept-encoding': 'br' } },
      ],
    });
    const [read] = await Promise.all([reading, uploading, editing]);
    const peak = sampler.stop();
    const after = memoryOf(server.pid).rss;
    rows.push(['peak RSS', `${mb(peak)}; goal < 600 MB ${peak < 600 * 1048576 ? 'holds' : 'MISSED'}`]);
    rows.push(['RSS before / after the load', `${mb(before)} / ${mb(after)}`]);
    rows.push([
      'reads',
      `${fmt(read.requests.average, 0)} req/s (${read.requests.total} in all, ${read.non2xx} not 2xx), p99 ${read.latency.p99} ms`,
    ]);
    rows.push(['uploads', `${uploads} photos of 3000x2000 (${fmt(uploads / seconds, 2)}/s)`]);
    rows.push(['edits', `${edits} rounds of a user and a service (${fmt(edits / seconds, 1)}/s)`]);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(`Memory: ${seconds} s of mixed load on PGlite (load ${os.loadavg()[0]!.toFixed(1)})`, rows);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await runMemory();
