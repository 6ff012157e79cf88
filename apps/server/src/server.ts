import { buildAppOn } from './app';
import { ensureFirstAdmin } from './features/people/first-admin';
import type { Config } from './config';
import { systemContext } from './context';
import { startMaintenance } from './maintenance';
import { openRuntime } from './runtime';

/** The server process after its first steps (main.ts): runtime, routes, first admin, housekeeping, listen. */
export async function startServer(config: Config): Promise<void> {
  const runtime = await openRuntime({ config });
  const app = await buildAppOn(runtime);
  await ensureFirstAdmin(systemContext(runtime, 'start-up'));
  const maintenance = await startMaintenance(systemContext(runtime, 'maintenance'));

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await maintenance.stop();
    await app.close();
    // PGlite closes its database cleanly here (a checkpoint), so the next start needs no recovery.
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Darkroom portal: http://localhost:${config.port}/admin-account/ (database: ${runtime.database.kind}, ready in ${Math.round(performance.now())} ms)`,
  );
}
