/**
 * Ingest benchmark: the same large photos through the bare sharp pipeline (processImage, no
 * HTTP, no database) and through the real upload path (`POST /adminportal/manage-gallery/`,
 * 4 clients at once, one file per request, as the portal sends them), in one run.
 *
 * Prints photos per second for both, their ratio (goal: HTTP >= 85% of bare) and the server's
 * peak memory while the uploads run (goal: < 600 MB). The two paths run in alternating rounds so
 * other load on the machine hits both alike; CPU seconds per photo are printed too, as they do
 * not depend on what else the machine is doing.
 *
 * Scale: BENCH_PHOTOS (default 16), BENCH_WIDTH x BENCH_HEIGHT (default 6000 x 4000),
 * BENCH_CLIENTS (default 4), BENCH_ROUNDS (default 4), UPLOAD_CONCURRENCY (image workers, default 2).
 * The full run: BENCH_PHOTOS=50 npm run bench -- ingest
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { processImage } from '../apps/server/src/media/image-pipeline';
import { createLimiter } from '../apps/server/src/media/limiter';
import { diskStorage as localMedia } from '../apps/server/src/media/storage';
import {
  cpuSecondsOf,
  createService,
  envInt,
  fmt,
  makePhotos,
  mb,
  memoryOf,
  printTable,
  sampleRss,
  startServer,
  type RunningServer,
} from './lib';

export interface IngestResult {
  bareRate: number;
  httpRate: number;
  ratio: number;
  peakRss: number;
}

interface Tally {
  seconds: number;
  cpu: number;
}

async function bareRound(files: string[], concurrency: number, root: string): Promise<Tally> {
  const storage = localMedia(root);
  const limit = createLimiter(concurrency);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    files.map((file) =>
      limit(() =>
        processImage(
          storage,
          { field: 'land_scape_image', filename: path.basename(file), mimetype: 'image/jpeg', path: file, bytes: fs.statSync(file).size },
          {
            field: 'land_scape_image',
            use: 'galleryPhoto',
          },
        ),
      ),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu0);
  return { seconds, cpu: (used.user + used.system) / 1e6 };
}

async function uploadOne(server: RunningServer, serviceId: number, file: string, name: string): Promise<void> {
  const form = new FormData();
  form.append('service', String(serviceId));
  // openAsBlob streams from disk: the client never holds the batch in memory either.
  form.append('land_scape_image', await fs.openAsBlob(file, { type: 'image/jpeg' }), name);
  const res = await fetch(`${server.url}/adminportal/manage-gallery/`, {
    method: 'POST',
    headers: { authorization: `Token ${server.token}` },
    body: form,
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`upload of ${name} failed: ${res.status} ${body}`);
}

async function httpRound(
  server: RunningServer,
  serviceId: number,
  jobs: { file: string; name: string }[],
  clients: number,
): Promise<Tally> {
  const queue = [...jobs];
  const cpu0 = cpuSecondsOf(server.pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await uploadOne(server, serviceId, job.file, job.name);
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, cpu: cpuSecondsOf(server.pid) - cpu0 };
}

export async function runIngest(): Promise<IngestResult> {
  const count = envInt('BENCH_PHOTOS', 16);
  const width = envInt('BENCH_WIDTH', 6000);
  const height = envInt('BENCH_HEIGHT', 4000);
  const clients = envInt('BENCH_CLIENTS', 4);
  const rounds = Math.min(count, envInt('BENCH_ROUNDS', 4));
  const concurrency = envInt('UPLOAD_CONCURRENCY', 2);
  console.log(
    `\n== Ingest: ${count} photos of ${width}x${height}, ${clients} upload clients, ${concurrency} image workers, ${rounds} rounds ==`,
  );

  const tGen = performance.now();
  const files = await makePhotos(count, width, height);
  const totalBytes = files.reduce((s, f) => s + fs.statSync(f).size, 0);
  console.log(`  photos ready (${mb(totalBytes)} of JPEG, ${fmt((performance.now() - tGen) / 1000, 1)} s incl. cache)`);

  // The server runs on a data directory created beforehand, as after any restart: creating a
  // PGlite directory has a one-off memory spike that says nothing about uploads.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-ingest-'));
  await (await startServer({ dataDir })).stop();
  const server = await startServer({ dataDir, env: { UPLOAD_CONCURRENCY: String(concurrency) } });
  const bareRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-bare-'));
  try {
    const serviceId = await createService(server, `Ingest ${Date.now()}`, files[0]!);
    // Warm-up on both paths (libvips start-up, JIT), not timed.
    const warm = await createService(server, `Warm-up ${Date.now()}`, files[0]!);
    await uploadOne(server, warm, files[0]!, 'warm-up.jpg');
    await bareRound([files[0]!], 1, fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-warm-')));
    const idle = memoryOf(server.pid).rss;

    const jobs = files.map((f, i) => ({ file: f, name: `photo-${String(i).padStart(4, '0')}.jpg` }));
    const bare: Tally = { seconds: 0, cpu: 0 };
    const http: Tally = { seconds: 0, cpu: 0 };
    const sampler = sampleRss(server.pid);
    const roundRatios: number[] = [];
    const per = Math.ceil(count / rounds);
    for (let r = 0; r < rounds; r++) {
      const slice = jobs.slice(r * per, (r + 1) * per);
      const b = await bareRound(
        slice.map((j) => j.file),
        concurrency,
        bareRoot,
      );
      const h = await httpRound(server, serviceId, slice, clients);
      bare.seconds += b.seconds;
      bare.cpu += b.cpu;
      http.seconds += h.seconds;
      http.cpu += h.cpu;
      roundRatios.push(b.seconds / h.seconds);
      console.log(`  round ${r + 1}: bare ${fmt(b.seconds)} s, HTTP ${fmt(h.seconds)} s`);
    }
    const peakRss = sampler.stop();

    const list = await fetch(`${server.url}/adminportal/service-galleries/${serviceId}/`, {
      headers: { authorization: `Token ${server.token}` },
    });
    const stored = ((await list.json()) as unknown[]).length;
    if (stored !== count) throw new Error(`expected ${count} stored photos, found ${stored}`);

    const bareRate = count / bare.seconds;
    const httpRate = count / http.seconds;
    const ratio = httpRate / bareRate;
    const load = os.loadavg()[0]!;
    printTable('Ingest results', [
      ['bare sharp pipeline', `${fmt(bareRate)} photos/s  (${fmt(bare.seconds)} s, ${fmt(bare.cpu / count)} CPU s/photo)`],
      [
        `HTTP upload path (${clients} clients)`,
        `${fmt(httpRate)} photos/s  (${fmt(http.seconds)} s, ${fmt(http.cpu / count)} CPU s/photo in the server)`,
      ],
      ['ratio HTTP / bare (throughput)', `${fmt(ratio * 100, 1)} %  (goal >= 85 %) ${ratio >= 0.85 ? 'MET' : 'NOT MET'}`],
      [
        'ratio HTTP / bare, median of rounds',
        `${fmt(roundRatios.sort((a, b) => a - b)[Math.floor(roundRatios.length / 2)]! * 100, 1)} %  (less sensitive to a load spike in one round)`,
      ],
      ['ratio bare / HTTP (CPU per photo)', `${fmt((bare.cpu / http.cpu) * 100, 1)} %`],
      ['server RSS idle (after start-up)', mb(idle)],
      ['server peak RSS during uploads', `${mb(peakRss)}  (goal < 600 MB) ${peakRss < 600 * 1048576 ? 'MET' : 'NOT MET'}`],
      ['input per photo', mb(totalBytes / count)],
      [
        'machine load (1 min avg) at the end',
        `${fmt(load, 1)} on ${os.cpus().length} cores${load > os.cpus().length ? ' (busy: wall-clock figures are noisy)' : ''}`,
      ],
    ]);
    if (!process.env.MALLOC_ARENA_MAX && peakRss >= 600 * 1048576) {
      console.log('  note: glibc keeps freed image buffers in per-thread arenas; run the server with MALLOC_ARENA_MAX=2 to bound that.');
    }
    return { bareRate, httpRate, ratio, peakRss };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bareRoot, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runIngest();
}
