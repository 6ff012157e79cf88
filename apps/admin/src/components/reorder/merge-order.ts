/**
 * The admin's order over the records as they now are: records deleted meanwhile dropped, records
 * added meanwhile last (where a new record goes anyway).
 */
export function mergeOrder(mine: readonly number[], now: readonly number[]): number[] {
  const current = new Set(now);
  const kept = mine.filter((id) => current.has(id));
  const known = new Set(kept);
  return [...kept, ...now.filter((id) => !known.has(id))];
}
