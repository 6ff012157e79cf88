import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { AppRuntime } from './context';
import { openConfiguredDatabase, type Database } from './db/client';
import { createLogger } from './lib/log';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { ResponseCache } from './lib/response-cache';
import { SessionCache } from './auth/sessions';
import { defineJobs } from './jobs/definitions';
import { JobQueue, type JobQueueOptions } from './jobs/queue';
import { createMailer, type Mailer } from './mail/mailer';
import { Assets } from './media/assets';
import type { MediaStorage } from './media/storage';
import type { StoredImage } from './media/stored-image';
import { openMediaStorage } from './media/open-storage';
import { DerivationProcess } from './media/derive-process';
import { DeliveryService } from './features/delivery/delivery.service';
import { SiteRenderer } from './features/site/site-renderer';

export interface RuntimeParts {
  config: Config;
  /** An open database; opened from the configuration when left out. */
  database?: Database;
  storage?: MediaStorage;
  mailer?: Mailer;
  limiter?: RateLimiter;
  log?: FastifyBaseLogger;
  /** Tests shorten the queue's polling and schedule checks. */
  jobs?: JobQueueOptions;
}

/**
 * Builds what a process needs, once: database, media storage, mailer, response cache, rate-limit
 * store and logger. The server, the CLI and the tests all start from here.
 */
export async function openRuntime(parts: RuntimeParts): Promise<AppRuntime & { close(): Promise<void> }> {
  const { config } = parts;
  const log = parts.log ?? createLogger(config.logLevel, { format: config.logFormat });
  // First: a bucket that does not answer stops the start before anything else is opened.
  const storage = parts.storage ?? (await openMediaStorage(config));
  const database = parts.database ?? (await openConfiguredDatabase(config));
  const limiter = parts.limiter ?? (config.redisUrl ? redisRateLimiter(config.redisUrl) : memoryRateLimiter());
  const cache = new ResponseCache(database, {
    maxAgeMs: 60_000,
    maxEntries: 5_000,
    onError: (err) => log.error({ err }, 'cache invalidations: the listening connection failed; reconnecting'),
  });
  await cache.start();
  const sessions = new SessionCache(database);
  await sessions.start();
  const mailer = parts.mailer ?? createMailer(config, log);
  // A storage handed in (tests) cannot be opened again by the child: derived in this process then.
  const derivation =
    config.deriveProcess && !parts.storage ? new DerivationProcess({ s3: config.s3, mediaDir: config.mediaDir }, log) : null;
  const runtime: AppRuntime = {
    config,
    database,
    db: database.db,
    storage,
    assets: new Assets({
      db: database.db,
      storage,
      log,
      concurrency: config.uploadConcurrency,
      redirectOriginals: config.s3RedirectOriginals,
      secret: config.deliverySecret,
      ...(derivation ? { derive: (img: StoredImage) => derivation.derive(img) } : {}),
    }),
    mailer,
    jobs: defineJobs(new JobQueue(database, log, parts.jobs), config),
    cache,
    sessions,
    limiter,
    log,
    site: new SiteRenderer(config.siteDist),
    delivery: new DeliveryService(),
  };
  return {
    ...runtime,
    /** Closes what this runtime opened (a database handed in is the caller's to close). */
    async close() {
      await runtime.jobs.stop();
      await derivation?.close();
      await cache.stop();
      await sessions.stop();
      mailer.close();
      if (!parts.limiter) await limiter.close();
      if (!parts.database) await database.close();
    },
  };
}
