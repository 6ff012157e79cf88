/**
 * Start-up benchmark (`npm run bench -- startup`): time from spawning the server to the first
 * `200` from `/healthz`, on a fresh data directory (the first start: migrations, the first
 * admin) and then on that existing directory, for the built server (`npm start`) and for the
 * TypeScript sources run by tsx (what `npm start` did before). Goal (issue 12): under 1.5 s on an
 * existing data directory. Prints the median of BENCH_STARTS (default 5) starts each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ADMIN, cpuSecondsOf, envInt, freePort, printTable, ROOT, serverEntry } from './lib';

/** Wall time to the first 200 of /healthz, and the CPU time the server used by then (less sensitive to a busy machine). */
async function timeToHealthy(args: string[], dataDir: string): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok)
          return { wall: performance.now() - started, cpu: cpuSecondsOf(child.pid!) * 1000 };
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${Math.round(n)} ms`;

export async function runStartup(): Promise<void> {
  const starts = envInt('BENCH_STARTS', 5);
  const bundle = serverEntry();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-startup-'));
  const rows: [string, string][] = [];
  try {
    const fresh = await timeToHealthy([bundle], dataDir);
    rows.push(['first start, fresh data directory (built)', `${ms(fresh.wall)} (CPU ${ms(fresh.cpu)})`]);
    const built: { wall: number; cpu: number }[] = [];
    const source: { wall: number; cpu: number }[] = [];
    // Alternate, so a load spike on the machine hits both alike.
    for (let i = 0; i < starts; i++) {
      built.push(await timeToHealthy([bundle], dataDir));
      source.push(await timeToHealthy(['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], dataDir));
    }
    const b = median(built.map((r) => r.wall));
    rows.push([
      'existing data directory, built (npm start)',
      `${ms(b)} median of ${starts} (${built.map((r) => ms(r.wall)).join(', ')}), CPU ${ms(median(built.map((r) => r.cpu)))}; goal < 1500 ms ${b < 1500 ? 'holds' : 'MISSED'}`,
    ]);
    rows.push([
      'existing data directory, sources through tsx',
      `${ms(median(source.map((r) => r.wall)))} median (${source.map((r) => ms(r.wall)).join(', ')}), CPU ${ms(median(source.map((r) => r.cpu)))}`,
    ]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(`Start-up to the first answer of /healthz (load ${os.loadavg()[0]!.toFixed(1)})`, rows);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await runStartup();
