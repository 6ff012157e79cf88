import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('drops the oldest key when a new one is set past the bound', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('c', 3);
    expect([...m.keys()]).toEqual(['b', 'c']);
  });

  it('replacing a value drops nothing and keeps the key in its place', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 10);
    expect([...m]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
  });

  it('a deleted and set again key counts as the newest', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    m.delete('a');
    m.set('a', 3).set('c', 4);
    expect([...m.keys()]).toEqual(['a', 'c']);
  });

  it('get is Map.prototype.get itself', () => {
    expect(new BoundedMap(1).get).toBe(Map.prototype.get);
  });

  it('refuses a bound that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => new BoundedMap(bad)).toThrow(RangeError);
  });

  it('never holds more than its bound, always holds the key set last, and agrees with a plain Map on it', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 20 }), value: fc.integer() }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(op, { maxLength: 200 }), (max, ops) => {
        const m = new BoundedMap<number, number>(max);
        for (const o of ops) {
          if (o.kind === 'delete') {
            m.delete(o.key);
          } else {
            const had = m.has(o.key);
            const before = [...m.keys()];
            m.set(o.key, o.value);
            expect(m.get(o.key)).toBe(o.value);
            // Only a new key past the bound evicts, and then only the oldest one.
            const evicted = !had && before.length >= max ? before.slice(1) : before;
            expect([...m.keys()]).toEqual(had ? before : [...evicted, o.key]);
          }
          expect(m.size).toBeLessThanOrEqual(max);
        }
      }),
    );
  });
});
