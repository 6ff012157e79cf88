// `npm run build -w @darkroom/server`: the server compiled once into one ES module,
// `apps/server/dist/main.js`, so `npm start` loads plain JavaScript instead of compiling
// TypeScript at every start. The workspace's own packages (contracts) and the pure-JavaScript
// dependencies are bundled in: Node resolving, reading and compiling ~1,200 files of
// node_modules one by one was a third of the time to the first answer (`npm run bench --
// startup`). The few in EXTERNAL load from node_modules as they are.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
export const SERVER_BUNDLE = path.join(dir, 'dist/main.js');
/** The derivation process' entry (media/derive-process.ts), built with the server. */
const WORKER_BUNDLE = path.join(dir, 'dist/derive-worker.js');
/** What the bundle is made of: a change to any of these makes it stale (the lock file: an updated dependency is bundled too). */
const SOURCES = [
  path.join(dir, 'src'),
  path.join(dir, '../../packages/contracts/src'),
  path.join(dir, 'package.json'),
  path.join(dir, '../../package-lock.json'),
  path.join(dir, 'build.mjs'),
];

/**
 * Dependencies left out of the bundle, each for a reason: native addons, WebAssembly and files
 * read beside their own modules at run time (`__dirname`, `import.meta.url`) only work from
 * their package's folder.
 */
const EXTERNAL = [
  '@electric-sql/pglite', // its .wasm and data bundle, found from import.meta.url
  'sharp', // native (libvips)
  '@node-rs/argon2', // native
  '@fastify/swagger', // reads its package.json through __dirname
  '@fastify/swagger-ui', // serves the files of its own static/ folder
  'ioredis', // __dirname in its error stacks; loaded only with REDIS_URL anyway
  'pg-native', // pg's optional native client, not installed
  // Loaded only with S3_BUCKET (media/open-storage.ts): bundled, every start would parse ~2 MB of SDK.
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  '@aws-sdk/s3-request-presigner',
  // react-email (its index also loads Tailwind and Prettier: ~1 s) is loaded with the first e-mail
  // (mail/templates); React stays one copy shared with it.
  '@react-email/components',
  'react',
  'react-dom',
  'pg-boss', // loaded a second after listening; bundled, it and luxon (its cron parser's) were 400 KB more to parse at every start
];

function newest(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const name of fs.readdirSync(file)) max = Math.max(max, newest(path.join(file, name)));
  return max;
}

/** True when there is no bundle, or a source file changed after it was written. */
export function serverBuildIsStale() {
  if (!fs.existsSync(SERVER_BUNDLE) || !fs.existsSync(WORKER_BUNDLE)) return true;
  const built = fs.statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.some((s) => fs.existsSync(s) && newest(s) > built);
}

/**
 * @fastify/compress checks every answer with `instanceof Response` and `instanceof ReadableStream`.
 * The first touch of `Response` makes Node load its fetch implementation (undici, which also
 * compiles its WebAssembly HTTP parser): ~0.1 s on the first request, in a server that never uses
 * fetch. The bundle compares the objects' tags instead, as Fastify does for a Response itself.
 * The build fails if the lines are no longer there (a new version: look again).
 */
const compressWithoutFetch = {
  name: 'compress-without-fetch',
  setup(build) {
    build.onLoad({ filter: /@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/ }, async (args) => {
      let text = await fs.promises.readFile(args.path, 'utf8');
      for (const type of ['Response', 'ReadableStream']) {
        const check = `obj instanceof ${type}`;
        if (!text.includes(check)) throw new Error(`${args.path} no longer has "${check}": see compressWithoutFetch in build.mjs`);
        text = text.replace(check, `Object.prototype.toString.call(obj) === '[object ${type}]'`);
      }
      return { contents: text, loader: 'js' };
    });
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  const started = performance.now();
  await build({
    // The derivation process (media/derive-process.ts) runs its own entry, found beside main.js.
    entryPoints: { main: path.join(dir, 'src/main.ts'), 'derive-worker': path.join(dir, 'src/media/derive-worker.ts') },
    outdir: path.dirname(SERVER_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    plugins: [compressWithoutFetch],
    // Bundled CommonJS packages call require() for Node's own modules; an ES module has none.
    banner: { js: "import { createRequire as __darkroomRequire } from 'node:module'; const require = __darkroomRequire(import.meta.url);" },
    // No keepNames: its helper re-named every closure made per request (a cost in the profile of
    // a cached answer); esbuild keeps names anyway unless two collide, and the source map
    // (`--enable-source-maps`) gives traces their original names.
    sourcemap: true,
    // Stack traces need only the mappings: without the sources' text, the map Node reads at
    // start-up (`--enable-source-maps`) is a third of the size.
    sourcesContent: false,
    logLevel: 'warning',
  });
  console.log(`Built the server into apps/server/dist/ (main.js, derive-worker.js) in ${Math.round(performance.now() - started)} ms.`);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) await buildServer();
