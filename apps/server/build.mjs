// `npm run build -w @darkroom/server`: the server compiled once into one ES module,
// `apps/server/dist/main.js`, so `npm start` loads plain JavaScript instead of compiling
// TypeScript at every start. The workspace's own packages (contracts) are bundled in; every
// other dependency is loaded from node_modules as it is (native modules, WebAssembly).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
export const SERVER_BUNDLE = path.join(dir, 'dist/main.js');
/** What the bundle is made of: a change to any of these makes it stale. */
const SOURCES = [path.join(dir, 'src'), path.join(dir, '../../packages/contracts/src'), path.join(dir, 'package.json')];

function newest(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const name of fs.readdirSync(file)) max = Math.max(max, newest(path.join(file, name)));
  return max;
}

/** True when there is no bundle, or a source file changed after it was written. */
export function serverBuildIsStale() {
  if (!fs.existsSync(SERVER_BUNDLE)) return true;
  const built = fs.statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.some((s) => fs.existsSync(s) && newest(s) > built);
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@darkroom/'));
  const started = performance.now();
  await build({
    entryPoints: [path.join(dir, 'src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // No keepNames: its helper re-named every closure made per request (a cost in the profile of
    // a cached answer); esbuild keeps names anyway unless two collide, and the source map
    // (`--enable-source-maps`) gives traces their original names.
    sourcemap: true,
    logLevel: 'warning',
  });
  console.log(`Built the server into apps/server/dist/main.js in ${Math.round(performance.now() - started)} ms.`);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) await buildServer();
