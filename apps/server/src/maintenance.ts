import type { AppContext } from './context';
import { sweepSpool } from './media/spool';

/**
 * Housekeeping of a server process: at start-up, spool files left by a crash are removed; then,
 * on a timer, spool files older than any request may last.
 */
export async function startMaintenance(ctx: AppContext): Promise<{ stop(): void }> {
  const removed = await sweepSpool();
  if (removed) ctx.log.info(`removed ${removed} upload spool file(s) left behind`);
  const timer = setInterval(() => {
    sweepSpool(ctx.config.requestTimeoutMs * 2).catch((err: unknown) => ctx.log.warn({ err }, 'spool sweep failed'));
  }, 10 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
