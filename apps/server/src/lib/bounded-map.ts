/**
 * A Map that holds at most `maxSize` entries: setting a new key when it is full first drops the
 * oldest key (insertion order). Replacing an existing key's value keeps its place and drops
 * nothing. For in-process memos on hot paths: `get` is Map's own (not overridden), and `set`
 * allocates nothing unless it evicts.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly maxSize: number;

  // No initial entries: Map's constructor would call `set` before `maxSize` is assigned.
  constructor(maxSize: number) {
    super();
    if (!Number.isInteger(maxSize) || maxSize < 1) throw new RangeError(`BoundedMap: maxSize must be a positive integer, not ${maxSize}`);
    this.maxSize = maxSize;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.maxSize && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
