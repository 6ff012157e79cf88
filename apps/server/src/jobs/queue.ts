import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { systemContext, type AppContext, type AppRuntime } from '../context';
import { sqlExecutor, type Database } from '../db/client';

/** One kind of background work: its queue, how it is retried, and what it does. */
export interface JobSpec<T extends object = object> {
  /** The queue's name (letters, digits, `-`, `_`, `.`, `/`). */
  name: string;
  run(ctx: AppContext, data: T): Promise<void>;
  /** Tries after the first one before the job stays failed (default 5). */
  retryLimit?: number;
  /** The first retry waits this long, each later one about twice as long (default 30 s). */
  retryDelaySeconds?: number;
  /** A try still running after this long counts as failed (a process that died mid-job). */
  expireInSeconds?: number;
  /** Cron (5 fields, server time): the job is queued once per match for the whole deployment. */
  cron?: string;
}

export interface JobQueueOptions {
  /** How often an idle worker asks for work (default 2 s). */
  pollingIntervalSeconds?: number;
  /** How often the schedules are checked (default 30 s; a cron match is noticed within it). */
  cronCheckSeconds?: number;
  /** How long a stop waits for running jobs before returning them to the queue (default 8 s). */
  stopTimeoutMs?: number;
  /** The time zone cron expressions are read in (default: the server's). */
  timeZone?: string;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** Where pg-boss keeps its tables: beside the app's, out of its backups. */
const SCHEMA = 'pgboss';

/**
 * The process's job queue (pg-boss on the app's own database: PGlite or PostgreSQL). Jobs are
 * defined while the runtime is built; `start()` installs the queue's tables, starts this process's
 * workers and the schedules. Every process works every queue; a scheduled job is queued once per
 * cron match however many processes run, and taken by one of them.
 */
export class JobQueue {
  private readonly specs = new Map<string, JobSpec<never>>();
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  /** Settles once the queue has started (or failed to): what `send` waits for. */
  private readonly ready: Promise<void>;
  private settle!: { resolve(): void; reject(err: unknown): void };

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions = {},
  ) {
    this.ready = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    this.ready.catch(() => {});
  }

  define<T extends object>(spec: JobSpec<T>): void {
    if (this.starting) throw new Error(`job ${spec.name} defined after the queue started`);
    this.specs.set(spec.name, spec as JobSpec<never>);
  }

  /** Installs or upgrades the queue's tables, then starts workers and schedules. */
  start(runtime: AppRuntime): Promise<void> {
    if (!this.starting) {
      this.starting = this.open(runtime);
      this.starting.then(this.settle.resolve, this.settle.reject);
    }
    return this.starting;
  }

  private async open(runtime: AppRuntime): Promise<void> {
    // Loaded here: the server answers before the queue starts, so start-up never waits for it.
    const { default: PgBossClass } = await import('pg-boss');
    const boss = new PgBossClass({
      db: sqlExecutor(this.database),
      schema: SCHEMA,
      cronMonitorIntervalSeconds: this.options.cronCheckSeconds ?? 30,
    });
    boss.on('error', (err) => this.log.warn({ err }, 'job queue: background check failed'));
    await boss.start();
    const tz = this.options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const spec of this.specs.values()) {
      const queue: PgBoss.Queue = {
        name: spec.name,
        retryLimit: spec.retryLimit ?? 5,
        retryDelay: spec.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInSeconds: spec.expireInSeconds ?? 15 * 60,
        // One try of a scheduled job at a time, even when a run outlasts its interval.
        policy: spec.cron ? 'singleton' : 'standard',
      };
      await boss.createQueue(spec.name, queue);
      // An existing queue keeps its first options unless told: a new release may change them.
      await boss.updateQueue(spec.name, queue);
      if (spec.cron) await boss.schedule(spec.name, spec.cron, {}, { tz });
      else await boss.unschedule(spec.name);
      const ctx = systemContext(runtime, `job:${spec.name}`);
      await boss.work<object>(spec.name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
        await spec.run(ctx, job.data as never);
      });
    }
    this.boss = boss;
  }

  /** Queues a job; before the queue has started, waits for it. Returns the job's id. */
  async send(name: string, data: object, options: { singletonKey?: string } = {}): Promise<string> {
    if (!this.specs.has(name)) throw new Error(`no job named ${name}`);
    const boss = await this.running();
    const id = await boss.send(name, data, options);
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  /** A job's state and, once it failed, its error (`output.message`). */
  async get(name: string, id: string): Promise<{ state: JobState; retryCount: number; output: unknown } | null> {
    const boss = await this.running();
    const job = await boss.getJobById(name, id, { includeArchive: true });
    return job && { state: job.state, retryCount: job.retryCount, output: job.output };
  }

  /** The schedules of the deployment: queue name and cron. */
  async schedules(): Promise<{ name: string; cron: string }[]> {
    const boss = await this.running();
    return (await boss.getSchedules()).map(({ name, cron }) => ({ name, cron }));
  }

  private async running(): Promise<PgBoss> {
    await this.ready;
    if (!this.boss) throw new Error('the job queue has stopped');
    return this.boss;
  }

  /**
   * Stops taking work and waits for the running jobs to finish; one still running after the stop
   * timeout is marked failed, so it is tried again (by another process or after the restart).
   */
  async stop(): Promise<void> {
    if (!this.starting) return;
    await this.starting.catch(() => {});
    await this.boss?.stop({ graceful: true, wait: true, timeout: this.options.stopTimeoutMs ?? 8_000 });
    this.boss = null;
  }
}
