/**
 * Journal benchmark (`npm run bench -- journal`): Lighthouse (mobile preset, default throttling,
 * Debian's Chromium or CHROME_PATH) on `/journal/` and on a post page holding a cover, a photo
 * and a grid, against the built server. Goals (issue 37): performance >= 95, accessibility, best
 * practices and SEO 100. JOURNAL_RUNS (default 3) audits each page that many times and prints
 * the median by performance with every run's score: scores vary with the machine's load.
 */
import os from 'node:os';
import { sitePostPageSchema, type BlogPost } from '@darkroom/contracts';
import { envInt, fmt, makePhotos, printTable, startServer, type RunningServer } from './lib';
import { lighthouseOf } from './site';

async function json<T>(server: RunningServer, method: string, url: string, body: unknown): Promise<T> {
  const res = await fetch(server.url + url, {
    method,
    headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function photo(server: RunningServer, post: number, file: string): Promise<number> {
  const fs = await import('node:fs');
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(fs.readFileSync(file))], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${server.url}/adminportal/blog-posts/${post}/photos/`, {
    method: 'POST',
    headers: { authorization: `Token ${server.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`photo: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

const text = (t: string) => ({ type: 'paragraph', content: [{ type: 'text', text: t }] });
const LOREM =
  'We met the couple at the boathouse an hour before the ceremony; the fog was lifting off the water and the light was soft and even, the kind of light that forgives everything.';

/** Posts with covers; the newest holds a photo and a grid of four. Returns the newest's address. */
async function seedJournal(server: RunningServer, count: number): Promise<string> {
  const files = await makePhotos(count + 5, 1600, 1067);
  let path = '';
  for (let i = 0; i < count; i++) {
    const post = await json<BlogPost>(server, 'POST', '/adminportal/blog-posts/', {
      title: `Lakeside wedding number ${i + 1}`,
      excerpt: 'A small wedding by the water, from the first look to the last dance.',
      tags: ['Weddings', 'Lake'],
    });
    const cover = await photo(server, post.id, files[i]!);
    const body: unknown[] = [
      text(LOREM),
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'The ceremony' }] },
      text(LOREM),
    ];
    if (i === count - 1) {
      const grid = await Promise.all(files.slice(count, count + 4).map((f) => photo(server, post.id, f)));
      body.splice(1, 0, { type: 'photos', attrs: { photos: [{ id: cover, alt: 'The couple on the jetty' }] } });
      body.push({ type: 'photos', attrs: { photos: grid.map((id, n) => ({ id, alt: `Detail ${n + 1} of the day` })) } }, text(LOREM));
    }
    const saved = await json<BlogPost>(server, 'PATCH', `/adminportal/blog-posts/${post.id}/`, {
      cover_image: cover,
      body: { type: 'doc', content: body },
      status: 'published',
    });
    path = saved.path;
  }
  // Photos are derived by a job: wait until the newest post's images are served.
  for (let i = 0; i < 600; i++) {
    const page = sitePostPageSchema.parse(await (await fetch(`${server.url}/site/posts/`)).json());
    const covers = page.items.map((p) => p.cover?.url).filter((u): u is string => !!u);
    const ok = await Promise.all(covers.map(async (u) => (await fetch(server.url + u)).ok));
    if (ok.length === count && ok.every(Boolean)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return path;
}

export async function runJournal(): Promise<void> {
  const server = await startServer();
  try {
    const posts = envInt('JOURNAL_POSTS', 6);
    const runs = envInt('JOURNAL_RUNS', 3);
    console.log(`\nJournal benchmark: ${posts} posts, Lighthouse ${runs} times on /journal/ and a post...`);
    const post = await seedJournal(server, posts);
    const rows: [string, string][] = [];
    for (const [name, p] of [
      ['/journal/', '/journal/'],
      ['post', post],
    ] as const) {
      const all = [];
      for (let i = 0; i < runs; i++) all.push(await lighthouseOf(server.url + p));
      const r = [...all].sort((a, b) => a.perf - b.perf)[Math.floor((all.length - 1) / 2)]!;
      rows.push([
        name,
        `perf ${r.perf}  a11y ${r.a11y}  best ${r.bp}  seo ${r.seo}  LCP ${fmt(r.lcp / 1000, 2)} s  CLS ${fmt(r.cls, 3)} (median of ${runs}; perf ${all.map((x) => x.perf).join(' ')}; a11y/best/seo ${all.map((x) => `${x.a11y}/${x.bp}/${x.seo}`).join(' ')})` +
          (r.failing.length ? `  failing: ${r.failing.join(', ')}` : ''),
      ]);
    }
    rows.push([
      'load average',
      os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ') + ` (${os.cpus().length} cores)`,
    ]);
    printTable('Journal, Lighthouse mobile preset (goals: perf >= 95, a11y/best/seo 100)', rows);
  } finally {
    await server.stop();
  }
}
