// `npm start`: builds the portal, the website and the server if they have not been built (the
// server also when its sources changed since), then serves everything from plain JavaScript.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildServer, serverBuildIsStale, SERVER_BUNDLE } from '../apps/server/build.mjs';
import { SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';
import { runStep } from './build-step.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// Each build prints hundreds of lines: held back unless it fails, so the server's own summary
// (addresses, the first admin's password) ends what a first start prints. The builds run side by
// side: on a first start they were a third of the time to the first answer, one after another.
const builds = [];
if (!existsSync(path.join(root, 'apps/admin/dist/index.html'))) {
  builds.push(['  the admin portal', ['run', 'build', '-w', '@darkroom/admin']]);
}
if (!existsSync(path.join(root, 'apps/site/dist/server/render.js'))) {
  builds.push(['  the public website', ['run', 'build', '-w', '@darkroom/site']]);
}
if (builds.length) console.log('Building (first start only):');
const statuses = await Promise.all([
  ...builds.map(([label, args]) => runStep(label, npm, args, { cwd: root, beside: true })),
  serverBuildIsStale() ? buildServer().then(() => 0) : 0,
]);
const failed = statuses.find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);

// Node 20 reads each module's source map as the module loads: the bundle's holds no source text
// (build.mjs), so it stays a small part of start-up.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  // glibc keeps memory freed by sharp's worker threads in many arenas; two keep peak memory
  // of a busy upload under ~500 MB instead of ~700 MB (bench/ingest.ts). React, loaded by the
  // website's renderer from node_modules, picks its development build unless NODE_ENV says
  // production (a page's first render took 100-105 ms with it, 89-92 ms without).
  env: { MALLOC_ARENA_MAX: '2', NODE_ENV: 'production', ...process.env },
});
// Passed on for a signal sent to this process alone; the server ignores a repeat (Ctrl-C reaches both).
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
// Killed by a signal, the server has no exit code: exit as a shell reports it (128 + the signal's number).
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
