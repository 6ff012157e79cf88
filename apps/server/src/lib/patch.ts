/** The input fields named in `columns`, renamed to their column names. */
export type Changes<I, M> = {
  -readonly [K in keyof M & keyof I as M[K] extends string ? M[K] : never]?: Exclude<I[K], undefined>;
};

/**
 * The changes a PATCH makes: only the fields that were sent (not undefined), renamed from the
 * API's snake_case to their columns, so an omitted field keeps its value.
 */
export function sentChanges<I extends object, const M extends { [K in keyof I]?: string }>(input: I, columns: M): Changes<I, M> {
  const out: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(columns) as [string, string][]) {
    const value = (input as Record<string, unknown>)[from];
    if (value !== undefined) out[to] = value;
  }
  return out as Changes<I, M>;
}
