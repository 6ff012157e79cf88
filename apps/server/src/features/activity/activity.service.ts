import { AUDIT_ACTIONS, type AuditEntry, type EndpointSpec } from '@darkroom/contracts';
import type { z } from 'zod';
import type { auditQuerySchema } from '@darkroom/contracts';
import { actorId, type AppContext } from '../../context';
import { insertAuditEntry, listAuditEntries, pruneAuditEntries } from './activity.repository';

/** What one entry says; who and from where come from the context. */
export interface AuditEvent {
  action: string;
  area: string;
  recordId?: number | null;
  label?: string;
  fields?: string[];
  /** For events without a signed-in actor (a failed sign-in): the name that was tried. */
  actorName?: string;
}

/** Names that are never written to the log, not even as a field name's value. */
const SECRET_FIELD = /password|token|secret/i;

export async function recordAudit(ctx: AppContext, event: AuditEvent): Promise<void> {
  const name = ctx.actor.kind === 'admin' ? ctx.actor.account.username : (event.actorName ?? '');
  await insertAuditEntry(ctx.db, {
    actorId: actorId(ctx),
    actorName: name.slice(0, 150),
    action: event.action,
    area: event.area,
    recordId: event.recordId ?? null,
    label: (event.label ?? '').slice(0, 255),
    fields: (event.fields ?? []).filter((f) => !SECRET_FIELD.test(f)),
    ip: ctx.ip,
  });
}

const DEFAULT_ACTION: Record<string, string> = { POST: 'create', PATCH: 'update', PUT: 'update', DELETE: 'delete' };

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A record's id from the path, else from the answer (a create answers the new record). */
function recordIdOf(params: unknown, result: unknown): number | null {
  const fromPath = asRecord(params).id;
  if (typeof fromPath === 'number') return fromPath;
  const fromResult = asRecord(result).id;
  return typeof fromResult === 'number' ? fromResult : null;
}

/** A human name for the record from the answer, when it carries one. */
function labelOf(result: unknown): string {
  if (Array.isArray(result)) return `${result.length} item(s)`;
  const r = asRecord(result);
  for (const key of ['name', 'title', 'username', 'subject', 'header', 'header_text'])
    if (typeof r[key] === 'string' && r[key]) return r[key];
  return '';
}

/**
 * The entry a successful admin call of `ep` leaves, or null for calls that change nothing.
 * One place decides it for every endpoint, so a new write route is logged without asking.
 */
export function auditEventOf(
  ep: EndpointSpec,
  call: { params: unknown; body: unknown; files: Record<string, unknown[]>; result: unknown },
): AuditEvent | null {
  if (ep.method === 'GET' || ep.access === 'public' || ep.audit === false) return null;
  const sent = [...Object.keys(asRecord(call.body)), ...Object.keys(call.files).filter((f) => call.files[f]?.length)];
  let action = ep.audit ?? DEFAULT_ACTION[ep.method] ?? ep.method.toLowerCase();
  if (ep.audit === undefined && action === 'update' && sent.length === 1 && sent[0] === 'status') {
    action = asRecord(call.body).status ? AUDIT_ACTIONS.publish : AUDIT_ACTIONS.unpublish;
  }
  return {
    action,
    area: ep.tag,
    recordId: recordIdOf(call.params, call.result),
    label: labelOf(call.result),
    fields: action === 'update' ? sent : [],
  };
}

export async function listActivity(ctx: AppContext, query: z.output<typeof auditQuerySchema>): Promise<AuditEntry[]> {
  const day = 86_400_000;
  const rows = await listAuditEntries(ctx.db, {
    actorId: query.admin,
    area: query.area || undefined,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    until: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + day) : undefined,
    limit: query.limit ?? 500,
  });
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor_id: r.actorId,
    actor_name: r.actorName,
    action: r.action,
    area: r.area,
    record_id: r.recordId,
    label: r.label,
    fields: r.fields,
    ip: r.ip,
    record_exists: r.recordExists,
  }));
}

/** Drops entries past the retention period (AUDIT_RETENTION_DAYS). */
export async function pruneActivity(ctx: AppContext, now = new Date()): Promise<number> {
  return pruneAuditEntries(ctx.db, new Date(now.getTime() - ctx.config.auditRetentionDays * 86_400_000));
}
