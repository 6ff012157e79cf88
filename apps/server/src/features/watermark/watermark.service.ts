import { DEFAULT_WATERMARK, DELIVERY_PAGE_SIZE, originalUrl, type Watermark, type WatermarkPosition } from '@darkroom/contracts';
import { z } from 'zod';
import { actorId, type AppContext } from '../../context';
import type { UploadedFile } from '../../http/read-body';
import type { JobQueue } from '../../jobs/queue';
import { ValidationError } from '../../lib/errors';
import type { WatermarkSettings } from '../../media/assets';
import type { StoredImage } from '../../media/stored-image';
import { watermarkSig } from '../../media/watermark';
import { watermarkInputSchema } from '@darkroom/contracts';
import * as repo from './watermark.repository';

/**
 * The studio's watermark and the watermarked copies of client galleries' photos. A copy is made
 * by the `watermark-photo` job (one per asset, keyed), queued when a gallery turns its watermark
 * on, when the watermark changes and when a photo of a watermarked gallery is derived. A photo
 * is shown to the customer of a watermarked gallery once it has a watermarked copy (of the new
 * watermark or, while that one is made, of the one before): never without one.
 */

const WATERMARK_JOB = 'watermark-photo';
/** The first page's partial copies are taken before any whole one. */
const FIRST_PASS = 1;
/** Dropped when a watermarked copy is made: the customer's pages show one more photo. */
const DELIVERY_TAG = 'delivery';

const NO_MARK = 'Enter a text or choose a PNG logo';

type WatermarkData = z.output<typeof watermarkInputSchema>;

/** The saved watermark as media draws it, or null when none was saved (or it has neither text nor logo). */
export async function watermarkSettings(ctx: AppContext): Promise<WatermarkSettings | null> {
  const row = await repo.findWatermark(ctx.db);
  if (!row || (!row.text.trim() && row.logoAssetId === null)) return null;
  return {
    sig: watermarkSig({ text: row.text, logoSha: row.logoSha, position: row.position, size: row.size, opacity: row.opacity }),
    text: row.text,
    logoAssetId: row.logoAssetId,
    position: row.position as WatermarkPosition,
    size: row.size,
    opacity: row.opacity,
  };
}

/** `GET .../watermark/`: the settings, the logo's admin-only address and how many copies wait. */
export async function getWatermark(ctx: AppContext): Promise<Watermark> {
  const row = await repo.findWatermark(ctx.db);
  const settings = await watermarkSettings(ctx);
  const pending = settings ? await repo.countMissingWatermark(ctx.db, settings.sig) : 0;
  if (!row) return { ...DEFAULT_WATERMARK, pending };
  return {
    text: row.text,
    logo: row.logoSha ? originalUrl(row.logoSha) : null,
    position: row.position as WatermarkPosition,
    size: row.size,
    opacity: row.opacity,
    pending,
  };
}

/**
 * `PUT .../watermark/`: replaces the watermark (a new logo replaces the old, which is collected
 * if nothing else uses it) and queues the copies every watermarked gallery now needs.
 */
export async function updateWatermark(ctx: AppContext, data: WatermarkData, file: UploadedFile | undefined): Promise<Watermark> {
  const logo: StoredImage | null = file
    ? await ctx.assets.ingestLogo(file, { field: 'logo', use: 'watermarkLogo', sha256: file.sha256 })
    : null;
  let released: number | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await repo.lockWatermark(tx);
      const logoAssetId = logo ? await ctx.assets.record(tx, logo, actorId(ctx)) : data.remove_logo ? null : (before?.logoAssetId ?? null);
      if (!data.text && logoAssetId === null) throw ValidationError.field('text', NO_MARK);
      await repo.saveWatermark(tx, { text: data.text, logoAssetId, position: data.position, size: data.size, opacity: data.opacity });
      if (before?.logoAssetId && before.logoAssetId !== logoAssetId) released = before.logoAssetId;
    });
  } catch (err) {
    if (logo) await ctx.assets.discard([logo]);
    throw err;
  }
  if (released !== null) await ctx.assets.release([released]);
  await queueWatermarks(ctx);
  return getWatermark(ctx);
}

/** Whether a gallery may turn its watermark on: a watermark must be saved first. */
export async function requireWatermark(ctx: AppContext): Promise<void> {
  if (!(await watermarkSettings(ctx))) throw ValidationError.field('watermark', 'Save a watermark in Site settings first');
}

/**
 * Queues the watermarked copies missing from every watermarked gallery (or from one). The photos
 * of each gallery's first page go first, in the grid's width only (a partial copy: a changed
 * gallery's page shows the new mark sooner), then the covers whole; then every photo in the
 * gallery's order, whole. Meanwhile the previous watermark's copies are shown. Queueing an asset
 * already waiting is a no-op.
 */
export async function queueWatermarks(ctx: AppContext, clientGalleryId?: number): Promise<number> {
  const settings = await watermarkSettings(ctx);
  if (!settings) return 0;
  const ids = await repo.assetsMissingWatermark(ctx.db, settings.sig, DELIVERY_PAGE_SIZE, clientGalleryId);
  for (const assetId of ids.firstPage) await ctx.jobs.sendOnce(WATERMARK_JOB, { assetId, first: true }, `${assetId}:first`, FIRST_PASS);
  for (const assetId of ids.covers) await ctx.jobs.sendOnce(WATERMARK_JOB, { assetId }, String(assetId), FIRST_PASS);
  for (const assetId of ids.all) await ctx.jobs.sendOnce(WATERMARK_JOB, { assetId }, String(assetId));
  return ids.all.length;
}

/** After a photo is derived: its watermarked copy too, when a watermarked gallery holds it. */
export async function queueWatermarkOf(ctx: AppContext, assetId: number): Promise<void> {
  if (await repo.inWatermarkedGallery(ctx.db, assetId)) await ctx.jobs.sendOnce(WATERMARK_JOB, { assetId }, String(assetId));
}

export function defineWatermarkJob(jobs: JobQueue, config: { uploadConcurrency: number }): void {
  jobs.define<{ assetId: number; first?: boolean }>({
    name: WATERMARK_JOB,
    keyed: true,
    workers: config.uploadConcurrency,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 120,
    async run(ctx, { assetId, first }) {
      // Read now, not when queued: a watermark changed meanwhile is the one drawn.
      const settings = await watermarkSettings(ctx);
      if (!settings) return;
      if (await ctx.assets.deriveWatermarked(assetId, settings, { first })) await ctx.cache.invalidate(DELIVERY_TAG);
    },
  });
}

/**
 * Works the queue in this process until every photo of a watermarked gallery has its copy of the
 * current watermark (the bench and tests read what customers see right after a change).
 */
export async function watermarksSettled(ctx: AppContext): Promise<void> {
  await ctx.jobs.start(ctx);
  for (;;) {
    const settings = await watermarkSettings(ctx);
    if (!settings || (await repo.countMissingWatermark(ctx.db, settings.sig)) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
