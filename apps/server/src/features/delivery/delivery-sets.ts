import { DELIVERY_MESSAGES, type DeliverySet } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { findSet, shownSetsOf } from '../client-galleries/sets.repository';
import { deliveryPhotoCounts } from './delivery.repository';

/**
 * Sets on the customer's side: `?set=<id>` narrows a gallery's page, JSON and zip to one set.
 * A set id that is not the gallery's is the same 404 as anything else unknown behind the link.
 */

export interface ChosenSet {
  id: number;
  name: string;
}

/** The set a request asks for (null when none), or 404 when the gallery has no such set. */
export async function chosenSet(ctx: AppContext, galleryId: number, setId: number | undefined): Promise<ChosenSet | null> {
  if (setId === undefined) return null;
  const set = await findSet(ctx.db, galleryId, setId);
  if (!set) throw notFound(DELIVERY_MESSAGES.notFound);
  return set;
}

/**
 * The tabs of a gallery: its non-empty sets in order, the chosen one, and how many photos the
 * All tab holds, counted here only when a set narrows the answer (null: the answer's own total).
 */
export async function setTabs(
  ctx: AppContext,
  galleryId: number,
  set: ChosenSet | null,
): Promise<{ sets: DeliverySet[]; set: number | null; all_total: number | null }> {
  const [sets, all] = await Promise.all([
    shownSetsOf(ctx.db, galleryId),
    set ? deliveryPhotoCounts(ctx.db, galleryId, null).then((c) => c.photos) : null,
  ]);
  return { sets, set: set?.id ?? null, all_total: all };
}

/** The zip's name part and the activity's words for a download of one set. */
export const setLabel = (set: ChosenSet | null): string => (set ? ` - ${set.name}` : '');
