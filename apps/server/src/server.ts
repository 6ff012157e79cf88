import { buildAppOn } from './app';
import { openControlSocket, type ControlSocket } from './backup/control-socket';
import { ensureFirstAdmin } from './features/people/first-admin';
import { publicUrlWarning, type Config } from './config';
import type { Database } from './db/client';
import { systemContext } from './context';
import { startMaintenance } from './maintenance';
import { openRuntime } from './runtime';
import { BucketUnreachableError } from './media/open-storage';
import { startSummary } from './start-summary';

/** How long after listening the job queue starts its workers. */
const JOBS_START_AFTER_MS = 1_000;

/**
 * The server process after its first steps (main.ts): runtime, routes, first admin,
 * housekeeping, listen. `opening` is the database main.ts began to open; it is closed here.
 */
export async function startServer(config: Config, opening: Promise<Database>): Promise<void> {
  const database = await opening;
  let runtime;
  try {
    runtime = await openRuntime({ config, database });
  } catch (err) {
    await database.close();
    // A bucket that does not answer: its one-line reason, not a stack, and no start.
    if (err instanceof BucketUnreachableError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildAppOn(runtime);
  const newAdmin = await ensureFirstAdmin(systemContext(runtime, 'start-up'));
  const maintenance = await startMaintenance(systemContext(runtime, 'maintenance'));

  let jobsTimer: NodeJS.Timeout | undefined = undefined;
  let control: ControlSocket | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    // Ctrl-C reaches every process of the terminal's group and `npm start` forwards it too: a
    // second signal must not kill the process while PGlite is closing (the next start would then
    // recover the database first).
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    clearTimeout(jobsTimer);
    // A backup asked for by `npm run backup` finishes while the database is still open.
    await control?.close();
    await maintenance.stop();
    // Running jobs finish (or go back to the queue) while the server still has its database.
    await runtime.jobs.stop();
    await app.close();
    await runtime.close();
    // PGlite writes a shutdown checkpoint here, so the next start opens without recovery.
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  control = await openControlSocket(runtime).catch((err: unknown) => {
    app.log.warn({ err }, 'no control socket: npm run backup cannot reach this server');
    return null;
  });
  // A moment after listening, as the start-up housekeeping: checking (or installing) the queue's
  // tables are queries on the one embedded connection, and the first requests should not wait
  // behind them. A job queued meanwhile installs the queue itself.
  jobsTimer = setTimeout(() => {
    runtime.jobs.start(runtime).catch((err: unknown) => app.log.error({ err }, 'the job queue did not start'));
  }, JOBS_START_AFTER_MS);
  jobsTimer.unref();
  const warning = publicUrlWarning(config);
  if (warning) app.log.warn(warning);
  app.log.info(
    `Darkroom listening on port ${config.port} (database: ${runtime.database.kind}, ready in ${Math.round(performance.now())} ms)`,
  );
  // Log lines pass through streams that forward them on a later tick: once they are out, the
  // summary is what a start prints last.
  await new Promise((resolve) => setImmediate(resolve));
  process.stdout.write(startSummary(config, newAdmin));
}
