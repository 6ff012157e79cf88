import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../lib/log';
import { openDatabase, type Database } from '../db/client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness';
import { JobQueue, type JobState } from './queue';

const FAST = { pollingIntervalSeconds: 0.5, cronCheckSeconds: 1, stopTimeoutMs: 1_000 };
const log = createLogger('silent');

/** Waits until the job reaches one of `states` (the test's own timeout bounds the wait). */
async function until(queue: JobQueue, name: string, id: string, states: JobState[]) {
  for (;;) {
    const job = await queue.get(name, id);
    if (job && states.includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeEachDatabase('job queue', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('retries a failing job with growing delays, then keeps it failed with its error', async () => {
    const queue = new JobQueue(t.database, log, FAST);
    const tries: number[] = [];
    queue.define<{ n: number }>({
      name: 'always-fails',
      retryLimit: 2,
      retryDelaySeconds: 1,
      async run(_ctx, data) {
        tries.push(Date.now());
        throw new Error(`no luck with ${data.n}`);
      },
    });
    await queue.start(t.app.runtime);
    try {
      const id = await queue.send('always-fails', { n: 7 });
      const job = await until(queue, 'always-fails', id, ['failed', 'completed']);
      expect(job.state).toBe('failed');
      expect(job.retryCount).toBe(2);
      expect((job.output as { message: string }).message).toBe('no luck with 7');
      expect(tries).toHaveLength(3);
      // Back-off: the first retry waits at least the delay, the second at least twice it.
      expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(1_000);
      expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(2_000);
    } finally {
      await queue.stop();
    }
  }, 30_000);

  /**
   * A queue with one job that runs until the test lets it go. A test that must not meet a job an
   * earlier test left behind (one put back to wait for its retry) passes a queue of its own.
   */
  function holdingQueue(stopTimeoutMs: number, database: Database = t.database, name = 'held') {
    const queue = new JobQueue(database, log, { ...FAST, stopTimeoutMs });
    const held = { started: false, finished: false, release: () => {} };
    queue.define({
      name,
      retryDelaySeconds: 1,
      async run() {
        held.started = true;
        await new Promise<void>((r) => (held.release = r));
        held.finished = true;
      },
    });
    return { queue, held };
  }

  async function stateOf(id: string, name = 'held') {
    const check = new JobQueue(t.database, log, FAST);
    check.define({ name, run: async () => {} });
    await check.start(t.app.runtime);
    try {
      return (await check.get(name, id))?.state;
    } finally {
      await check.stop();
    }
  }

  it('lets a running job finish when it stops', async () => {
    const { queue, held } = holdingQueue(10_000);
    expect(queue.state).toBe('waiting');
    await queue.start(t.app.runtime);
    expect(queue.state).toBe('running');
    const id = await queue.send('held', {});
    while (!held.started) await new Promise((r) => setTimeout(r, 50));
    const stopping = queue.stop();
    setTimeout(() => held.release(), 300);
    await stopping;
    expect(queue.state).toBe('stopped');
    expect(held.finished).toBe(true);
    expect(await stateOf(id)).toBe('completed');
  }, 30_000);

  it('returns a job still running at the stop timeout to the queue', async () => {
    const { queue, held } = holdingQueue(1_000);
    await queue.start(t.app.runtime);
    const id = await queue.send('held', {});
    while (!held.started) await new Promise((r) => setTimeout(r, 50));
    await queue.stop();
    expect(held.finished).toBe(false);
    // Once, in CI under load, the job still read active right after stop() returned (why was not
    // found): what is checked is that it goes back to the queue.
    await expect.poll(() => stateOf(id), { timeout: 10_000 }).toBe('retry');
    held.release();
  }, 30_000);

  it.runIf(kind === 'postgres')(
    'records nothing for a job that ends after its queue stopped and its database closed',
    async () => {
      const own = await openDatabase({ databaseUrl: t.databaseUrl!, pgliteDir: null, migrate: false, poolSize: 2 });
      // The test before leaves its 'held' job waiting for a retry: in that queue this worker
      // could take that job and leave its own unstarted.
      const { queue, held } = holdingQueue(500, own, 'held-after-close');
      await queue.start(t.app.runtime);
      const id = await queue.send('held-after-close', {});
      while (!held.started) await new Promise((r) => setTimeout(r, 50));
      await queue.stop();
      await own.close();
      // pg-boss now records the job's end without awaiting it; on the closed pool that would be
      // an unhandled rejection, which fails the run.
      held.release();
      await new Promise((r) => setTimeout(r, 200));
      expect(await stateOf(id, 'held-after-close')).toBe('retry');
    },
    30_000,
  );

  it.runIf(kind === 'postgres')(
    "returns a dead process's running job to the queue when the next process starts alone, not while another works",
    async () => {
      const open = () => openDatabase({ databaseUrl: t.databaseUrl!, pgliteDir: null, migrate: false, poolSize: 2 });
      let started = 0;
      const define = (queue: JobQueue, onRun: () => Promise<void>) =>
        queue.define({ name: 'orphan', retryDelaySeconds: 0, expireInSeconds: 3600, run: onRun });
      // The first process takes the job and dies with it: its connections close, as a SIGKILL's do.
      const dying = await open();
      const first = new JobQueue(dying, log, FAST);
      // Its job never ends: the process is gone before it could.
      define(first, async () => {
        started++;
        await new Promise(() => {});
      });
      await first.start(t.app.runtime);
      const id = await first.send('orphan', {});
      await until(first, 'orphan', id, ['active']);
      // A second process alive beside it: not alone, so the running job is left to its owner.
      const aliveDb = await open();
      const alive = new JobQueue(aliveDb, log, FAST);
      define(alive, async () => {});
      await alive.start(t.app.runtime);
      await dying.close();
      expect((await alive.get('orphan', id))?.state).toBe('active');
      await alive.stop();
      await aliveDb.close();
      // The next process starts alone: the job goes back to the queue at once (its expiry is an
      // hour) and runs there.
      const nextDb = await open();
      const next = new JobQueue(nextDb, log, FAST);
      let ran = 0;
      define(next, async () => {
        ran++;
      });
      try {
        await next.start(t.app.runtime);
        expect((await until(next, 'orphan', id, ['completed'])).state).toBe('completed');
        expect(ran).toBe(1);
        expect(started).toBe(1);
      } finally {
        await next.stop();
        await nextDb.close();
      }
    },
    30_000,
  );

  it.runIf(kind === 'postgres')(
    'runs a scheduled job once per match with two processes',
    async () => {
      const other = await openDatabase({ databaseUrl: t.databaseUrl!, pgliteDir: null, migrate: false, poolSize: 2 });
      const runs: { process: number; minute: number }[] = [];
      const queues = [new JobQueue(t.database, log, FAST), new JobQueue(other, log, FAST)];
      queues.forEach((queue, process) =>
        queue.define({
          name: 'every-minute',
          cron: '* * * * *',
          async run() {
            runs.push({ process, minute: Math.floor(Date.now() / 60_000) });
          },
        }),
      );
      // A match's run taken just after the minute ended would share that next minute with the next
      // match's run: the check starts early in a minute and ends well inside it.
      const second = new Date().getSeconds();
      if (second > 30) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
      try {
        await Promise.all(queues.map((q) => q.start(t.app.runtime)));
        while (runs.length === 0) await new Promise((r) => setTimeout(r, 100));
        // Both processes check the schedule every second: give each several chances to queue it again.
        await new Promise((r) => setTimeout(r, 4_000));
        const perMinute = new Map<number, number>();
        for (const r of runs) perMinute.set(r.minute, (perMinute.get(r.minute) ?? 0) + 1);
        expect([...perMinute.values()].every((n) => n === 1)).toBe(true);
      } finally {
        await Promise.all(queues.map((q) => q.stop()));
        await other.close();
      }
    },
    75_000,
  );
});
