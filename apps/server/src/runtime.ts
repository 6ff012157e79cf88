import path from 'node:path';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './lib/rate-limiter';

/** Opens what a process needs from its configuration: the database and the rate-limit store. */
export async function openRuntime(config: Config): Promise<{ database: Database; limiter: RateLimiter }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const limiter = config.redisUrl ? redisRateLimiter(config.redisUrl) : memoryRateLimiter();
  return { database, limiter };
}
