/**
 * Portal bundle check (`npm run bench -- bundle`): from the built portal's Vite manifest, the
 * gzip size of the JavaScript each page loads before it shows (its chunk and every static
 * import, the entry included, and for a signed-in screen the admin layout around it), the largest chunk, and whether the data grid is loaded by pages
 * that show no table. Goals (issue 12): login <= 150 KB gzip in total, no chunk > 250 KB gzip,
 * the data grid only where a table is shown. Reads `apps/admin/dist` (or ADMIN_DIST); builds it
 * when missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fmt, printTable, ROOT } from './lib';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const kb = (n: number) => `${fmt(n / 1024, 1)} KB`;

export async function runBundle(): Promise<void> {
  const dist = process.env.ADMIN_DIST ?? path.join(ROOT, 'apps/admin/dist');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.log('  (building the portal)');
    const r = spawnSync('npm', ['run', 'build', '-w', '@darkroom/admin'], { cwd: ROOT, stdio: 'ignore' });
    if (r.status !== 0) throw new Error('portal build failed');
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    let n = sizes.get(file);
    if (n === undefined) sizes.set(file, (n = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length));
    return n;
  };
  /** The chunks a page needs before it runs: its own and every static import, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) closure(i, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const layoutKey = Object.keys(manifest).find((k) => k.endsWith('app/layout/admin-layout.tsx'));
  const grid = Object.keys(manifest).filter((k) => /data-table|x-data-grid/.test(k));
  const rows: [string, string][] = [];
  /**
   * A page's chunk, or, when the build put the page's module into a chunk with others (the sign-in
   * page shares the entry's), the chunk whose code holds the page's own text.
   */
  const chunkOf = (source: string, marker?: string) =>
    Object.keys(manifest).find((k) => k.endsWith(source)) ??
    (marker ? Object.keys(manifest).find((k) => fs.readFileSync(path.join(dist, manifest[k]!.file), 'utf8').includes(marker)) : undefined);
  const page = (label: string, source: string, goal?: number, table = false, signedIn = true, marker?: string) => {
    const key = chunkOf(source, marker);
    if (!key) return rows.push([label, `not found (${source})`]);
    const chunks = closure(key, closure(entryKey));
    if (signedIn && layoutKey) closure(layoutKey, chunks);
    let js = 0;
    let css = 0;
    for (const c of chunks) {
      js += gz(manifest[c]!.file);
      for (const s of manifest[c]!.css ?? []) css += gz(s);
    }
    const withGrid = grid.some((g) => chunks.has(g));
    rows.push([
      label,
      `${kb(js)} gzip JS (${chunks.size} chunks), ${kb(css)} CSS` +
        (goal ? `; goal <= ${goal} KB ${js / 1024 <= goal ? 'holds' : 'MISSED'}` : '') +
        `; data grid ${withGrid ? 'loaded' : 'not loaded'}${withGrid === table ? '' : table ? '' : ' MISSED'}`,
    ]);
  };
  page('login', 'features/account/login-page.tsx', 150, false, false, 'Sign in to manage your studio website');
  page('/portfolio (services)', 'features/services/services-page.tsx');
  page('/dashboard', 'features/dashboard/dashboard-page.tsx');
  page('/Manage-users (a table)', 'features/people/users-page.tsx', undefined, true);
  // The journal's list: the editor (TipTap) is its own chunk, loaded when a post is opened.
  page('/Blog (journal, a table)', 'features/blog-posts/blog-posts-page.tsx', undefined, true);
  let largest = { file: '', size: 0 };
  for (const c of Object.values(manifest)) if (gz(c.file) > largest.size) largest = { file: c.file, size: gz(c.file) };
  rows.push([
    'largest chunk',
    `${largest.file} ${kb(largest.size)} gzip; goal <= 250 KB ${largest.size <= 250 * 1024 ? 'holds' : 'MISSED'}`,
  ]);
  const precompressed = Object.values(manifest).filter((c) => fs.existsSync(path.join(dist, `${c.file}.br`))).length;
  rows.push([
    'precompressed',
    `${precompressed} of ${Object.keys(manifest).length} chunks have .br and .gz (smaller than 1 KB are sent as they are)`,
  ]);
  printTable('Portal bundle (gzip -9 of each file, as the server sends it with gzip)', rows);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await runBundle();
