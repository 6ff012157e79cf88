/**
 * Ingest benchmark: issue 34's goals, each printed beside its baseline measured in the same run.
 *
 * 1. Upload: the photos sent as the portal sends them (tus: a creation POST, then the whole file
 *    in one PATCH; GALLERY_UPLOAD_PARALLEL at once) against the same bytes POSTed, as many at
 *    once, to a bare Fastify route that writes them to disk. Goal: >= 80% of its throughput.
 * 2. Derivation: from the first upload to the last photo `ready` in the portal's list, against
 *    the bare sharp pipeline (storeOriginal then deriveStored, the upload's checks and the derive
 *    job's work, UPLOAD_CONCURRENCY at once, in this process, no HTTP and no database) on the
 *    same photos. Goal: within 1.15x of its time.
 * 3. The first photo ready before the last one is uploaded.
 * 4. The server's peak RSS from the first upload to the last photo ready. Goal: < 600 MB.
 * 5. The derive job's CPU per photo against one shrink-on-load decode of the same photo (the floor),
 *    one photo at a time; and the derived files' size per photo. Goal: within 3x of the floor.
 * 6. An enquiry's answer against the same server's /healthz while the mail server (a loopback
 *    SMTP server of this bench) takes 5 s per message. Goal: within 50 ms.
 *
 * Scale: BENCH_INGEST_PHOTOS (default 300), BENCH_WIDTH x BENCH_HEIGHT (6000 x 4000, about 7 MB
 * of JPEG), BENCH_INGEST_DISTINCT distinct pictures (default 12: the others are copies a JPEG
 * comment apart, so each is its own file, upload and asset at the same cost), BENCH_FLOOR_PHOTOS
 * (default 8), UPLOAD_CONCURRENCY (the server's derivation workers and the bare pipeline's, 2).
 * A quick run: BENCH_INGEST_PHOTOS=24 npm run bench -- ingest
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { GALLERY_RESUMABLE_METADATA, GALLERY_RESUMABLE_PATH, GALLERY_UPLOAD_PARALLEL } from '@darkroom/contracts';
import { deriveStored, storeOriginal } from '../apps/server/src/media/image-pipeline';
import { createLimiter } from '../apps/server/src/media/limiter';
import { loadSharp } from '../apps/server/src/media/sharp';
import { diskStorage } from '../apps/server/src/media/storage';
import {
  ADMIN,
  cpuSecondsOf,
  createService,
  envInt,
  fmt,
  freePort,
  makePhotos,
  mb,
  median,
  memoryOf,
  printTable,
  ROOT,
  sampleRss,
  startServer,
  type RunningServer,
} from './lib';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (t0: number) => (performance.now() - t0) / 1000;
const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');

/** Runs `fn` over `items`, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await fn(items[i]!, i);
    }),
  );
}

/** `count` photos: `distinct` generated pictures, the rest copies with a JPEG comment of their own. */
async function photoSet(count: number, width: number, height: number, distinct: number): Promise<string[]> {
  const bases = await makePhotos(Math.min(count, distinct), width, height);
  const files = bases.slice();
  for (let i = bases.length; i < count; i++) {
    const base = bases[i % bases.length]!;
    const file = base.replace(/\.jpg$/, `-copy-${i}.jpg`);
    if (!fs.existsSync(file)) {
      const src = fs.readFileSync(base);
      const text = Buffer.from(`darkroom bench copy ${i}`);
      const marker = Buffer.from([0xff, 0xfe, 0, 0]);
      marker.writeUInt16BE(text.length + 2, 2);
      // Right after the start-of-image marker: a COM segment changes the bytes, not the pixels.
      fs.writeFileSync(`${file}.part`, Buffer.concat([src.subarray(0, 2), marker, text, src.subarray(2)]));
      fs.renameSync(`${file}.part`, file);
    }
    files.push(file);
  }
  return files;
}

/** The baseline of the upload phase: the same bytes to bare Fastify, as many at once. */
async function bareUploads(files: string[], parallel: number): Promise<number> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-bare-upload-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-upload-server.ts'), String(port), dir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  try {
    const t0 = performance.now();
    await eachLimited(files, parallel, async (file) => {
      const res = await fetch(`http://127.0.0.1:${port}/upload/`, {
        method: 'POST',
        headers: { 'content-type': 'application/offset+octet-stream' },
        body: await fs.promises.readFile(file),
      });
      if (res.status !== 204) throw new Error(`bare upload failed: ${res.status}`);
    });
    return seconds(t0);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const incoming = (file: string) => ({ path: file, bytes: fs.statSync(file).size, filename: path.basename(file), mimetype: 'image/jpeg' });
const GALLERY_PHOTO = { field: 'land_scape_image', use: 'galleryPhoto' } as const;

/** The baseline of derivation: the bare pipeline on the same photos, `concurrency` at once. */
async function barePipeline(files: string[], concurrency: number): Promise<{ seconds: number; cpu: number }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-bare-'));
  try {
    const storage = diskStorage(root);
    const limit = createLimiter(concurrency);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(
      files.map((file) => limit(async () => deriveStored(storage, await storeOriginal(storage, incoming(file), GALLERY_PHOTO)))),
    );
    const used = process.cpuUsage(cpu0);
    return { seconds: seconds(t0), cpu: (used.user + used.system) / 1e6 };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const sizeOf = (dir: string): number =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((e) => e.isFile())
        .reduce((s, e) => s + fs.statSync(path.join(e.parentPath, e.name)).size, 0)
    : 0;

/**
 * CPU seconds per photo, one photo at a time: the floor (one shrink-on-load decode to the
 * pipeline's 2400 px working size, with its decoder options) and the derive job's work (read the
 * stored original, make and store the derived files; the upload's checks and hashing are the
 * upload's); and the derived files' bytes per photo.
 */
async function floorAndPipeline(files: string[]): Promise<{ floor: number; pipeline: number; derivedBytes: number }> {
  const sharp = await loadSharp();
  const decode = (file: string) =>
    sharp(file, { failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: 2400, height: 3600, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-floor-'));
  try {
    const storage = diskStorage(root);
    const originals = new Map<string, Awaited<ReturnType<typeof storeOriginal>>>();
    for (const file of files) originals.set(file, await storeOriginal(storage, incoming(file), GALLERY_PHOTO));
    const derive = (file: string) => deriveStored(storage, originals.get(file)!);
    // Each photo's decode and derivation side by side, so a change in the machine's load falls on both.
    await decode(files[0]!);
    await derive(files[0]!);
    fs.rmSync(path.join(root, 'd'), { recursive: true, force: true });
    let floor = 0;
    let pipeline = 0;
    for (const file of files) {
      const cpu0 = process.cpuUsage();
      await decode(file);
      const cpu1 = process.cpuUsage();
      await derive(file);
      const a = process.cpuUsage(cpu0);
      const b = process.cpuUsage(cpu1);
      floor += (a.user + a.system - b.user - b.system) / 1e6;
      pipeline += (b.user + b.system) / 1e6;
    }
    return { floor: floor / files.length, pipeline: pipeline / files.length, derivedBytes: sizeOf(path.join(root, 'd')) / files.length };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** One photo as the portal sends it: a tus creation, then the whole file in one PATCH. */
async function tusUpload(server: RunningServer, serviceId: number, file: string, name: string): Promise<void> {
  const body = await fs.promises.readFile(file);
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const meta = GALLERY_RESUMABLE_METADATA;
  const metadata = [
    [meta.filename, name],
    [meta.type, 'service'],
    [meta.id, String(serviceId)],
  ]
    .map(([k, v]) => `${k} ${b64(v!)}`)
    .join(',');
  const headers = { authorization: `Token ${server.token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${server.url}${GALLERY_RESUMABLE_PATH}/`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(body.length), 'upload-metadata': metadata },
  });
  if (created.status !== 201) throw new Error(`tus creation of ${name} failed: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, server.url);
  const res = await fetch(location, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`tus upload of ${name} failed: ${res.status} ${text}`);
}

/** A loopback SMTP server that takes `delayMs` to accept each message, as a slow provider does. */
async function slowSmtp(delayMs: number): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let data = false;
    let buffered = '';
    socket.write('220 bench ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        if (data) {
          const end = buffered.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffered = buffered.slice(end + 5);
          data = false;
          received++;
          setTimeout(() => {
            if (!socket.destroyed) socket.write('250 accepted\r\n');
          }, delayMs);
          continue;
        }
        const eol = buffered.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffered.slice(0, eol).toUpperCase();
        buffered = buffered.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-bench\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answer times (ms) of `/healthz` and of an enquiry, taken in turn. */
async function enquiryAgainstHealth(server: RunningServer, rounds: number): Promise<{ health: number[]; enquiry: number[] }> {
  const timed = async (work: () => Promise<Response>, status: number) => {
    const t0 = performance.now();
    const res = await work();
    await res.arrayBuffer();
    if (res.status !== status) throw new Error(`${res.url}: ${res.status}`);
    return performance.now() - t0;
  };
  const health: number[] = [];
  const enquiry: number[] = [];
  for (let i = 0; i < rounds; i++) {
    health.push(await timed(() => fetch(`${server.url}/healthz`), 200));
    const body = { full_name: `Visitor ${i}`, email: `visitor${i}@example.com`, message: 'We marry next June and love your work.' };
    enquiry.push(
      await timed(
        () =>
          fetch(`${server.url}/site/enquiries/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        201,
      ),
    );
  }
  return { health, enquiry };
}

export interface IngestResult {
  uploadRatio: number;
  deriveRatio: number;
  peakRss: number;
}

export async function runIngest(): Promise<IngestResult> {
  const count = envInt('BENCH_INGEST_PHOTOS', 300);
  const width = envInt('BENCH_WIDTH', 6000);
  const height = envInt('BENCH_HEIGHT', 4000);
  const distinct = envInt('BENCH_INGEST_DISTINCT', 12);
  const floorPhotos = Math.min(count, distinct, envInt('BENCH_FLOOR_PHOTOS', 8));
  const concurrency = envInt('UPLOAD_CONCURRENCY', 2);
  const parallel = GALLERY_UPLOAD_PARALLEL;
  console.log(
    `\n== Ingest: ${count} photos of ${width}x${height}, ${parallel} uploads at once (the portal's), ${concurrency} derivation workers ==`,
  );
  const tGen = performance.now();
  const files = await photoSet(count, width, height, distinct);
  const totalBytes = files.reduce((s, f) => s + fs.statSync(f).size, 0);
  console.log(`  photos ready: ${mb(totalBytes)} of JPEG (${fmt(seconds(tGen), 1)} s incl. cache)`);
  const loads: number[] = [os.loadavg()[0]!];

  const floor = await floorAndPipeline(files.slice(0, floorPhotos));
  console.log(`  floor ${fmt(floor.floor, 3)} CPU s/photo, pipeline ${fmt(floor.pipeline, 3)} CPU s/photo`);
  const bareUpload = await bareUploads(files, parallel);
  console.log(`  bare upload: ${fmt(bareUpload)} s`);
  const bare = await barePipeline(files, concurrency);
  console.log(`  bare pipeline: ${fmt(bare.seconds)} s`);
  loads.push(os.loadavg()[0]!);

  // The server runs on a data directory created beforehand, as after any restart.
  const smtp = await slowSmtp(5_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-ingest-'));
  const env = {
    UPLOAD_CONCURRENCY: String(concurrency),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    ENQUIRY_MAX_PER_HOUR: '1000',
    ENQUIRY_MAX_TOTAL_PER_HOUR: '1000',
  };
  await (await startServer({ dataDir, env })).stop();
  const server = await startServer({ dataDir, env });
  try {
    const serviceId = await createService(server, `Ingest ${Date.now()}`, files[0]!);
    const idle = memoryOf(server.pid).rss;
    const names = files.map((_, i) => `photo-${String(i).padStart(4, '0')}.jpg`);
    const readyAt = new Map<string, number>();
    const sampler = sampleRss(server.pid);
    const cpu0 = cpuSecondsOf(server.pid);
    const t0 = performance.now();
    let uploaded = 0;
    let firstUploaded = 0;
    let lastUploaded = 0;
    const uploads = eachLimited(files, parallel, async (file, i) => {
      await tusUpload(server, serviceId, file, names[i]!);
      uploaded++;
      lastUploaded = seconds(t0);
      if (uploaded === 1) firstUploaded = lastUploaded;
    });
    // The portal's list, asked every 2 s as the portal asks while a photo is processing (asking
    // more often costs the server's CPU: a list's JSON each time a photo became ready).
    const watch = (async () => {
      while (readyAt.size < count) {
        const res = await fetch(`${server.url}/adminportal/service-galleries/${serviceId}/`, {
          headers: { authorization: `Token ${server.token}` },
        });
        const list = (await res.json()) as { name: string; state: string }[];
        const now = seconds(t0);
        for (const p of list) {
          if (p.state === 'failed') throw new Error(`${p.name} failed to derive`);
          if (p.state === 'ready' && !readyAt.has(p.name)) readyAt.set(p.name, now);
        }
        await pause(2_000);
      }
    })();
    await uploads;
    await watch;
    const allReady = seconds(t0);
    const serverCpu = cpuSecondsOf(server.pid) - cpu0;
    const peakRss = sampler.stop();
    loads.push(os.loadavg()[0]!);
    const firstReady = Math.min(...readyAt.values());

    // The admin gets an e-mail about each enquiry (the seeded admin has no address until given one).
    const login = await fetch(`${server.url}/accounts/auth-admin/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const adminId = ((await login.json()) as { userDetails: { id: number } }).userDetails.id;
    const profile = await fetch(`${server.url}/accounts/update-profile/${adminId}/`, {
      method: 'PATCH',
      headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Studio', last_name: 'Owner', email: 'studio@example.com', phone: '+44 20 7946 0000' }),
    });
    if (!profile.ok) throw new Error(`profile update failed: ${profile.status} ${await profile.text()}`);
    const answers = await enquiryAgainstHealth(server, 12);
    const healthMs = median(answers.health);
    const enquiryMs = median(answers.enquiry);
    loads.push(os.loadavg()[0]!);

    const uploadRatio = bareUpload / lastUploaded;
    const deriveRatio = allReady / bare.seconds;
    const floorRatio = floor.pipeline / floor.floor;
    printTable('Ingest results (each goal, then its baseline from this run)', [
      ['upload phase, portal path (tus)', `${fmt(lastUploaded)} s, ${fmt(totalBytes / 1048576 / lastUploaded, 1)} MB/s`],
      ['  baseline: bare Fastify, same bytes', `${fmt(bareUpload)} s, ${fmt(totalBytes / 1048576 / bareUpload, 1)} MB/s`],
      ['  ratio (goal >= 80 %)', `${fmt(uploadRatio * 100, 1)} %  ${met(uploadRatio >= 0.8)}`],
      ['every photo derived (first upload to last ready)', `${fmt(allReady)} s, ${fmt(serverCpu / count)} CPU s/photo in the server`],
      ['  baseline: bare sharp pipeline, same photos', `${fmt(bare.seconds)} s, ${fmt(bare.cpu / count)} CPU s/photo`],
      ['  ratio (goal <= 1.15x)', `${fmt(deriveRatio)}x  ${met(deriveRatio <= 1.15)}`],
      [
        'first photo ready / last uploaded',
        `${fmt(firstReady)} s / ${fmt(lastUploaded)} s (first upload answered at ${fmt(firstUploaded)} s)  ${met(firstReady < lastUploaded)}`,
      ],
      [
        'server peak RSS during the ingest (goal < 600 MB)',
        `${mb(peakRss)} (server ${mb(sampler.atPeak.own)}, derivation ${mb(sampler.atPeak.children)}; idle ${mb(idle)})  ${met(peakRss < 600 * 1048576)}`,
      ],
      ['derivation (the derive job), CPU per photo, one at a time', `${fmt(floor.pipeline, 3)} CPU s`],
      ['  baseline: one shrink-on-load decode (floor)', `${fmt(floor.floor, 3)} CPU s`],
      ['  ratio (goal <= 3x)', `${fmt(floorRatio)}x  ${met(floorRatio <= 3)}`],
      ['derived files per photo', `${fmt(floor.derivedBytes / 1024, 0)} KB (${floorPhotos} distinct photos)`],
      ['enquiry, median of 12, SMTP 5 s a message', `${fmt(enquiryMs, 1)} ms (max ${fmt(Math.max(...answers.enquiry), 1)} ms)`],
      ['  baseline: /healthz, median of 12, in turn', `${fmt(healthMs, 1)} ms (max ${fmt(Math.max(...answers.health), 1)} ms)`],
      ['  difference (goal <= 50 ms)', `${fmt(enquiryMs - healthMs, 1)} ms  ${met(enquiryMs - healthMs <= 50)}`],
      ['  messages given to the SMTP server meanwhile', `${smtp.received()} (it answers each after 5 s)`],
      ['input per photo', mb(totalBytes / count)],
      ['machine load (1 min avg) at each phase', `${loads.map((l) => fmt(l, 1)).join(', ')} on ${os.cpus().length} cores`],
    ]);
    return { uploadRatio, deriveRatio, peakRss };
  } finally {
    await server.stop();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runIngest();
}
