import type { AppContext } from './context';
import { pruneActivity } from './features/activity/activity.service';
import { resumeDerivation } from './features/galleries/galleries.service';
import { queueWatermarks } from './features/watermark/watermark.service';
import type { JobQueue } from './jobs/queue';
import { sweepResumable, sweepStoredResumable } from './media/resumable';
import { isObjectStorage } from './media/storage';
import { sweepSpool } from './media/spool';

/** When the upkeep jobs run (cron, server time): once per match for the whole deployment. */
const SWEEP_CRON = '*/10 * * * *';
const PRUNE_CRON = '15 */6 * * *';

/**
 * Media nobody references, older than the grace period: assets no row points at (a crash
 * between a write and its collection), then files no asset names (a crash between storing
 * files and recording them). Younger ones may belong to an upload still under way.
 */
export async function sweepMedia(ctx: AppContext): Promise<{ assets: number; files: number }> {
  const before = new Date(Date.now() - ctx.config.mediaSweepGraceMs);
  const assets = await ctx.assets.collectUnreferenced(before);
  const files = (await ctx.assets.sweepFiles(before)) + (await ctx.storage.removeIncomplete(before));
  return { assets, files };
}

/**
 * At start-up, this process's spool and those of dead processes; later, files kept longer than
 * any request lasts, and resumable uploads untouched past UPLOAD_RESUME_EXPIRY_HOURS.
 */
export async function sweepSpoolFiles(ctx: AppContext, atStart: boolean): Promise<void> {
  const spool = await sweepSpool(atStart ? undefined : ctx.config.requestTimeoutMs * 2);
  if (spool) ctx.log.info(`removed ${spool} upload spool file(s) left behind`);
  // Expired ones only, at start-up too: a host the scheduled job never runs on still gets swept.
  let resumable = await sweepResumable(ctx.config.resumableExpiryMs);
  if (isObjectStorage(ctx.storage)) resumable += await sweepStoredResumable(ctx.storage, ctx.config.resumableExpiryMs);
  if (resumable) ctx.log.info(`removed ${resumable} abandoned resumable upload(s)`);
}

async function sweepMediaLogged(ctx: AppContext): Promise<void> {
  // Photos left processing without a job (a process killed between the two) are queued again.
  await resumeDerivation(ctx);
  // Watermarked copies still missing (a job that failed for good, a process killed) are queued again.
  await queueWatermarks(ctx);
  const media = await sweepMedia(ctx);
  if (media.assets || media.files) {
    ctx.log.info(`removed ${media.assets} unreferenced media asset(s) and ${media.files} unreferenced media file(s)`);
  }
}

/** Drops activity entries past AUDIT_RETENTION_DAYS. */
async function prune(ctx: AppContext): Promise<void> {
  const n = await pruneActivity(ctx);
  if (n) ctx.log.info(`pruned ${n} activity entries older than ${ctx.config.auditRetentionDays} days`);
}

/**
 * How long after start-up the first media sweep and pruning wait: they are queries on the one
 * embedded database connection, and the first requests (a load balancer's health check, the
 * first visitors) should not queue behind them.
 */
const FIRST_HOUSEKEEPING_AFTER_MS = 1_000;

/**
 * Upkeep as scheduled jobs, run by whichever process takes them. The spool is a folder of the
 * host's temporary directory: the job sweeps the spools of the host it runs on (every process of
 * it); a process on another host sweeps its own at start-up.
 */
export function defineUpkeepJobs(jobs: JobQueue): void {
  const upkeep = { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 30 * 60 };
  jobs.define({ name: 'spool-sweep', cron: SWEEP_CRON, ...upkeep, run: (ctx) => sweepSpoolFiles(ctx, false) });
  jobs.define({ name: 'media-sweep', cron: SWEEP_CRON, ...upkeep, run: sweepMediaLogged });
  jobs.define({ name: 'activity-prune', cron: PRUNE_CRON, ...upkeep, run: prune });
}

/**
 * Housekeeping of a server process's start: what a crash left behind (spool files, media files
 * and assets no record references) is removed and old activity entries are pruned. Later sweeps
 * are the scheduled upkeep jobs above.
 */
export async function startMaintenance(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  // Before the server takes a request: no spool file is a live upload's yet.
  await sweepSpoolFiles(ctx, true);
  // The rest runs a moment after the server starts answering: it removes only what is older
  // than the grace period, as the upkeep jobs do, so no request needs it done first.
  let first: Promise<void> | undefined;
  const runFirst = () =>
    (first ??= (async () => {
      await sweepMediaLogged(ctx);
      await prune(ctx);
    })().catch((err: unknown) => ctx.log.warn({ err }, 'start-up housekeeping failed')));
  const timer = setTimeout(runFirst, FIRST_HOUSEKEEPING_AFTER_MS);
  timer.unref();
  return {
    /** The start-up housekeeping is finished first, or done now if it has not begun, so every start cleans up once. */
    async stop() {
      clearTimeout(timer);
      await runFirst();
    },
  };
}
