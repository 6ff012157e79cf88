import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema';
import type { Config } from '../config';
import { SERVER_DIR } from '../paths';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Broadcast to every process sharing this database (same process only on PGlite). */
  notify(channel: string, payload: string): Promise<void>;
  /** Receive broadcasts; returns an unsubscribe function. */
  listen(channel: string, subscriber: Subscriber): Promise<() => Promise<void>>;
  /**
   * Runs `ifAlone` when no other process works this database's jobs, then counts this process
   * among those that do until the returned function is called (or it closes). PGlite has one
   * process: it is always alone. PostgreSQL: every working process holds a share of one advisory
   * lock on its own connection (the server drops a killed process's locks with its connection),
   * so taking that lock whole means every other worker is gone, and none can start until
   * `ifAlone` is done.
   */
  joinWorkers(ifAlone: () => Promise<void>): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Who listens on a channel: its messages, and what to do when the listening connection failed and came back. */
export interface Subscriber {
  onPayload(payload: string): void;
  /** The connection was lost and is back: messages sent meanwhile were missed. */
  onReconnect?(): void;
  onError?(err: unknown): void;
}

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');
const MIGRATION_LOCK_ID = 727_001;

/** One migration this code knows: its tag (file name) and the time drizzle records it under. */
export interface MigrationEntry {
  tag: string;
  when: number;
}

/** The migrations in `apps/server/drizzle`, oldest first. */
export function knownMigrations(): MigrationEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: MigrationEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export interface OpenOptions {
  databaseUrl: string | null;
  /** PGlite data directory; ignored with a database URL. `null` means in memory. */
  pgliteDir: string | null;
  /** Preloaded PGlite data directory dump (tests start from a migrated template). */
  pgliteDump?: Blob;
  migrate?: boolean;
  poolSize?: number;
}

/** The database a configuration names: PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : await openPglite(opts);
  if (opts.migrate !== false) await migrateDatabase(database);
  return database;
}

/** A PGlite data directory another process has open (PGlite itself takes no lock). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dir} is open in another process (pid ${pid}): PGlite allows one process at a time.`);
    this.name = 'DataDirInUseError';
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Marks a PGlite data directory as open by this process (`<dir>.pid`): two processes writing one
 * data directory would corrupt it, so a CLI refuses while the server has it open.
 */
function claimDataDir(dir: string): () => void {
  const file = `${path.resolve(dir)}.pid`;
  const holder = Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : 0);
  if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(path.resolve(dir), holder);
  fs.writeFileSync(file, String(process.pid));
  return () => {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
  };
}

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** V8's WebAssembly API, which Node's type declarations leave out. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;
let pgliteWasm: Promise<WasmModule> | undefined;

/**
 * PGlite's WebAssembly (9 MB), compiled once per process (on V8's background threads) and handed
 * to every PGlite it opens.
 */
export function compilePgliteWasm(): Promise<WasmModule> {
  if (!pgliteWasm) {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    // Read at once (a few ms): fs.promises reads 9 MB in pieces, each waiting for a turn of the
    // event loop, which start-up keeps busy: the compile began ~0.2 s later.
    pgliteWasm = wasm.compile(fs.readFileSync(path.join(dist, 'pglite.wasm')));
  }
  return pgliteWasm;
}

/**
 * PostgreSQL's 128 MB default of shared buffers lives in PGlite's WebAssembly memory: 100 MB of
 * the server's memory, for a studio's database of a few MB. Reads past it come from the OS's
 * file cache.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(opts: OpenOptions): Promise<Database> {
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const release = opts.pgliteDir ? claimDataDir(opts.pgliteDir) : () => {};
  let client: PGlite;
  try {
    // Loaded here, so a process on PostgreSQL never loads the embedded database.
    const [{ PGlite }, pgliteWasmModule] = await Promise.all([import('@electric-sql/pglite'), compilePgliteWasm()]);
    client = await PGlite.create({
      dataDir: opts.pgliteDir ?? undefined,
      loadDataDir: opts.pgliteDump,
      pgliteWasmModule,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, subscriber) {
      const unsub = await client.listen(channel, (payload) => subscriber.onPayload(payload));
      return async () => unsub();
    },
    async joinWorkers(ifAlone) {
      await ifAlone();
      return async () => {};
    },
    async close() {
      await client.close();
      release();
    },
    raw: client,
  } as Database & { raw: PGlite };
}

/** The PostgreSQL client and its drizzle driver, loaded only by a process that has DATABASE_URL. */
const loadPg = async () => {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pg, drizzle, migrate };
};

async function openPostgres(url: string, max: number): Promise<Database> {
  const { pg, drizzle: drizzlePg } = await loadPg();
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client dropped by the server must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new Listener(pg, url);
  return {
    db,
    kind: 'postgres',
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, subscriber) => listener.listen(channel, subscriber),
    joinWorkers: (ifAlone) => listener.joinWorkers(ifAlone),
    async close() {
      await listener.close();
      await pool.end();
    },
    raw: pool,
  } as Database & { raw: pg.Pool };
}

/** The advisory lock every process working jobs holds a share of (any fixed number: "drkr"). */
const WORKERS_LOCK = 0x64726b72;

/** The listening connection's `application_name` in `pg_stat_activity`. */
export const LISTENER_NAME = 'darkroom listener';

/** Delay before the listening connection is opened again, doubling after each failure. */
const RECONNECT_MS = { first: 100, max: 5_000 };

/**
 * The one connection of a process that carries every LISTEN, so listeners never take clients
 * from the pool. When it fails (the server restarted, a proxy cut it, an administrator ended it)
 * it is opened again, every channel is listened to again, and each subscriber is told it may
 * have missed messages.
 */
class Listener {
  private client: Promise<pg.Client> | null = null;
  private readonly channels = new Map<string, Set<Subscriber>>();
  private retryMs = RECONNECT_MS.first;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  /** This process works jobs: its connection holds a share of the workers' lock, again after a reconnect. */
  private workers = 0;

  constructor(
    private readonly driver: typeof pg,
    private readonly url: string,
  ) {}

  async listen(channel: string, subscriber: Subscriber): Promise<() => Promise<void>> {
    let set = this.channels.get(channel);
    if (!set) {
      this.channels.set(channel, (set = new Set()));
      await (await this.connected()).query(`listen ${quote(channel)}`);
    }
    set.add(subscriber);
    return async () => {
      set.delete(subscriber);
      if (set.size > 0 || this.channels.get(channel) !== set) return;
      this.channels.delete(channel);
      const client = await this.client?.catch(() => null);
      await client?.query(`unlisten ${quote(channel)}`).catch(() => {});
    };
  }

  /** See `Database.joinWorkers`; the lock lives on this connection, which lasts as long as the process. */
  async joinWorkers(ifAlone: () => Promise<void>): Promise<() => Promise<void>> {
    const client = await this.connected();
    const { rows } = await client.query<{ alone: boolean }>('select pg_try_advisory_lock($1) as alone', [WORKERS_LOCK]);
    const alone = rows[0]?.alone === true;
    try {
      if (alone) await ifAlone();
    } finally {
      // Waits while another process runs its `ifAlone`; same session, so this share is granted
      // beside this process's own whole lock, which is then let go.
      await client.query('select pg_advisory_lock_shared($1)', [WORKERS_LOCK]);
      this.workers++;
      if (alone) await client.query('select pg_advisory_unlock($1)', [WORKERS_LOCK]);
    }
    let left = false;
    return async () => {
      if (left) return;
      left = true;
      this.workers--;
      const current = await this.client?.catch(() => null);
      await current?.query('select pg_advisory_unlock_shared($1)', [WORKERS_LOCK]).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.channels.clear();
    const client = await this.client?.catch(() => null);
    await client?.end().catch(() => {});
  }

  private connected(): Promise<pg.Client> {
    return (this.client ??= this.open());
  }

  private async open(): Promise<pg.Client> {
    // Named, so an operator (and the tests) can tell it among the pool's connections.
    const client = new this.driver.Client({ connectionString: this.url, application_name: LISTENER_NAME });
    client.on('notification', (msg) => {
      for (const s of this.channels.get(msg.channel) ?? []) s.onPayload(msg.payload ?? '');
    });
    client.on('error', (err) => this.failed(client, err));
    client.on('end', () => this.failed(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      for (let i = 0; i < this.workers; i++) await client.query('select pg_advisory_lock_shared($1)', [WORKERS_LOCK]);
    } catch (err) {
      this.client = null;
      throw err;
    }
    return client;
  }

  /** The connection is gone: tell every subscriber, then open it again with back-off. */
  private failed(client: pg.Client, err: unknown): void {
    if (this.closed || this.retry) return;
    void this.client?.then(
      (current) => current === client && this.reconnectSoon(err),
      () => {},
    );
  }

  private reconnectSoon(err: unknown): void {
    if (this.closed || this.retry) return;
    this.client = null;
    for (const set of this.channels.values()) for (const s of set) s.onError?.(err);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.resubscribe();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MS.max);
  }

  private async resubscribe(): Promise<void> {
    if (this.closed) return;
    try {
      const client = await this.connected();
      for (const channel of this.channels.keys()) await client.query(`listen ${quote(channel)}`);
      this.retryMs = RECONNECT_MS.first;
      for (const set of this.channels.values()) for (const s of set) s.onReconnect?.();
    } catch (err) {
      const client = await this.client?.catch(() => null);
      if (client) this.failed(client, err);
      else this.reconnectSoon(err);
    }
  }
}

const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

/**
 * Whether the database already has the newest migration this code knows (drizzle applies those
 * recorded after the last `created_at`). The usual start is then one query instead of drizzle's
 * (create its schema and table if missing, read the last entry, read and hash every migration
 * file). Anything unexpected, a database without the table first, answers no: drizzle decides.
 */
async function hasNewestMigration(database: Database): Promise<boolean> {
  const newest = knownMigrations().at(-1);
  if (!newest) return false;
  try {
    const result = (await database.db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { last: string | null }[];
    };
    const last = result.rows[0]?.last;
    return last !== null && last !== undefined && Number(last) >= newest.when;
  } catch {
    return false;
  }
}

/** Applies pending migrations; on PostgreSQL an advisory lock keeps concurrent start-ups in line. */
export async function migrateDatabase(database: Database): Promise<void> {
  // Migrations only ever add: up to date now means no process has anything left to apply.
  if (await hasNewestMigration(database)) return;
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  // The lock lives on its own connection so a pool of one can still run the migrations.
  const { pg, migrate: migratePg } = await loadPg();
  const pool = (database as Database & { raw: pg.Pool }).raw;
  const lock = new pg.Client({ connectionString: pool.options.connectionString });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await lock.end();
  }
}

/** The PGlite instance behind a database, for dumping test templates. */
export function pgliteOf(database: Database): PGlite {
  if (database.kind !== 'pglite') throw new Error('not a PGlite database');
  return (database as Database & { raw: PGlite }).raw;
}

/** What pg-boss runs its SQL through (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The job queue's way into this database, so it shares the app's connections: on PostgreSQL the
 * pool (pg-boss's own driver does exactly `pool.query`); on PGlite the one in-process connection.
 * pg-boss sends parameterised statements one at a time, and its migrations and locked blocks
 * (`BEGIN; ...; COMMIT;`) as one text without parameters, which PGlite runs only through `exec`.
 */
export function sqlExecutor(database: Database): SqlExecutor {
  if (database.kind === 'postgres') {
    const pool = (database as Database & { raw: pg.Pool }).raw;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = pgliteOf(database);
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.flatMap((r) => r.rows) };
      } catch (err) {
        // A pool would drop a connection left in a failed transaction; the one connection of
        // PGlite must leave it, or every later statement fails.
        await client.exec('rollback').catch(() => {});
        throw err;
      }
    },
  };
}
