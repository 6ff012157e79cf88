/** A column's drawn width, the least it may take, and whether it may give up width at all. */
export interface ColumnWidth {
  field: string;
  width: number;
  min: number;
  shrinkable: boolean;
}

/**
 * New widths so the columns fit `available` pixels, or none when they already do. The widest
 * shrinkable columns give up width first (all are capped at one level, never under their
 * minimum), so a short value (a phone number, 'Never') stays whole while a long e-mail or
 * message ends in an ellipsis. If even the minimums do not fit, each shrinkable column takes its minimum.
 */
export function fitColumns(columns: readonly ColumnWidth[], available: number): Map<string, number> {
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const excess = total - Math.floor(available);
  const out = new Map<string, number>();
  if (excess <= 0) return out;
  const flexible = columns.filter((c) => c.shrinkable && c.width > c.min);
  const capped = (level: number, c: ColumnWidth) => Math.max(Math.min(c.width, level), c.min);
  const saved = (level: number) => flexible.reduce((sum, c) => sum + c.width - capped(level, c), 0);
  // The highest level that saves enough: saved() only grows as the level falls.
  let low = 0;
  let high = Math.max(0, ...flexible.map((c) => c.width));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (saved(mid) >= excess) low = mid;
    else high = mid - 1;
  }
  for (const c of flexible) {
    const width = capped(low, c);
    if (width !== c.width) out.set(c.field, width);
  }
  return out;
}
