import pg from 'pg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondProcess, type TestApp } from '../../test/harness';
import { seedSite, type SiteFixtures } from '../../test/site-fixtures';
import { LISTENER_NAME } from '../db/client';
import { services } from '../db/schema';

/** Polls until `check` holds: for what another process does on its own time (bounded, never a race). */
async function eventually(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The backends of this database that are listening (each process has one), by pid. */
async function listeners(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
      [LISTENER_NAME],
    );
    return res.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

async function terminate(url: string, pids: number[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  } finally {
    await client.end();
  }
}

describe.runIf(!!process.env.TEST_DATABASE_URL)('invalidations when the listening connection fails [postgres]', () => {
  let t: TestApp;
  let f: SiteFixtures;
  let b: Awaited<ReturnType<typeof secondProcess>>;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    f = await seedSite(t);
    b = await secondProcess(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const namesInB = async () =>
    ((await b.app.inject({ method: 'GET', url: '/site/services/' })).json() as { name: string }[]).map((s) => s.name);
  /** Cuts every listening connection, then waits until both processes listen again on new ones. */
  const cutListeners = async () => {
    const before = await listeners(t.databaseUrl!);
    expect(before.length).toBeGreaterThanOrEqual(2);
    await terminate(t.databaseUrl!, before);
    await eventually(async () => (await listeners(t.databaseUrl!)).filter((pid) => !before.includes(pid)).length >= 2, 'listening again');
  };

  it('drops what it held when it listens again, and follows the other process from then on', async () => {
    const original = (await namesInB())[0]!;
    // Written behind both processes' backs (no message): B answers from what it holds.
    await t.database.db.update(services).set({ name: 'Renamed quietly' }).where(eq(services.id, f.publishedService));
    expect(await namesInB()).toContain(original);

    await cutListeners();
    // Messages may have been missed while it was cut off: B dropped what it held.
    await eventually(async () => (await namesInB()).includes('Renamed quietly'), 'the quiet change shows in B');

    // Listening again: a write through A reaches B.
    const res = await t.as({ method: 'PATCH', url: `/adminportal/manage-services/${f.publishedService}/`, payload: { status: false } });
    expect(res.statusCode).toBe(200);
    await eventually(async () => !(await namesInB()).includes('Renamed quietly'), 'the unpublished service leaves B');
  });

  it('honours a sign-out made in one process in the other after the connection came back', async () => {
    const token = await t.token();
    const read = () => b.app.inject({ method: 'GET', url: '/adminportal/manage-services/', headers: { authorization: `Token ${token}` } });
    // B keeps the session in memory for reads.
    expect((await read()).statusCode).toBe(200);
    await cutListeners();
    expect((await t.as({ method: 'POST', url: '/accounts/logout/' })).statusCode).toBeLessThan(300);
    await eventually(async () => (await read()).statusCode === 401, 'the signed-out token is refused by B');
    // A write checks the session at its source, whatever a process holds.
    const write = await b.app.inject({
      method: 'PATCH',
      url: `/adminportal/manage-services/${f.hiddenService}/`,
      headers: { authorization: `Token ${token}` },
      payload: { status: true },
    });
    expect(write.statusCode).toBe(401);
  });
});
