import { describe, expect, it } from 'vitest';
import { fitColumns, type ColumnWidth } from './fit-columns';

const col = (field: string, width: number, min = 80, shrinkable = true): ColumnWidth => ({ field, width, min, shrinkable });

describe('fitColumns', () => {
  it('changes nothing when the columns fit', () => {
    expect(fitColumns([col('a', 300), col('b', 200)], 500)).toEqual(new Map());
  });

  it('takes the width from the widest columns first, so short values stay whole', () => {
    // 1,000 px into 800: the e-mail and the message are capped at one level; the phone is untouched.
    const widths = fitColumns(
      [col('#', 64, 64, false), col('phone', 150), col('email', 336), col('message', 360), col('action', 90, 90, false)],
      800,
    );
    expect(widths.get('phone')).toBeUndefined();
    expect(widths.get('email')).toBe(248);
    expect(widths.get('message')).toBe(248);
    expect(64 + 150 + 248 + 248 + 90).toBeLessThanOrEqual(800);
  });

  it('never goes under a minimum nor touches a fixed column', () => {
    const widths = fitColumns([col('fixed', 400, 400, false), col('a', 300, 200), col('b', 300, 250)], 500);
    expect(widths).toEqual(
      new Map([
        ['a', 200],
        ['b', 250],
      ]),
    );
  });
});
