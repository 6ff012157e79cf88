import { asc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** A table whose rows an admin puts in order: an id and a position (0 first). */
export type OrderedTable = PgTable & { id: AnyPgColumn; position: AnyPgColumn };

/** The rows' order: by position, ties (two creates at once) by id, so a new row is still last. */
export function byPosition(table: OrderedTable): SQL[] {
  return [asc(table.position), asc(table.id)];
}

/** The position after the last row, computed in the insert itself. */
export function nextPosition(table: OrderedTable): SQL {
  return sql`(select coalesce(max(${table.position}), -1) + 1 from ${table})`;
}

/**
 * Every id of the table, once creates, updates and deletes of it have finished and while new ones
 * wait (until the transaction ends): the order is checked against the list it replaces.
 */
async function lockedIds(tx: DbOrTx, table: OrderedTable): Promise<number[]> {
  await tx.execute(sql`lock table ${table} in share row exclusive mode`);
  const rows = (await tx.select({ id: table.id }).from(table as PgTable)) as { id: number }[];
  return rows.map((r) => r.id);
}

/** Gives the listed rows positions 0..n-1 in the given order, in one statement. */
async function saveOrder(tx: DbOrTx, table: OrderedTable, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`
    update ${table} t
    set position = l.pos
    from (
      select (value)::int as id, (ordinality - 1)::int as pos
      from json_array_elements_text(${JSON.stringify(ids)}::json) with ordinality
    ) l
    where t.id = l.id and t.position is distinct from l.pos
  `);
}

/** The order queries of one table, for its area's service (which never sees the table). */
export function orderedRepository(table: OrderedTable) {
  return {
    lockedIds: (tx: DbOrTx) => lockedIds(tx, table),
    saveOrder: (tx: DbOrTx, ids: number[]) => saveOrder(tx, table, ids),
  };
}
export type OrderedRepository = ReturnType<typeof orderedRepository>;
