import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit';
import { endpoint } from './endpoint';
import { formId } from './forms';

/** How many records one order may list (services, home gallery, carousel, team). */
export const RECORD_ORDER_MAX = 5000;

export const ORDER_MESSAGES = {
  idsRequired: 'The order must be a list of ids',
  unknown: (ids: number[]) => `Not in this list: ${ids.join(', ')}`,
  missing: (ids: number[]) => `Left out of the order: ${ids.join(', ')}`,
  repeated: (ids: number[]) => `Listed more than once: ${ids.join(', ')}`,
  saved: 'Order saved',
  saveFailed: 'The order could not be saved',
} as const;

/** `PUT <area>/order/`: every record of the area, once each, first shown first. */
export const recordOrderSchema = z.object({
  ids: z.array(formId(ORDER_MESSAGES.idsRequired), { error: ORDER_MESSAGES.idsRequired }).max(RECORD_ORDER_MAX),
});
export type RecordOrder = z.infer<typeof recordOrderSchema>;

/** The order endpoint of an area listed at `path` (its list's path). */
export function orderEndpoint<const P extends string, const T extends string>(path: P, tag: T, what: string) {
  return endpoint({
    method: 'PUT',
    path: `${path}order/`,
    audit: AUDIT_ACTIONS.reorder,
    tag,
    summary: `Put ${what} in order: every id once, first shown first (new ones go last)`,
    body: recordOrderSchema,
    response: recordOrderSchema,
  });
}
