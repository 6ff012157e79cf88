import { buildApp } from './app';
import { ensureFirstAdmin } from './auth/bootstrap';
import { loadConfig } from './config';
import { openRuntime } from './runtime';

const config = loadConfig();
const { database, limiter } = await openRuntime(config);
const app = await buildApp({ config, database, limiter });
await ensureFirstAdmin(database.db, config, app.log);

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await limiter.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Darkroom portal: http://localhost:${config.port}/admin-account/ (database: ${database.kind})`);
