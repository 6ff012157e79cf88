import { z } from 'zod';
import { endpoint } from './endpoint';
import { formId } from './forms';

/** The actions the activity log records besides create, update and delete. */
export const AUDIT_ACTIONS = {
  signIn: 'sign-in',
  signInFailed: 'failed sign-in',
  signOut: 'sign-out',
  publish: 'publish',
  unpublish: 'unpublish',
  passwordChange: 'password change',
  upload: 'upload',
  reorder: 'reorder',
  send: 'send',
} as const;

/** How many entries one page of the activity log holds at most. */
export const AUDIT_PAGE_MAX = 2000;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  /** The actor's username when it happened (kept after the account is deleted). */
  actor_name: z.string(),
  action: z.string(),
  area: z.string(),
  record_id: z.number().int().nullable(),
  label: z.string(),
  /** The fields an update set: names only, never values. */
  fields: z.array(z.string()),
  ip: z.string().nullable(),
  /** False once the record was deleted: the portal links only to records that still exist. */
  record_exists: z.boolean(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

export const auditQuerySchema = z.object({
  admin: formId('Not a valid admin.').optional(),
  area: z.string().max(40).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
});

export const auditApi = {
  list: endpoint({
    method: 'GET',
    path: '/adminportal/activity/',
    tag: 'activity',
    summary: 'The activity log, newest first, filtered by admin, area and dates (inclusive)',
    query: auditQuerySchema,
    response: z.array(auditEntrySchema),
  }),
} as const;
