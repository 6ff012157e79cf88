import type { AppContext } from './context';
import { pruneActivity } from './features/activity/activity.service';
import { sweepSpool } from './media/spool';

const HOUR = 3_600_000;

/**
 * Housekeeping of a server process: at start-up, spool files left by a crash are removed; then,
 * on timers, spool files older than any request may last, and activity entries past their
 * retention period.
 */
export async function startMaintenance(ctx: AppContext): Promise<{ stop(): void }> {
  const removed = await sweepSpool();
  if (removed) ctx.log.info(`removed ${removed} upload spool file(s) left behind`);
  const prune = () =>
    pruneActivity(ctx)
      .then((n) => n && ctx.log.info(`pruned ${n} activity entries past ${ctx.config.auditRetentionDays} days`))
      .catch((err: unknown) => ctx.log.warn({ err }, 'activity pruning failed'));
  await prune();
  const timers = [
    setInterval(() => {
      sweepSpool(ctx.config.requestTimeoutMs * 2).catch((err: unknown) => ctx.log.warn({ err }, 'spool sweep failed'));
    }, 10 * 60_000),
    setInterval(() => void prune(), 6 * HOUR),
  ];
  for (const t of timers) t.unref();
  return { stop: () => timers.forEach(clearInterval) };
}
