import { ORDER_MESSAGES, type RecordOrder } from '@darkroom/contracts';
import type { AppContext } from '../context';
import { ValidationError } from '../lib/errors';
import type { OrderedRepository } from './ordering.repository';

/** An area whose records an admin orders: its table's order queries and its lists' cache tags. */
export interface OrderedArea {
  repository: OrderedRepository;
  cacheTags: string[];
}

const fail = (message: string) => ValidationError.field('ids', message);

/**
 * Saves the order of every record of an area, in one transaction: the list must name each record
 * once, no more, no fewer (a record created or deleted meanwhile makes the list stale: 400).
 */
export async function saveRecordOrder(ctx: AppContext, area: OrderedArea, ids: number[]): Promise<RecordOrder> {
  const seen = new Set<number>();
  const repeated = [...new Set(ids.filter((id) => seen.has(id) || !seen.add(id)))];
  if (repeated.length) throw fail(ORDER_MESSAGES.repeated(repeated));
  await ctx.db.transaction(async (tx) => {
    const existing = new Set(await area.repository.lockedIds(tx));
    const unknown = ids.filter((id) => !existing.has(id));
    if (unknown.length) throw fail(ORDER_MESSAGES.unknown(unknown));
    const missing = [...existing].filter((id) => !seen.has(id)).sort((a, b) => a - b);
    if (missing.length) throw fail(ORDER_MESSAGES.missing(missing));
    await area.repository.saveOrder(tx, ids);
  });
  await ctx.cache.invalidate(...area.cacheTags);
  return { ids };
}
