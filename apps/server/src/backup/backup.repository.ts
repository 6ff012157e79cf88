import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR, type Db, type DbOrTx } from '../db/client';

/**
 * The database side of backup and restore. Nothing here names a table or a column: tables,
 * columns, foreign keys and sequences come from the catalog (`information_schema`, `pg_catalog`),
 * which PGlite and PostgreSQL answer alike, so a schema change needs no change here.
 */

/** Where Darkroom keeps its tables; drizzle's own bookkeeping lives in the `drizzle` schema. */
const SCHEMA = 'public';
const MIGRATIONS_TABLE = sql`drizzle.__drizzle_migrations`;

export interface TableInfo {
  name: string;
  /** Columns a row is restored through (generated columns are left to the database). */
  columns: string[];
  /** Tables this one references (itself excluded). */
  references: string[];
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

const ident = (name: string) => sql.identifier(name);

/**
 * Every table of the application schema, parents before children (foreign-key order), so rows
 * inserted in this order never point at a row not yet there. A cycle between tables (none today)
 * keeps its members in name order; self-references are left out of the ordering.
 */
export async function listTables(db: DbOrTx): Promise<TableInfo[]> {
  const cols = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = ${SCHEMA} and t.table_type = 'BASE TABLE' and c.is_generated <> 'ALWAYS'
         order by c.table_name, c.ordinal_position`,
  );
  const fks = await rows<{ child: string; parent: string }>(
    db,
    sql`select ch.relname as child, pa.relname as parent
          from pg_constraint k
          join pg_class ch on ch.oid = k.conrelid
          join pg_class pa on pa.oid = k.confrelid
          join pg_namespace n on n.oid = ch.relnamespace
         where k.contype = 'f' and n.nspname = ${SCHEMA}`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of cols) {
    const t = tables.get(c.table_name) ?? { name: c.table_name, columns: [], references: [] };
    t.columns.push(c.column_name);
    tables.set(c.table_name, t);
  }
  for (const fk of fks) {
    const t = tables.get(fk.child);
    if (t && fk.parent !== fk.child && tables.has(fk.parent) && !t.references.includes(fk.parent)) t.references.push(fk.parent);
  }
  // Kahn's algorithm, ties by name so the order is stable.
  const ordered: TableInfo[] = [];
  const remaining = new Map([...tables].sort(([a], [b]) => a.localeCompare(b)));
  while (remaining.size) {
    const ready = [...remaining.values()].filter((t) => t.references.every((p) => !remaining.has(p)));
    const next = ready.length ? ready : [remaining.values().next().value as TableInfo];
    for (const t of next) {
      ordered.push(t);
      remaining.delete(t.name);
    }
  }
  return ordered;
}

/** Every sequence of the application schema and where it stands (as pg_dump records them). */
export async function readSequences(db: DbOrTx): Promise<SequenceState[]> {
  const names = await rows<{ name: string }>(
    db,
    sql`select sequence_name as name from information_schema.sequences where sequence_schema = ${SCHEMA} order by sequence_name`,
  );
  const out: SequenceState[] = [];
  for (const { name } of names) {
    const [s] = await rows<{ last_value: string | number; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${ident(SCHEMA)}.${ident(name)}`,
    );
    out.push({ name, lastValue: String(s!.last_value), isCalled: s!.is_called });
  }
  return out;
}

/** The last migration applied: drizzle records each by its journal time (`when`) and hash. */
export async function appliedMigration(db: DbOrTx): Promise<{ when: number; hash: string } | null> {
  const [exists] = await rows<{ found: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists?.found) return null;
  const [last] = await rows<{ created_at: string | number; hash: string }>(
    db,
    sql`select created_at::text as created_at, hash from ${MIGRATIONS_TABLE} order by created_at desc limit 1`,
  );
  return last ? { when: Number(last.created_at), hash: last.hash } : null;
}

/**
 * Reads a table's rows as JSON objects (one text per row, `row_to_json`: timestamps in ISO 8601
 * with their offset, numbers and jsonb exact), through a cursor, `batch` rows at a time, so a
 * large table never sits in memory whole. Must run inside the snapshot transaction.
 */
export async function exportRows(
  tx: DbOrTx,
  table: TableInfo,
  cursorName: string,
  batch: number,
  onRows: (jsonRows: string[]) => Promise<void>,
): Promise<number> {
  const columns = sql.join(
    table.columns.map((c) => ident(c)),
    sql`, `,
  );
  const cursor = ident(cursorName);
  await tx.execute(sql`declare ${cursor} no scroll cursor for
    select row_to_json(r)::text as row from (select ${columns} from ${ident(SCHEMA)}.${ident(table.name)}) r`);
  let count = 0;
  for (;;) {
    const got = await rows<{ row: string }>(tx, sql`fetch forward ${sql.raw(String(batch))} from ${cursor}`);
    if (got.length) await onRows(got.map((r) => r.row));
    count += got.length;
    if (got.length < batch) break;
  }
  await tx.execute(sql`close ${cursor}`);
  return count;
}

/**
 * Runs `fn` in one transaction that sees the database at a single instant: REPEATABLE READ and
 * READ ONLY, as pg_dump does. On PGlite the single connection is held for the whole transaction.
 */
export async function inSnapshot<T>(db: Db, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      // Timestamps are written in UTC whatever the server's zone, so archives compare byte for byte.
      await tx.execute(sql`set local time zone 'UTC'`);
      return fn(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Whether any application table holds a row. */
export async function hasRows(db: DbOrTx): Promise<string | null> {
  for (const t of await listTables(db)) {
    const [r] = await rows<{ found: boolean }>(db, sql`select exists (select 1 from ${ident(SCHEMA)}.${ident(t.name)}) as found`);
    if (r?.found) return t.name;
  }
  return null;
}

/** Runs `fn` in one read-write transaction; on PostgreSQL it holds the migration lock, so a starting server waits. */
export async function inRestoreTransaction<T>(db: Db, kind: 'pglite' | 'postgres', fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    return fn(tx);
  });
}

/**
 * Empties the target completely: every table, view, sequence and type of the application schema
 * and drizzle's migration record, so migrations then rebuild it at the archive's version.
 */
export async function dropEverything(tx: DbOrTx): Promise<void> {
  const objects = await rows<{ name: string; kind: string }>(
    tx,
    sql`select c.relname as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = ${SCHEMA} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  );
  const drop = (kinds: string[], what: string) => {
    const names = objects.filter((o) => kinds.includes(o.kind)).map((o) => sql`${ident(SCHEMA)}.${ident(o.name)}`);
    return names.length ? tx.execute(sql`drop ${sql.raw(what)} if exists ${sql.join(names, sql`, `)} cascade`) : Promise.resolve();
  };
  await drop(['v'], 'view');
  await drop(['m'], 'materialized view');
  await drop(['f'], 'foreign table');
  await drop(['r', 'p'], 'table');
  await drop(['S'], 'sequence');
  const types = await rows<{ name: string }>(
    tx,
    sql`select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
         where n.nspname = ${SCHEMA} and t.typtype in ('e', 'd', 'r') `,
  );
  for (const t of types) await tx.execute(sql`drop type if exists ${ident(SCHEMA)}.${ident(t.name)} cascade`);
  await tx.execute(sql`drop schema if exists drizzle cascade`);
}

/**
 * Applies this code's migrations inside `tx` (as drizzle's migrator does, but in the caller's
 * transaction so a restore is all or nothing): those after `after` and up to `upTo` (journal times).
 */
export async function applyMigrations(tx: DbOrTx, range: { after?: number; upTo?: number }): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).filter(
    (m) => m.folderMillis > (range.after ?? -Infinity) && m.folderMillis <= (range.upTo ?? Infinity),
  );
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(sql`create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`);
  for (const m of migrations) {
    for (const statement of m.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into ${MIGRATIONS_TABLE} (hash, created_at) values (${m.hash}, ${m.folderMillis})`);
  }
}

/**
 * Inserts rows given as JSON objects (as `exportRows` wrote them): the database parses each value
 * by its column's type (`json_populate_recordset`), so nothing is converted in JavaScript and a
 * PGlite archive restores into PostgreSQL and back unchanged. Identity values are kept.
 */
export async function insertRows(tx: DbOrTx, table: TableInfo, jsonRows: string[]): Promise<void> {
  if (!jsonRows.length) return;
  const columns = sql.join(
    table.columns.map((c) => ident(c)),
    sql`, `,
  );
  const target = sql`${ident(SCHEMA)}.${ident(table.name)}`;
  const payload = `[${jsonRows.join(',')}]`;
  await tx.execute(
    sql`insert into ${target} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${target}, ${payload}::json)`,
  );
}

export async function setSequence(tx: DbOrTx, s: SequenceState): Promise<void> {
  await tx.execute(sql`select setval(format('%I.%I', ${SCHEMA}::text, ${s.name}::text)::regclass, ${s.lastValue}::bigint, ${s.isCalled})`);
}

/** Row counts per table (for the manifest check after a restore and for tests). */
export async function countRows(db: DbOrTx, table: string): Promise<number> {
  const [r] = await rows<{ n: string | number }>(db, sql`select count(*)::text as n from ${ident(SCHEMA)}.${ident(table)}`);
  return Number(r?.n ?? 0);
}
