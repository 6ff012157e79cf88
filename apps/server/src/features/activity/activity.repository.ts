import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/**
 * Adds an entry. One without a label (a delete answers no body) takes the label its record had
 * in its latest entry, so the log still says what was deleted.
 */
export async function insertAuditEntry(db: DbOrTx, row: NewAuditRow): Promise<void> {
  let label = row.label ?? '';
  if (!label && row.recordId != null) {
    const [last] = await db
      .select({ label: auditLog.label })
      .from(auditLog)
      .where(and(eq(auditLog.area, row.area), eq(auditLog.recordId, row.recordId), sql`${auditLog.label} <> ''`))
      .orderBy(desc(auditLog.id))
      .limit(1);
    label = last?.label ?? '';
  }
  await db.insert(auditLog).values({ ...row, label });
}

export interface AuditFilter {
  actorId?: number;
  area?: string;
  /** Inclusive start and exclusive end. */
  from?: Date;
  until?: Date;
  limit: number;
}

/**
 * Entries newest first, each with whether its record still exists: a later `delete` entry for
 * the same area and id means it does not (no table list needed to know).
 */
export async function listAuditEntries(db: DbOrTx, filter: AuditFilter): Promise<(AuditRow & { recordExists: boolean })[]> {
  const conditions = [
    filter.actorId !== undefined ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.area ? eq(auditLog.area, filter.area) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.until ? lt(auditLog.at, filter.until) : undefined,
  ].filter((c) => c !== undefined);
  // Spelled out: drizzle would name the outer columns without their table inside the subquery.
  const deleted = sql<boolean>`exists (select 1 from audit_log d where d.area = "audit_log"."area" and d.record_id = "audit_log"."record_id" and d.action = 'delete')`;
  const rows = await db
    .select({ entry: auditLog, deleted })
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit);
  return rows.map(({ entry, deleted }) => ({ ...entry, recordExists: entry.recordId !== null && !deleted }));
}

/** Removes entries older than `before`; answers how many went. */
export async function pruneAuditEntries(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id });
  return gone.length;
}
