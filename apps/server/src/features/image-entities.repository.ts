import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { byPosition, nextPosition, orderedRepository, type OrderedTable } from './ordering.repository';

/** A table of image entities: an id and the created/updated times every such table has. */
export type EntityTable = PgTable & { id: AnyPgColumn; timeCreated: AnyPgColumn; timeUpdated: AnyPgColumn };
export type EntityRow<T extends EntityTable> = T['$inferSelect'] & { id: number; timeCreated: Date; timeUpdated: Date };
export type EntityInsert<T extends EntityTable> = T['$inferInsert'];

/**
 * List, find (optionally locked), insert, update and delete rows of one image-entity table. An
 * `ordered` table (it has a position) lists in the admin's order, takes new rows last and has
 * the order queries.
 */
export function entityRepository<T extends EntityTable>(table: T, { ordered = false } = {}) {
  type Row = EntityRow<T>;
  const positioned = ordered ? (table as unknown as OrderedTable) : null;
  // Drizzle's builders do not narrow on a generic table; the rows are the table's rows.
  const from = (db: DbOrTx) => db.select().from(table as PgTable);
  return {
    table,

    /** In the admin's order, or newest first. */
    list: async (db: DbOrTx): Promise<Row[]> =>
      (await from(db).orderBy(...(positioned ? byPosition(positioned) : [desc(table.timeCreated), desc(table.id)]))) as Row[],

    order: positioned && orderedRepository(positioned),

    /** The oldest row, the one record of a single-record area. */
    first: async (db: DbOrTx): Promise<Row | undefined> => ((await from(db).orderBy(asc(table.id)).limit(1)) as Row[])[0],

    /** `lock` holds the row (for update) until the transaction ends. */
    async find(db: DbOrTx, id: number, lock = false): Promise<Row | undefined> {
      const query = from(db).where(eq(table.id, id));
      return ((lock ? await query.for('update') : await query) as Row[])[0];
    },

    async insert(db: DbOrTx, values: EntityInsert<T>): Promise<Row> {
      const row = positioned ? { ...values, position: nextPosition(positioned) } : values;
      return ((await db.insert(table).values(row).returning()) as Row[])[0]!;
    },

    async update(db: DbOrTx, id: number, changes: Partial<EntityInsert<T>>): Promise<Row | undefined> {
      const set = { ...changes, timeUpdated: new Date() } as never;
      return ((await db.update(table).set(set).where(eq(table.id, id)).returning()) as Row[])[0];
    },

    async remove(db: DbOrTx, id: number): Promise<Row | undefined> {
      return ((await db.delete(table).where(eq(table.id, id)).returning()) as Row[])[0];
    },

    /** Serialises the creates of a single-record area until the transaction ends. */
    async lockCreate(tx: DbOrTx, lockId: number): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockId})`);
    },
  };
}

export type EntityRepository<T extends EntityTable> = ReturnType<typeof entityRepository<T>>;
