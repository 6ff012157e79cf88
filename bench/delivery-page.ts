/**
 * The customer's gallery page benchmark (`npm run bench -- delivery-page`): a client gallery of
 * 2,000 photos behind its private link `/g/<token>/`, on a real server.
 * - The page's HTML: size (plain, brotli) and response time, first (rendered) and cached; the
 *   cached page's requests per second against bare Fastify sending the same bytes (goal >= 60%).
 * - Real Chromium on a phone (375x812): time from navigation to the first photo drawn, and
 *   scrolling to the end: every photo reaches the page (the rest come from the gallery's JSON).
 * - Lighthouse (mobile preset, default throttling) on the open page and on a locked one (its
 *   password form). Goals: performance >= 95, accessibility 100.
 *
 * Scale: BENCH_DELIVERY_PHOTOS (default 2000), BENCH_DELIVERY_SECONDS (each autocannon round,
 * default 5), BENCH_DELIVERY_RPS_ROUNDS (alternating rounds, default 4).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { openDatabase } from '../apps/server/src/db/client';
import { clientGalleries, galleries, galleryPhotos } from '../apps/server/src/db/schema';
import { upsertAsset } from '../apps/server/src/media/assets.repository';
import { processImage } from '../apps/server/src/media/image-pipeline';
import { diskStorage as localMedia } from '../apps/server/src/media/storage';
import type { StoredImage } from '../apps/server/src/media/stored-image';
import { againstBare, envInt, fmt, makePhoto, printTable, rawGet, ROOT, startBareServer, startServer } from './lib';
import { lighthouseOf } from './site';

const token = () => randomBytes(32).toString('base64url');

/** Seeds the database before the server opens it: 40 real processed images shared by the photos' rows. */
async function seed(dataDir: string, photos: number): Promise<{ open: string; locked: string }> {
  const storage = localMedia(path.join(dataDir, 'media'));
  const photoDir = path.join(os.tmpdir(), 'darkroom-bench-photos');
  fs.mkdirSync(photoDir, { recursive: true });
  const images: StoredImage[] = [];
  for (let i = 0; i < 40; i++) {
    const file = await makePhoto(photoDir, 2000 + i, 1500, i % 3 === 0 ? 1000 : 1125);
    images.push(
      await processImage(
        storage,
        { field: 'x', filename: 'x.jpg', mimetype: 'image/jpeg', path: file, bytes: fs.statSync(file).size },
        { field: 'x', use: 'galleryPhoto' },
      ),
    );
  }
  const open = token();
  const locked = token();
  const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const cover = await upsertAsset(database.db, images[0]!, null);
    const [gallery] = await database.db
      .insert(clientGalleries)
      .values({ title: 'Amelia & Noah, 14 June', coverAssetId: cover.id, status: true, deliveryToken: open })
      .returning();
    await database.db.insert(clientGalleries).values({
      title: 'A locked gallery',
      coverAssetId: cover.id,
      status: true,
      deliveryToken: locked,
      deliveryPasswordHash: await hashPassword('bench password'),
    });
    const [parent] = await database.db.insert(galleries).values({ clientGalleryId: gallery!.id }).returning();
    for (let i = 0; i < photos; i += 500) {
      const rows = await database.db.transaction(async (tx) => {
        const batch = [];
        for (let j = i; j < Math.min(photos, i + 500); j++) {
          // A gallery holds each asset once: each row gets its own asset of the same files.
          const sha256 = `${String(j).padStart(8, '0')}delivery`.padEnd(64, 'b');
          const asset = await upsertAsset(tx, { ...images[j % images.length]!, sha256 }, null);
          batch.push({ galleryId: parent!.id, name: `IMG_${String(j).padStart(5, '0')}.jpg`, assetId: asset.id, position: j });
        }
        return batch;
      });
      await database.db.insert(galleryPhotos).values(rows);
    }
  } finally {
    await database.close();
  }
  return { open: `/g/${open}/`, locked: `/g/${locked}/` };
}

export async function runDeliveryPage(): Promise<void> {
  const photos = envInt('BENCH_DELIVERY_PHOTOS', 2000);
  console.log(`\n== The customer's gallery page: ${photos} photos ==`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-delivery-'));
  const pages = await seed(dataDir, photos);
  if (!fs.existsSync(path.join(ROOT, 'apps/site/dist/server/render.js'))) throw new Error('Build the website first: npm run build');
  const server = await startServer({ dataDir });
  try {
    const url = server.url + pages.open;
    const first = await rawGet(url, { 'accept-encoding': 'br' });
    const cached = await rawGet(url, { 'accept-encoding': 'br' });
    const plain = await rawGet(url, {});
    const json = await rawGet(`${server.url}/site/galleries/${pages.open.split('/')[2]}/`, { 'accept-encoding': 'br' });
    printTable(`The page of ${photos} photos (the first photos in the HTML, the rest from the JSON as the customer scrolls)`, [
      ['HTML', `${fmt(plain.body.length / 1024, 1)} KB`],
      [`HTML, ${cached.encoding || 'identity'}`, `${fmt(cached.body.length / 1024, 1)} KB`],
      ['first response (rendered), loopback', `${fmt(first.ms, 0)} ms`],
      ['cached response, loopback', `${fmt(cached.ms, 1)} ms`],
      [`gallery JSON, ${json.encoding || 'identity'}`, `${fmt(json.body.length / 1024, 1)} KB`],
    ]);

    // The cached page against bare Fastify sending the same bytes (goal: >= 60%).
    const file = path.join(os.tmpdir(), 'darkroom-bench-delivery-page.html.br');
    fs.writeFileSync(file, cached.body);
    const bare = await startBareServer(file, cached.encoding);
    try {
      const seconds = envInt('BENCH_DELIVERY_SECONDS', 5);
      const rounds = envInt('BENCH_DELIVERY_RPS_ROUNDS', 4);
      printTable(
        `The cached page, 50 connections, best of ${rounds} alternating ${seconds} s rounds`,
        await againstBare('Darkroom /g/<token>/', { url, pid: server.pid }, bare, {
          seconds,
          rounds,
          headers: { 'accept-encoding': 'br' },
        }),
      );
    } finally {
      await bare.stop();
      fs.rmSync(file, { force: true });
    }

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    });
    try {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // Checked every frame from the start: when the first photo has been decoded. (A string, so no bundler helper reaches the page.)
      await page.addInitScript(`(() => {
        const b = (window.__bench = { firstPhoto: 0 });
        const tick = () => {
          const img = document.querySelector('ul[data-delivery] img');
          if (img && img.complete && img.naturalWidth > 0) b.firstPhoto = performance.now();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })()`);
      await page.goto(url);
      await page.waitForFunction(() => (window as unknown as { __bench: { firstPhoto: number } }).__bench.firstPhoto > 0);
      const firstPhoto = await page.evaluate(() => (window as unknown as { __bench: { firstPhoto: number } }).__bench.firstPhoto);
      const t0 = Date.now();
      let tiles = 0;
      while (Date.now() - t0 < 120_000) {
        tiles = await page.locator('ul[data-delivery] > li').count();
        if (tiles >= photos) break;
        await page.mouse.wheel(0, 4000);
        await page.waitForTimeout(50);
      }
      const scrolled = (Date.now() - t0) / 1000;
      printTable('Chromium, a phone (375x812, DPR 2), loopback', [
        ['first photo drawn', `${fmt(firstPhoto, 0)} ms from navigation (goal < 1000 ms)`],
        ['scrolled to the end', `${tiles} of ${photos} photos on the page after ${fmt(scrolled, 1)} s of scrolling`],
      ]);
      await context.close();
    } finally {
      await browser.close();
    }

    const rows: [string, string][] = [];
    for (const [name, p] of [
      ['open gallery', pages.open],
      ['locked gallery', pages.locked],
    ] as const) {
      const r = await lighthouseOf(server.url + p);
      rows.push([
        name,
        `perf ${r.perf}  a11y ${r.a11y}  best ${r.bp}  LCP ${fmt(r.lcp / 1000, 2)} s  CLS ${fmt(r.cls, 3)}${r.failing.length ? `  failing: ${r.failing.join(', ')}` : ''}`,
      ]);
    }
    printTable('Lighthouse, mobile preset (goals: perf >= 95, a11y 100)', rows);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runDeliveryPage();
