import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import http from 'node:http';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';
import { maskUrl } from '../apps/server/src/lib/log';
import autocannon from './autocannon';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN = { username: 'bench-admin', password: 'bench-password-123' };

export const envInt = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const n = raw ? Number(raw) : NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export const fmt = (n: number, digits = 2) => n.toFixed(digits);
export const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A camera-like JPEG: smooth colour fields (upscaled noise) plus fine grain, so it decodes and
 * compresses like a real photo rather than a flat test card. Cached on disk between runs.
 */
export async function makePhoto(dir: string, index: number, width: number, height: number): Promise<string> {
  const file = path.join(dir, `photo-v2-${width}x${height}-${index}.jpg`);
  if (fs.existsSync(file)) return file;
  let seed = (index + 1) * 2654435761;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) & 0xff;
  const small = Buffer.alloc(160 * 107 * 3);
  for (let i = 0; i < small.length; i++) small[i] = rand();
  const grain = Buffer.alloc(509 * 509 * 4);
  for (let i = 0; i < grain.length; i += 4) {
    const v = rand();
    grain[i] = v;
    grain[i + 1] = v;
    grain[i + 2] = v;
    grain[i + 3] = 90;
  }
  const tile = await sharp(grain, { raw: { width: 509, height: 509, channels: 4 } })
    .png()
    .toBuffer();
  const base = await sharp(small, { raw: { width: 160, height: 107, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  await sharp(base, { raw: { width, height, channels: 3 } })
    .composite([{ input: tile, tile: true, blend: 'overlay' }])
    .jpeg({ quality: 90, mozjpeg: false })
    .toFile(`${file}.part`);
  fs.renameSync(`${file}.part`, file);
  return file;
}

export async function makePhotos(count: number, width: number, height: number): Promise<string[]> {
  const dir = path.join(os.tmpdir(), 'darkroom-bench-photos');
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) files.push(await makePhoto(dir, i, width, height));
  return files;
}

/** Resident memory of a process now and at its peak, from /proc (Linux). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** A process and its children (the server's derivation process), from /proc (Linux). */
function withChildren(pid: number): number[] {
  try {
    const kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return [pid, ...(kids ? kids.split(' ').map(Number) : [])];
  } catch {
    return [pid];
  }
}

/** The fields of /proc/<pid>/stat after the command name (field 3 onwards). */
function statFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds of a process's own threads (utime + stime: fields 14 and 15). */
const ownCpu = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) / 100;

/**
 * CPU seconds a server has used so far, its children's included: those alive now, and those
 * ended and waited for (cutime, cstime: fields 16 and 17). A child that ends between two readings
 * loses what it used since the first.
 */
export function cpuSecondsOf(pid: number): number {
  const fields = statFields(pid);
  const waited = (Number(fields[13]) + Number(fields[14])) / 100;
  const children = withChildren(pid).slice(1);
  return children.reduce(
    (sum, child) => {
      try {
        return sum + ownCpu(statFields(child));
      } catch {
        return sum; // it ended meanwhile
      }
    },
    ownCpu(fields) + waited,
  );
}

/** The RSS of a process and its children (the server's derivation process) together. */
/** RSS of a process and of its children (the derivation process), in bytes. */
function treeRss(pid: number): { own: number; children: number } {
  const rss = { own: 0, children: 0 };
  for (const p of withChildren(pid)) {
    try {
      rss[p === pid ? 'own' : 'children'] += memoryOf(p).rss;
    } catch {
      /* the process ended */
    }
  }
  return rss;
}

/**
 * Samples a server's RSS (its children's included) every few ms and keeps the peak (VmHWM also
 * counts start-up); `atPeak` tells how that peak splits between the server and its children.
 */
export function sampleRss(pid: number, everyMs = 25) {
  let atPeak = { own: 0, children: 0 };
  const sample = () => {
    const now = treeRss(pid);
    if (now.own + now.children > atPeak.own + atPeak.children) atPeak = now;
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      sample();
      return atPeak.own + atPeak.children;
    },
    get atPeak() {
      return atPeak;
    },
  };
}

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  token: string;
  stop(): Promise<void>;
}

/** The built portal; built once into a temporary folder when none is given. */
export function adminDist(): string {
  const given = process.env.BENCH_ADMIN_DIST ?? process.env.ADMIN_DIST;
  if (given && fs.existsSync(path.join(given, 'index.html'))) return given;
  const dist = path.join(os.tmpdir(), 'darkroom-bench-dist');
  const index = path.join(dist, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = path.join(dir, e.name);
      return Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  const inputs = ['apps/admin/src', 'packages/contracts/src'].map((d) => newest(path.join(ROOT, d)));
  // The page and the build's own settings are inputs too (a new index.html once went unbuilt).
  for (const f of ['apps/admin/index.html', 'apps/admin/vite.config.ts']) inputs.push(fs.statSync(path.join(ROOT, f)).mtimeMs);
  const stale = Math.max(...inputs) > builtAt;
  if (stale || process.env.BENCH_REBUILD === '1') {
    console.log('  (building the portal once into', dist, ')');
    const r = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: path.join(ROOT, 'apps/admin'),
      stdio: 'ignore',
    });
    if (r.status !== 0) throw new Error('portal build failed');
  }
  return dist;
}

let built = false;
/** The server as `npm start` runs it: the bundle `npm run build` writes, rebuilt once per run. */
export function serverEntry(): string {
  if (!built) {
    const r = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: ROOT, stdio: 'ignore' });
    if (r.status !== 0) throw new Error('server build failed');
    built = true;
  }
  return path.join(ROOT, 'apps/server/dist/main.js');
}

/** Starts the real server (the built `apps/server/dist/main.js`) in its own process, with the flags and environment `npm start` gives it. */
export async function startServer(opts: { dataDir?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-'));
  // BENCH_NODE_ARGS passes flags Node refuses in NODE_OPTIONS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, serverEntry()], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // The default level: a request's log line is part of what it costs in production.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      LOGIN_MAX_FAILURES: '100',
      // As `npm start` sets them (scripts/start.mjs).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      ...opts.env,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 600) {
      // Not left running when the bench gives up on it (a loaded machine once took over a minute).
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Warm figures are the steady state: the job queue sets itself up just after the server listens.
  for (let i = 0; ; i++) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { jobs?: string };
    if (health.jobs !== 'waiting') break;
    if (i > 600) throw new Error('the job queue did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${url}/accounts/auth-admin/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${await login.text()}`);
  const { authToken } = (await login.json()) as { authToken: string };
  return {
    url,
    pid: child.pid!,
    dataDir,
    token: authToken,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Bare Fastify (`bare-server.ts`) in a process of its own, sending a file's bytes: with that
 * content encoding, or with every header line of `headerFile` (JSON). The benches' baseline; run
 * inside a bench's process it would share a thread with autocannon's client.
 */
export async function startBareServer(
  file: string,
  encoding: string,
  headerFile?: string,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const args = [path.join(ROOT, 'bench/bare-server.ts'), String(port), file, encoding, ...(headerFile ? [headerFile] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Creates a service (the parent of a gallery) through the API. */
export async function createService(server: RunningServer, name: string, cover: string): Promise<number> {
  const form = new FormData();
  form.append('name', name);
  form.append('description', 'Benchmark gallery');
  form.append('cover_image', await fs.openAsBlob(cover, { type: 'image/jpeg' }), 'cover.jpg');
  const res = await fetch(`${server.url}/adminportal/manage-services/`, {
    method: 'POST',
    headers: { authorization: `Token ${server.token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`service create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export function printTable(title: string, rows: [string, string][]): void {
  console.log(`\n${title}`);
  const w = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
}

export interface Throughput {
  rps: number;
  p99: number;
  errors: number;
  /** Answers received in the whole run. */
  answers: number;
}

/** 50 connections on `url` for `seconds`; prints the bytes received per answer, so both sides can be seen to send the same. */
export async function rps(url: string, seconds: number, headers: Record<string, string>): Promise<Throughput> {
  const r = await autocannon({ url, connections: 50, duration: seconds, headers });
  console.log(`  (${maskUrl(url)}: ${(r.throughput.total / r.requests.total / 1024).toFixed(2)} KB received per answer)`);
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, answers: r.requests.total };
}

/**
 * Measures several servers in turns (A, B, A, B...) and keeps each one's best round. On these
 * shared machines a single 10 s run of either side swung by a third with whatever else ran;
 * noise only ever slows a run, so the best of alternating rounds compares like with like.
 */
export async function bestOfRounds<T extends { rps: number }>(
  runs: (() => Promise<T>)[],
  rounds: number,
  onRound?: (results: T[]) => void,
): Promise<T[]> {
  if (rounds < 1) throw new Error('at least one round is needed');
  const best: (T | null)[] = runs.map(() => null);
  for (let round = 0; round < rounds; round++) {
    const results: T[] = [];
    for (const [i, run] of runs.entries()) {
      const r = await run();
      results.push(r);
      if (!best[i] || r.rps > best[i].rps) best[i] = r;
    }
    onRound?.(results);
  }
  return best as T[];
}

/** A server to measure: where to ask, and its process (for the CPU time it spends). */
export interface Measured {
  url: string;
  pid: number;
}

/** One round on a server: its throughput, and the CPU time (all threads) it spent per answer, in us. */
export async function measuredRound(server: Measured, seconds: number, headers: Record<string, string>) {
  const cpu = cpuSecondsOf(server.pid);
  const r = await rps(server.url, seconds, headers);
  return { ...r, cpuPerAnswer: ((cpuSecondsOf(server.pid) - cpu) * 1e6) / Math.max(1, r.answers) };
}

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Our server against bare Fastify in alternating rounds of `seconds` (see `bestOfRounds`): the
 * table rows of each side's best round, their ratio against the 60% goal, and every round's
 * ratio, so a reader sees how far the machine's noise moved it. Also each side's CPU time per
 * answer (median round), the same work seen from the servers: it moves far less with the
 * machine's speed than requests per second, which depend on how autocannon and the server share
 * the cores.
 */
export async function againstBare(
  label: string,
  ours: Measured,
  bare: Measured,
  opts: { seconds: number; rounds: number; headers: Record<string, string> },
): Promise<[string, string][]> {
  const roundRatios: number[] = [];
  const cpu: [number[], number[]] = [[], []];
  const [best, bareBest] = await bestOfRounds(
    [() => measuredRound(ours, opts.seconds, opts.headers), () => measuredRound(bare, opts.seconds, opts.headers)],
    opts.rounds,
    ([a, b]) => {
      roundRatios.push(a!.rps / b!.rps);
      cpu[0].push(a!.cpuPerAnswer);
      cpu[1].push(b!.cpuPerAnswer);
    },
  );
  const ratio = best!.rps / bareBest!.rps;
  const [ourCpu, bareCpu] = [median(cpu[0]), median(cpu[1])];
  return [
    [label, `${fmt(best!.rps, 0)} req/s  p99 ${best!.p99} ms  errors ${best!.errors}`],
    ['bare Fastify, same bytes', `${fmt(bareBest!.rps, 0)} req/s  p99 ${bareBest!.p99} ms  errors ${bareBest!.errors}`],
    ['ratio', `${fmt(ratio * 100, 0)}% (goal >= 60%) ${ratio >= 0.6 ? 'holds' : 'MISSED'}`],
    ['each round', roundRatios.map((r) => `${fmt(r * 100, 0)}%`).join('  ')],
    [
      'server CPU per answer',
      `${fmt(ourCpu, 1)} us, bare ${fmt(bareCpu, 1)} us (median rounds, all threads): bare's is ${fmt((bareCpu / ourCpu) * 100, 0)}% of ours`,
    ],
  ];
}

/** One GET, its whole body as received (still encoded), with its status, encoding, headers and time. */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; encoding: string; status: number; ms: number; headers: http.IncomingHttpHeaders }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            encoding: String(res.headers['content-encoding'] ?? ''),
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            headers: res.headers,
          }),
        );
      })
      .on('error', reject);
  });
}
