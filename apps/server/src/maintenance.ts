import type { AppContext } from './context';
import { pruneActivity } from './features/activity/activity.service';
import { sweepSpool } from './media/spool';

/** How often the timers sweep media and prune the activity log. */
const SWEEP_EVERY_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 6 * 3_600_000;

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

async function sweep(ctx: AppContext, atStart: boolean): Promise<void> {
  await sweepSpoolFiles(ctx, atStart);
  await sweepMediaLogged(ctx);
}

async function sweepSpoolFiles(ctx: AppContext, atStart: boolean): Promise<void> {
  // At start-up, this process's spool and those of dead processes; later, files kept longer than any request lasts.
  const spool = await sweepSpool(atStart ? undefined : ctx.config.requestTimeoutMs * 2);
  if (spool) ctx.log.info(`removed ${spool} upload spool file(s) left behind`);
}

async function sweepMediaLogged(ctx: AppContext): Promise<void> {
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
 * Housekeeping of a server process: at start-up, what a crash left behind (spool files, media
 * files and assets no record references) is removed and old activity entries are pruned; then
 * the same on timers.
 */
export async function startMaintenance(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  // Before the server takes a request: no spool file is a live upload's yet.
  await sweepSpoolFiles(ctx, true);
  // The rest runs a moment after the server starts answering: it removes only what is older
  // than the grace period, as the timers do, so no request needs it done first.
  let first: Promise<void> | undefined;
  const runFirst = () =>
    (first ??= (async () => {
      await sweepMediaLogged(ctx);
      await prune(ctx);
    })().catch((err: unknown) => ctx.log.warn({ err }, 'start-up housekeeping failed')));
  const timers = [
    setTimeout(runFirst, FIRST_HOUSEKEEPING_AFTER_MS),
    setInterval(() => {
      sweep(ctx, false).catch((err: unknown) => ctx.log.warn({ err }, 'media sweep failed'));
    }, SWEEP_EVERY_MS),
    setInterval(() => {
      prune(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'activity pruning failed'));
    }, PRUNE_EVERY_MS),
  ];
  for (const t of timers) t.unref();
  return {
    /** Stops the timers; the start-up housekeeping is finished first, or done now if it has not begun, so every start cleans up once. */
    async stop() {
      timers.forEach(clearTimeout);
      await runFirst();
    },
  };
}
