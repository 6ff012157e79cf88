// `npm start`: builds the portal, the website and the server if they have not been built (the
// server also when its sources changed since), then serves everything from plain JavaScript.
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildServer, serverBuildIsStale, SERVER_BUNDLE } from '../apps/server/build.mjs';
import { SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(path.join(root, 'apps/admin/dist/index.html'))) {
  console.log('Building the admin portal (first start only)...');
  const built = spawnSync(npm, ['run', 'build', '-w', '@darkroom/admin'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!existsSync(path.join(root, 'apps/site/dist/server/render.js'))) {
  console.log('Building the public website (first start only)...');
  const built = spawnSync(npm, ['run', 'build', '-w', '@darkroom/site'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (serverBuildIsStale()) await buildServer();

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
