/**
 * Start-up benchmark (`npm run bench -- startup`): time from spawning to the first `200` from
 * `/healthz`, and the CPU time used by then (every process of the start, all threads; less
 * sensitive to a busy machine), with `npm start`'s own command, `node scripts/start.mjs` (the
 * package's start script: its build check, then the server bundle with the flags and environment
 * it adds), on a fresh data directory (the first start: migrations, the first admin) and then on
 * that existing directory. The same on the existing directory through `npm start` itself (npm's
 * own start-up included) and from the TypeScript sources through tsx (as in development,
 * without the watcher). Goal (issue 12): under 1.5 s on an existing data directory. Prints the median of
 * BENCH_STARTS (default 5) starts each, the server's own "ready" time (its start to listening,
 * from its log line) and the load average before and after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ADMIN, cpuSecondsOf, envInt, freePort, printTable, ROOT, serverEntry, median } from './lib';

interface Start {
  wall: number;
  cpu: number;
  /** The server's own time from its process start to listening, as it logs it. */
  ready: number | null;
}

/** CPU seconds of a process and all its descendants (npm, the start script, the server). */
function treeCpuSeconds(pid: number): number {
  let total = 0;
  try {
    total = cpuSecondsOf(pid);
    for (const child of fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean)) {
      total += treeCpuSeconds(Number(child));
    }
  } catch {
    /* ended meanwhile */
  }
  return total;
}

/** Starts `command` in its own process group, waits for /healthz, then stops the group as Ctrl-C would. */
async function timeToHealthy(command: string, args: string[], dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // npm start's default level: its log lines are part of the start.
      LOG_LEVEL: 'info',
    },
  });
  let ready: number | null = null;
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out = (out + d.toString()).slice(-8192);
    const m = /ready in (\d+) ms/.exec(out);
    if (m) ready = Number(m[1]);
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}: ${out}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
          const wall = performance.now() - started;
          const cpu = treeCpuSeconds(child.pid!) * 1000;
          // The log line may still be on its way.
          for (let i = 0; ready === null && i < 150; i++) await new Promise((r) => setTimeout(r, 10));
          return { wall, cpu, ready };
        }
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGINT');
    await exited;
    // npm may leave before the server has closed its database: wait for the group to be gone.
    for (let i = 0; i < 500; i++) {
      try {
        process.kill(-child.pid!, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function summary(starts: Start[], goal = false): string {
  const wall = median(starts.map((s) => s.wall));
  const readies = starts.map((s) => s.ready).filter((r): r is number => r !== null);
  return [
    `${ms(wall)} median (${starts.map((s) => ms(s.wall)).join(', ')})`,
    `CPU ${ms(median(starts.map((s) => s.cpu)))}`,
    readies.length ? `server ready ${ms(median(readies))}` : '',
    goal ? `goal < 1500 ms ${wall < 1500 ? 'holds' : 'MISSED'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export async function runStartup(): Promise<void> {
  const starts = envInt('BENCH_STARTS', 5);
  const loadBefore = load();
  // `npm start` builds what is missing; the bench times a built tree.
  serverEntry();
  if (!fs.existsSync(path.join(ROOT, 'apps/admin/dist/index.html')) || !fs.existsSync(path.join(ROOT, 'apps/site/dist/server/render.js'))) {
    console.log('  (building the portal and the website once)');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' }).status !== 0) throw new Error('build failed');
  }
  // package.json's start script: what `npm start` runs.
  const startScript = [path.join(ROOT, 'scripts/start.mjs')];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-startup-'));
  const rows: [string, string][] = [];
  try {
    const fresh = await timeToHealthy(process.execPath, startScript, dataDir);
    rows.push(['first start, fresh data directory', `${ms(fresh.wall)} (CPU ${ms(fresh.cpu)})`]);
    const script: Start[] = [];
    const npm: Start[] = [];
    const source: Start[] = [];
    // Alternate, so a load spike on the machine hits each alike.
    for (let i = 0; i < starts; i++) {
      script.push(await timeToHealthy(process.execPath, startScript, dataDir));
      npm.push(await timeToHealthy('npm', ['start', '--silent'], dataDir));
      source.push(await timeToHealthy(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], dataDir));
    }
    rows.push(['existing data directory, node scripts/start.mjs', summary(script, true)]);
    rows.push(['existing data directory, npm start (npm included)', summary(npm)]);
    rows.push(['existing data directory, sources through tsx', summary(source)]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(`Start-up to the first answer of /healthz (load average ${loadBefore} before, ${load()} after)`, rows);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await runStartup();
