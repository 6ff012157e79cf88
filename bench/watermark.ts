/**
 * Watermark benchmark (`npm run bench -- watermark`), two figures with their baselines:
 * - Re-deriving the watermarked preview widths of a gallery's photos (decode, stamp, cut every
 *   width) against deriving their plain files (`deriveStored`), the same photos, in alternating
 *   batches under the same image limit (UPLOAD_CONCURRENCY, default 2). Goal: within 1.2x.
 * - A real server with a watermarked client gallery of those photos, its copies made with one
 *   watermark: the watermark is changed (`PUT .../watermark/`) and the customer's first page (the
 *   first DELIVERY_PAGE_SIZE previews) is polled until every one of them carries the new one.
 *   Goal: within 5 s. The time until the whole gallery is done is printed too.
 *
 * Scale: BENCH_WATERMARK_PHOTOS (the gallery, default 500), BENCH_WATERMARK_TIMED (distinct
 * photos derived both ways and timed, default 100; the gallery's assets share their files, as
 * in delivery-page.ts), BENCH_WATERMARK_WIDTH x BENCH_WATERMARK_HEIGHT (default 1600 x 1067),
 * BENCH_WATERMARK_BATCH (default 20), BENCH_WATERMARK_WAIT_ALL=1 to time the whole gallery too.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DELIVERY_PAGE_SIZE } from '../apps/site/src/model';
import { openDatabase } from '../apps/server/src/db/client';
import { clientGalleries, galleries, galleryPhotos, studioWatermark } from '../apps/server/src/db/schema';
import { upsertAsset } from '../apps/server/src/media/assets.repository';
import { deriveStored, storeOriginal } from '../apps/server/src/media/image-pipeline';
import { createLimiter } from '../apps/server/src/media/limiter';
import { diskStorage as localMedia } from '../apps/server/src/media/storage';
import type { StoredImage } from '../apps/server/src/media/stored-image';
import { deriveWatermarked, watermarkSig, type WatermarkSpec } from '../apps/server/src/media/watermark';
import { envInt, fmt, makePhotos, printTable, startServer } from './lib';

const FIRST = { text: '© Darkroom Studio', position: 'bottom-right', size: 30, opacity: 60 } as const;
const SECOND = { text: 'PROOF', position: 'center', size: 50, opacity: 40 } as const;
const specOf = (w: typeof FIRST | typeof SECOND): WatermarkSpec => ({
  ...w,
  logo: null,
  sig: watermarkSig({ text: w.text, logoSha: null, position: w.position, size: w.size, opacity: w.opacity }),
});

export async function runWatermark(): Promise<{ ratio: number; firstPage: number }> {
  const count = envInt('BENCH_WATERMARK_PHOTOS', 500);
  const timed = Math.min(count, envInt('BENCH_WATERMARK_TIMED', 100));
  const width = envInt('BENCH_WATERMARK_WIDTH', 1600);
  const height = envInt('BENCH_WATERMARK_HEIGHT', 1067);
  const batch = envInt('BENCH_WATERMARK_BATCH', 20);
  const concurrency = envInt('UPLOAD_CONCURRENCY', 2);
  console.log(`\n== Watermark: a gallery of ${count} photos (${timed} distinct) of ${width} x ${height}, ${concurrency} at a time ==`);
  const files = await makePhotos(timed, width, height);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-bench-watermark-'));
  const storage = localMedia(path.join(dataDir, 'media'));
  const limit = createLimiter(concurrency);
  try {
    // The originals, as an upload keeps them (not timed).
    const originals: StoredImage[] = [];
    for (const file of files) {
      originals.push(
        await storeOriginal(
          storage,
          { field: 'x', filename: path.basename(file), mimetype: 'image/jpeg', path: file, bytes: fs.statSync(file).size },
          { field: 'x', use: 'galleryPhoto' },
        ),
      );
    }
    const spec = specOf(FIRST);
    const derived: StoredImage[] = new Array(timed);
    let plainMs = 0;
    let markedMs = 0;
    // Alternating batches: other load on the machine weighs on both alike.
    for (let i = 0; i < timed; i += batch) {
      const slice = originals.slice(i, i + batch);
      let t0 = performance.now();
      await Promise.all(slice.map((img, j) => limit(async () => (derived[i + j] = await deriveStored(storage, img)))));
      plainMs += performance.now() - t0;
      t0 = performance.now();
      await Promise.all(
        slice.map((img, j) =>
          limit(async () => {
            derived[i + j] = { ...derived[i + j]!, watermarked: await deriveWatermarked(storage, img.original, spec) };
          }),
        ),
      );
      markedMs += performance.now() - t0;
    }
    const ratio = markedMs / plainMs;
    printTable('Deriving a gallery: plain files (baseline) and watermarked copies, alternating batches', [
      ['plain (deriveStored)', `${fmt(plainMs / 1000, 1)} s, ${fmt(plainMs / timed, 0)} ms a photo`],
      ['watermarked (deriveWatermarked)', `${fmt(markedMs / 1000, 1)} s, ${fmt(markedMs / timed, 0)} ms a photo`],
      ['ratio', `${fmt(ratio)}x (goal <= 1.2x)`],
    ]);

    // The gallery on a real server, its copies made with the first watermark.
    const token = randomBytes(32).toString('base64url');
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const assetIds: number[] = [];
      // Each photo its own asset (its own job), the files shared by every `timed`-th one.
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < count; i++) {
          const sha256 = `${String(i).padStart(8, '0')}watermark`.padEnd(64, 'c');
          assetIds.push((await upsertAsset(tx, { ...derived[i % timed]!, sha256 }, null)).id);
        }
      });
      const [gallery] = await database.db
        .insert(clientGalleries)
        .values({ title: 'Watermarked', coverAssetId: assetIds[0]!, status: true, deliveryToken: token, watermark: true })
        .returning();
      const [parent] = await database.db.insert(galleries).values({ clientGalleryId: gallery!.id }).returning();
      await database.db
        .insert(galleryPhotos)
        .values(assetIds.map((assetId, i) => ({ galleryId: parent!.id, name: `IMG_${i}.jpg`, assetId, position: i })));
      await database.db.insert(studioWatermark).values({ id: 1, ...FIRST });
    } finally {
      await database.close();
    }
    const server = await startServer({ dataDir, env: { UPLOAD_CONCURRENCY: String(concurrency) } });
    try {
      const site = `${server.url}/site/galleries/${token}/`;
      const firstPage = async () =>
        ((await (await fetch(site)).json()) as { photos: { url: string }[] }).photos.slice(0, DELIVERY_PAGE_SIZE);
      const etags = async (urls: string[]) =>
        Promise.all(urls.map(async (u) => (await fetch(server.url + u, { method: 'HEAD' })).headers.get('etag')));
      const page = (await firstPage()).map((p) => p.url);
      if (page.length < Math.min(DELIVERY_PAGE_SIZE, count)) throw new Error(`the first page shows ${page.length} photos`);
      const before = await etags(page);
      const form = new FormData();
      for (const [k, v] of Object.entries(SECOND)) form.append(k, String(v));
      const t0 = performance.now();
      const put = await fetch(`${server.url}/adminportal/site-settings/watermark/`, {
        method: 'PUT',
        headers: { authorization: `Token ${server.token}` },
        body: form,
      });
      if (!put.ok) throw new Error(`watermark save failed: ${put.status} ${await put.text()}`);
      const answered = performance.now() - t0;
      // Only the previews not changed yet are asked again, every 250 ms: the poll itself must not
      // load the one PGlite connection the jobs need.
      let ready = 0;
      const waiting = new Set(page.map((_, i) => i));
      for (;;) {
        const left = [...waiting];
        const now = await etags(left.map((i) => page[i]!));
        left.forEach((i, k) => now[k] && now[k] !== before[i] && waiting.delete(i));
        if (!waiting.size) {
          ready = performance.now() - t0;
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      let all = 0;
      const status = async () =>
        (
          (await (
            await fetch(`${server.url}/adminportal/site-settings/watermark/`, { headers: { authorization: `Token ${server.token}` } })
          ).json()) as { pending: number }
        ).pending;
      const pendingAtFirstPage = await status();
      while (process.env.BENCH_WATERMARK_WAIT_ALL === '1') {
        if ((await status()) === 0) {
          all = performance.now() - t0;
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      printTable(`A changed watermark on a gallery of ${count} photos (real server, ${concurrency} image workers)`, [
        ['PUT answered (jobs queued)', `${fmt(answered, 0)} ms`],
        [`first page (${page.length} previews) watermarked anew`, `${fmt(ready / 1000, 2)} s (goal < 5 s)`],
        all
          ? ['whole gallery', `${fmt(all / 1000, 1)} s`]
          : [
              'whole gallery',
              `${pendingAtFirstPage} of ${count} still waiting when the first page was ready (BENCH_WATERMARK_WAIT_ALL=1 times it)`,
            ],
      ]);
      return { ratio, firstPage: ready };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runWatermark();
