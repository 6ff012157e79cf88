import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { systemContext, type AppContext, type AppRuntime } from '../context';
import { sqlExecutor, type Database } from '../db/client';

/** One kind of background work: its queue, how it is retried, and what it does. */
export interface JobSpec<T extends object = object> {
  /** The queue's name (letters, digits, `-`, `_`, `.`, `/`). */
  name: string;
  run(ctx: AppContext, data: T, attempt: JobAttempt): Promise<void>;
  /** Tries after the first one before the job stays failed (default 5). */
  retryLimit?: number;
  /** The first retry waits this long, each later one about twice as long (default 30 s). */
  retryDelaySeconds?: number;
  /** A try still running after this long counts as failed (a process that died mid-job). */
  expireInSeconds?: number;
  /** Cron (5 fields, server time): the job is queued once per match for the whole deployment. */
  cron?: string;
  /** How many of these jobs this process runs at once (default 1). */
  workers?: number;
  /** At most one job per key waits and one runs (`sendOnce`): queueing the same work again is a no-op. */
  keyed?: boolean;
}

/** Which try this is: `retryCount` retries came before it, and `last` says no other follows a failure. */
export interface JobAttempt {
  retryCount: number;
  last: boolean;
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
 * defined while the runtime is built; the first `send()` or `start()` installs the queue's tables,
 * queues and schedules, and `start()` adds this process's workers (the server's, after it
 * listens; the CLI and most tests only queue). Every process works every queue; a scheduled job
 * is queued once per cron match however many processes run, and taken by one of them.
 */
export class JobQueue {
  private readonly specs = new Map<string, JobSpec<never>>();
  private stopped = false;
  /** This process's worker of each queue, woken when it queues a job rather than at its next poll. */
  private readonly workers = new Map<string, string[]>();
  private installing: Promise<PgBoss> | null = null;
  private starting: Promise<void> | null = null;
  /** Jobs this process is working, and the queue's statements still running. */
  private readonly runningJobs = new Set<Promise<unknown>>();
  private readonly runningSql = new Set<Promise<unknown>>();
  private working = false;
  /** Stops counting this process among the database's workers. */
  private leaveWorkers: (() => Promise<void>) | null = null;
  /** Set once `stop()` has let the queue's last statements land (see `trackedExecutor`). */
  private drained = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions = {},
  ) {}

  define<T extends object>(spec: JobSpec<T>): void {
    if (this.installing) throw new Error(`job ${spec.name} defined after the queue was installed`);
    this.specs.set(spec.name, spec as JobSpec<never>);
  }

  /**
   * Installs or upgrades the queue's tables and its queues and schedules; the first call does it,
   * later ones wait for it. Sending needs no more; `start()` adds this process's workers.
   */
  install(): Promise<PgBoss> {
    return (this.installing ??= this.open());
  }

  /** Whether this process works jobs yet (its workers start shortly after the server listens). */
  get state(): 'waiting' | 'running' | 'stopped' {
    if (this.stopped) return 'stopped';
    return this.working ? 'running' : 'waiting';
  }

  /** Installs what is missing, then starts this process's workers. */
  start(runtime: AppRuntime): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return (this.starting ??= this.startWorkers(runtime));
  }

  private async open(): Promise<PgBoss> {
    // Loaded here: the server answers before the queue starts, so start-up never waits for it.
    const { default: PgBossClass } = await import('pg-boss');
    const boss = new PgBossClass({
      db: this.trackedExecutor(),
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
        policy: spec.cron ? 'singleton' : spec.keyed ? 'stately' : 'standard',
      };
      await retryOnDeadlock(async () => {
        await boss.createQueue(spec.name, queue);
        // An existing queue keeps its first options unless told: a new release may change them.
        await boss.updateQueue(spec.name, queue);
        if (spec.cron) await boss.schedule(spec.name, spec.cron, {}, { tz });
        else await boss.unschedule(spec.name);
      });
    }
    return boss;
  }

  private async startWorkers(runtime: AppRuntime): Promise<void> {
    const boss = await this.install();
    // With no other worker alive (always so on PGlite), a job still marked running was left by a
    // killed process and goes back to the queue at once rather than after its expiry.
    this.leaveWorkers = await this.database.joinWorkers(() => this.retryOrphans(boss));
    for (const spec of this.specs.values()) {
      const ctx = systemContext(runtime, `job:${spec.name}`);
      const work = { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, includeMetadata: true as const };
      const ids: string[] = [];
      for (let i = 0; i < Math.max(1, spec.workers ?? 1); i++) {
        // Known once `work` answers; a job that ends before that (none in practice) skips the nudge.
        const worker: { id?: string } = {};
        worker.id = await boss.work<object>(spec.name, work, ([job]) =>
          track(
            this.runningJobs,
            spec.run(ctx, job.data as never, { retryCount: job.retryCount, last: job.retryCount >= job.retryLimit }),
          ).finally(() => {
            // A worker that just finished a job asks for the next at once rather than after its
            // polling interval: a gallery's 500 jobs otherwise wait ~2 s each between them.
            if (worker.id) boss.notifyWorker(worker.id);
          }),
        );
        ids.push(worker.id);
      }
      this.workers.set(spec.name, ids);
    }
    this.working = true;
  }

  /** Jobs left running by a killed process (only when no other process can be running them) go back to the queue. */
  private async retryOrphans(boss: PgBoss): Promise<void> {
    const { rows } = await sqlExecutor(this.database).executeSql(`select name, id from ${SCHEMA}.job where state = 'active'`, []);
    const byName = new Map<string, string[]>();
    for (const row of rows as { name: string; id: string }[]) byName.set(row.name, [...(byName.get(row.name) ?? []), row.id]);
    for (const [name, ids] of byName) {
      for (const id of ids) await boss.fail(name, id, { message: 'the process running it stopped' });
      this.log.warn(`job queue: ${ids.length} ${name} job(s) left running by a stopped process go back to the queue`);
    }
  }

  /** Queues a job (installing the queue first if no call did yet). Returns the job's id. */
  async send(name: string, data: object, options: { singletonKey?: string } = {}): Promise<string> {
    const id = await this.queue(name, data, options);
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  /**
   * Queues the work of a `keyed` job unless a job of the same key waits already; its id, or null.
   * A higher `priority` is taken before every lower one waiting (default 0).
   */
  sendOnce(name: string, data: object, key: string, priority?: number): Promise<string | null> {
    if (!this.specs.get(name)?.keyed) throw new Error(`job ${name} is not keyed`);
    return this.queue(name, data, { singletonKey: key, ...(priority ? { priority } : {}) });
  }

  private async queue(name: string, data: object, options: { singletonKey?: string; priority?: number }): Promise<string | null> {
    if (!this.specs.has(name)) throw new Error(`no job named ${name}`);
    const boss = await this.running();
    const id = await boss.send(name, data, options);
    if (id) for (const worker of this.workers.get(name) ?? []) boss.notifyWorker(worker);
    return id;
  }

  /** A job's state and, once it failed, its error (`output.message`). */
  async get(name: string, id: string): Promise<{ state: JobState; retryCount: number; output: unknown } | null> {
    const boss = await this.running();
    const job = await boss.getJobById(name, id, { includeArchive: true });
    return job && { state: job.state, retryCount: job.retryCount, output: job.output };
  }

  /** How many jobs of a queue are waiting, running or waiting for a retry. */
  async unfinished(name: string): Promise<number> {
    const boss = await this.running();
    return boss.getQueueSize(name, { before: 'completed' });
  }

  /** The schedules of the deployment: queue name and cron. */
  async schedules(): Promise<{ name: string; cron: string }[]> {
    const boss = await this.running();
    return (await boss.getSchedules()).map(({ name, cron }) => ({ name, cron }));
  }

  private async running(): Promise<PgBoss> {
    if (this.stopped) throw new Error('the job queue has stopped');
    return this.install();
  }

  /**
   * Stops taking work and waits for the running jobs to finish; one still running after the stop
   * timeout is marked failed, so it is tried again (by another process or after the restart).
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (!this.installing) return;
    await this.starting?.catch(() => {});
    const boss = await this.installing.catch(() => null);
    const timeout = this.options.stopTimeoutMs ?? 8_000;
    await boss?.stop({ graceful: true, wait: true, timeout });
    // pg-boss records a job's end without waiting for it, and a job past the timeout may still
    // end: let those last statements land before the database closes under them.
    await Promise.race([Promise.allSettled(this.runningJobs), new Promise((resolve) => setTimeout(resolve, timeout).unref())]);
    await new Promise(setImmediate);
    await Promise.allSettled(this.runningSql);
    this.drained = true;
    await this.leaveWorkers?.();
  }

  private trackedExecutor(): ReturnType<typeof sqlExecutor> {
    const db = sqlExecutor(this.database);
    return {
      executeSql: (text, values) =>
        // pg-boss records a job's end without awaiting it: one recorded after the stop would reach
        // a closed database and reject with nothing to catch it. It never runs instead, and the
        // job, still marked running, goes back to the queue at the next start, as after a crash.
        this.drained ? new Promise<never>(() => {}) : track(this.runningSql, db.executeSql(text, values)),
    };
  }
}

/** Keeps `promise` in `set` until it settles, and gives it back. */
function track<T>(set: Set<Promise<unknown>>, promise: Promise<T>): Promise<T> {
  set.add(promise);
  promise.then(
    () => set.delete(promise),
    () => set.delete(promise),
  );
  return promise;
}

/**
 * Processes starting together on PostgreSQL may create the same queue at once; PostgreSQL ends
 * one of them with a deadlock error, and that one only has to try again (it then finds the queue).
 */
async function retryOnDeadlock(work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
    }
  }
}
