/**
 * /view-gallery benchmark: a gallery of 5,000 photos against a baseline gallery of 100, in the
 * same run, in real Chromium against the real server. Prints time to first tiles, time to the
 * first image drawn, DOM node count (the grid is virtualised, so it should not grow with the
 * gallery), tiles in the DOM, and frame times while scrolling; each with its ratio to the baseline.
 *
 * Scale: BENCH_GALLERY (default 5000), BENCH_BASELINE (default 100), BENCH_RUNS (default 3).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/client';
import { galleries, galleryPhotos, services } from '../apps/server/src/db/schema';
import { upsertAsset } from '../apps/server/src/media/assets.repository';
import { processImage } from '../apps/server/src/media/image-pipeline';
import { diskStorage as localMedia } from '../apps/server/src/media/storage';
import type { StoredImage } from '../apps/server/src/media/stored-image';
import { ADMIN, adminDist, envInt, fmt, makePhoto, printTable, startServer, median } from './lib';

interface Measure {
  firstTileMs: number;
  firstImageMs: number;
  domNodes: number;
  tiles: number;
  domNodesScrolled: number;
  frameP95: number;
  frameMax: number;
}

/** Seeds the database before the server opens it: 40 real processed images shared by many rows. */
async function seed(dataDir: string, sizes: Record<string, number>): Promise<void> {
  const storage = localMedia(path.join(dataDir, 'media'));
  const photoDir = path.join(os.tmpdir(), 'darkroom-bench-photos');
  fs.mkdirSync(photoDir, { recursive: true });
  const images: StoredImage[] = [];
  for (let i = 0; i < 40; i++) {
    const file = await makePhoto(photoDir, 1000 + i, 1500, i % 3 === 0 ? 1000 : 1125);
    images.push(
      await processImage(
        storage,
        { field: 'x', filename: 'x.jpg', mimetype: 'image/jpeg', path: file, bytes: fs.statSync(file).size },
        { field: 'x', use: 'galleryPhoto' },
      ),
    );
  }
  const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const cover = await upsertAsset(database.db, images[0]!, null);
    for (const [name, count] of Object.entries(sizes)) {
      const [svc] = await database.db
        .insert(services)
        .values({ name, description: 'Benchmark', coverAssetId: cover.id, status: true })
        .returning();
      const [gallery] = await database.db.insert(galleries).values({ serviceId: svc!.id }).returning();
      for (let i = 0; i < count; i += 500) {
        const rows = await database.db.transaction(async (tx) => {
          const batch = [];
          for (let j = i; j < Math.min(count, i + 500); j++) {
            // Rows share files; a gallery holds each asset once, so each row gets its own asset of the same files.
            const sha256 = `${String(j).padStart(8, '0')}${svc!.id.toString(16).padStart(8, '0')}`.padEnd(64, 'a');
            const asset = await upsertAsset(tx, { ...images[j % images.length]!, sha256 }, null);
            const label = `IMG_${String(j).padStart(5, '0')}`;
            batch.push({ galleryId: gallery!.id, name: `${label}.jpg`, title: label, assetId: asset.id, position: j });
          }
          return batch;
        });
        await database.db.insert(galleryPhotos).values(rows);
      }
    }
  } finally {
    await database.close();
  }
}

async function measure(browser: Browser, url: string, session: string, galleryName: string): Promise<Measure> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1366, height: 900 } });
  await context.addInitScript((s) => localStorage.setItem('user', s), session);
  const page = await context.newPage();
  // Warm the bundle cache, as an admin coming from another screen has it.
  await page.goto('/admin-account/dashboard');
  await page.waitForLoadState('networkidle');
  // Checked every frame: when the first tile is in the DOM, and when the first image has been decoded.
  // (A string, so the bundler's helpers never reach the page.)
  await page.evaluate(`(() => {
    const b = (window.__bench = { start: performance.now(), firstTile: 0, firstImage: 0 });
    const tick = () => {
      if (!b.firstTile && document.querySelector('[data-testid="photo-tile"]')) b.firstTile = performance.now();
      const imgs = document.querySelectorAll('[data-testid="photo-tile"] img');
      if (!b.firstImage && Array.from(imgs).some((i) => i.complete && i.naturalWidth > 0)) b.firstImage = performance.now();
      if (!b.firstImage) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  // Client-side navigation, as a click on a card does (the page and its data load now).
  await page.evaluate((q) => {
    window.history.pushState({}, '', `/admin-account/view-gallery?service=${encodeURIComponent(q)}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, galleryName);
  await page
    .waitForFunction(() => (window as unknown as { __bench: { firstImage: number } }).__bench.firstImage > 0, null, {
      timeout: Number(process.env.BENCH_TIMEOUT ?? 60_000),
    })
    .catch(async (err: unknown) => {
      await page.screenshot({ path: path.join(os.tmpdir(), 'darkroom-bench-view-failure.png') });
      console.log('state', await page.evaluate(() => JSON.stringify((window as unknown as { __bench: unknown }).__bench)), page.url());
      throw err;
    });
  const timing = await page.evaluate(
    () => (window as unknown as { __bench: { start: number; firstTile: number; firstImage: number } }).__bench,
  );
  await page.waitForTimeout(300);
  const counts = () =>
    page.evaluate(() => ({
      nodes: document.getElementsByTagName('*').length,
      tiles: document.querySelectorAll('[data-testid="photo-tile"]').length,
    }));
  const first = await counts();

  // Scroll at a brisk, fixed speed (40 px a frame, 2,400 px/s at 60 fps) and time the frames.
  const frames = await page.evaluate(async () => {
    const times: number[] = [];
    let last = performance.now();
    const max = document.documentElement.scrollHeight - window.innerHeight;
    for (let i = 0; i < 100; i++) {
      window.scrollTo(0, Math.min(max, 40 * (i + 1)));
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    return times.sort((a, b) => a - b);
  });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await page.waitForTimeout(300);
  const scrolled = await counts();
  await context.close();
  return {
    firstTileMs: timing.firstTile - timing.start,
    firstImageMs: timing.firstImage - timing.start,
    domNodes: first.nodes,
    tiles: first.tiles,
    domNodesScrolled: scrolled.nodes,
    frameP95: frames[Math.floor(frames.length * 0.95)]!,
    frameMax: frames[frames.length - 1]!,
  };
}

export async function runViewGallery(): Promise<{ big: Measure; small: Measure }> {
  const bigCount = envInt('BENCH_GALLERY', 5000);
  const smallCount = envInt('BENCH_BASELINE', 100);
  const runs = envInt('BENCH_RUNS', 3);
  console.log(`\n== /view-gallery: ${bigCount} photos vs a baseline of ${smallCount}, median of ${runs} runs ==`);
  const dist = adminDist();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-view-'));
  const names = { big: `Gallery of ${bigCount}`, small: `Gallery of ${smallCount}` };
  await seed(dataDir, { [names.big]: bigCount, [names.small]: smallCount });
  const server = await startServer({ dataDir, env: { ADMIN_DIST: dist } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const login = await fetch(`${server.url}/accounts/auth-admin/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const s = (await login.json()) as { userDetails: unknown; authToken: string; maxTimeOut: number };
    const session = JSON.stringify({ isLoggedIn: true, userDetail: s.userDetails, authToken: s.authToken, maxTimeOut: s.maxTimeOut });
    const listBytes = async (name: string) => {
      const look = await fetch(`${server.url}/adminportal/galleries/lookup/?type=service&name=${encodeURIComponent(name)}`, {
        headers: { authorization: `Token ${s.authToken}` },
      });
      const { id } = (await look.json()) as { id: number };
      const get = (encoding: string) =>
        fetch(`${server.url}/adminportal/service-galleries/${id}/`, {
          headers: { authorization: `Token ${s.authToken}`, 'accept-encoding': encoding },
        });
      const raw = (await (await get('identity')).arrayBuffer()).byteLength;
      const wire = Number((await get('gzip')).headers.get('content-length') ?? raw);
      return { raw, wire };
    };

    const results: Record<'big' | 'small', Measure[]> = { big: [], small: [] };
    for (let r = 0; r < runs; r++) {
      results.small.push(await measure(browser, server.url, session, names.small));
      results.big.push(await measure(browser, server.url, session, names.big));
    }
    const pick = (k: 'big' | 'small'): Measure => {
      const m = results[k];
      return {
        firstTileMs: median(m.map((x) => x.firstTileMs)),
        firstImageMs: median(m.map((x) => x.firstImageMs)),
        domNodes: median(m.map((x) => x.domNodes)),
        tiles: median(m.map((x) => x.tiles)),
        domNodesScrolled: median(m.map((x) => x.domNodesScrolled)),
        frameP95: median(m.map((x) => x.frameP95)),
        frameMax: median(m.map((x) => x.frameMax)),
      };
    };
    const big = pick('big');
    const small = pick('small');
    const ratio = (a: number, b: number) => `x${fmt(a / b)}`;
    const [bigBytes, smallBytes] = [await listBytes(names.big), await listBytes(names.small)];
    printTable(`/view-gallery results (${bigCount} vs ${smallCount} photos)`, [
      [
        'time to first tiles',
        `${fmt(big.firstTileMs, 0)} ms vs ${fmt(small.firstTileMs, 0)} ms  (${ratio(big.firstTileMs, small.firstTileMs)})`,
      ],
      [
        'time to first image drawn',
        `${fmt(big.firstImageMs, 0)} ms vs ${fmt(small.firstImageMs, 0)} ms  (${ratio(big.firstImageMs, small.firstImageMs)})`,
      ],
      ['DOM nodes (top of gallery)', `${big.domNodes} vs ${small.domNodes}  (${ratio(big.domNodes, small.domNodes)})`],
      ['DOM nodes (scrolled to middle)', `${big.domNodesScrolled} vs ${small.domNodesScrolled}`],
      ['tiles in the DOM', `${big.tiles} of ${bigCount} vs ${small.tiles} of ${smallCount}`],
      ['frame time while scrolling, p95', `${fmt(big.frameP95, 1)} ms vs ${fmt(small.frameP95, 1)} ms`],
      ['frame time while scrolling, max', `${fmt(big.frameMax, 1)} ms vs ${fmt(small.frameMax, 1)} ms`],
      ['list response size (JSON)', `${fmt(bigBytes.raw / 1048576, 2)} MB vs ${fmt(smallBytes.raw / 1024, 0)} KB`],
      ['list response on the wire (gzip)', `${fmt(bigBytes.wire / 1048576, 2)} MB vs ${fmt(smallBytes.wire / 1024, 0)} KB`],
    ]);
    return { big, small };
  } finally {
    await browser.close();
    await server.stop();
    if (!process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
    else console.log('  kept', dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runViewGallery();
}
