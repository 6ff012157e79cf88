import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { jsonString, LineBatch, maskUrl, milliseconds } from './log';

describe('maskUrl', () => {
  it('hides delivery tokens in page, API and nested paths, and leaves other URLs alone', () => {
    expect(maskUrl('/g/abc123/')).toBe('/g/[token]/');
    expect(maskUrl('/g/abc123')).toBe('/g/[token]');
    expect(maskUrl('/site/galleries/abc123/photos/7/original/?x=1')).toBe('/site/galleries/[token]/photos/7/original/?x=1');
    expect(maskUrl('/site/galleries/abc#frag')).toBe('/site/galleries/[token]#frag');
    expect(maskUrl('/site/services/3/')).toBe('/site/services/3/');
    expect(maskUrl('/g/')).toBe('/g/');
  });

  it('never lets a token through, whatever surrounds it', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{8,43}$/);
    const text = fc.string({ maxLength: 30 });
    fc.assert(
      fc.property(
        text,
        fc.constantFrom('/g/', '/site/galleries/'),
        segment,
        fc.constantFrom('', '/', '?a=b', '#x', '/photos/1/'),
        (before, prefix, token, after) => {
          // Text around the link that happens to hold the token's characters is not the token.
          fc.pre(!before.includes(token) && !after.includes(token));
          const masked = maskUrl(`${before}${prefix}${token}${after}`);
          expect(masked).not.toContain(token);
          expect(masked).toContain(`${prefix}[token]`);
        },
      ),
    );
  });
});

describe('jsonString', () => {
  it('quotes plain values as they are and escapes the rest as JSON.stringify does', () => {
    expect(jsonString('req-1a')).toBe('"req-1a"');
    expect(jsonString(undefined)).toBe('null');
    expect(jsonString('/a"b\\c')).toBe(JSON.stringify('/a"b\\c'));
    expect(jsonString('ü\n')).toBe(JSON.stringify('ü\n'));
  });

  it('always gives back the value when parsed, whatever it holds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), (value) => {
        expect(JSON.parse(jsonString(value))).toBe(value);
      }),
    );
  });
});

describe('LineBatch', () => {
  const sink = () => {
    const writes: string[] = [];
    let flushes = 0;
    return { writes, flushes: () => flushes, out: { write: (t: string) => writes.push(t), flushSync: () => void flushes++ } };
  };

  it('holds lines until a batch is full, then hands them on in one write, in order', () => {
    const s = sink();
    const batch = new LineBatch(s.out, 10);
    batch.write('abcd\n');
    batch.write('efgh\n');
    expect(s.writes).toEqual(['abcd\nefgh\n']);
    batch.write('ij\n');
    expect(s.writes).toHaveLength(1);
    batch.flushSync();
    expect(s.writes).toEqual(['abcd\nefgh\n', 'ij\n']);
    expect(s.flushes()).toBe(1);
  });

  it("writes what it holds when pino's logger is flushed", () => {
    const s = sink();
    const logger = pino({ base: null, timestamp: false }, new LineBatch(s.out, 1 << 20));
    logger.info('held');
    expect(s.writes).toEqual([]);
    let called = false;
    logger.flush(() => (called = true));
    expect(s.writes.join('')).toContain('"msg":"held"');
    expect(called).toBe(true);
  });

  it('writes nothing more when flushed with nothing held', () => {
    const s = sink();
    const batch = new LineBatch(s.out, 10);
    batch.flushSync();
    expect(s.writes).toEqual([]);
  });

  it('loses and reorders no line, whatever their sizes', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 })), fc.integer({ min: 1, max: 100 }), (lines, limit) => {
        const s = sink();
        const batch = new LineBatch(s.out, limit);
        for (const line of lines) batch.write(line);
        batch.flushSync();
        expect(s.writes.join('')).toBe(lines.join(''));
      }),
    );
  });
});

describe('milliseconds', () => {
  it('writes a duration to the microsecond as a JSON number', () => {
    expect(milliseconds(0.5372839)).toBe('0.537');
    expect(milliseconds(12.0004)).toBe('12.000');
    expect(milliseconds(0.05)).toBe('0.050');
    expect(milliseconds(1234.56789)).toBe('1234.568');
    expect(milliseconds(Number.NaN)).toBe('0');
    expect(milliseconds(-1)).toBe('0');
  });

  it('always parses back to the duration, rounded to the microsecond', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (ms) => {
        expect(JSON.parse(milliseconds(ms))).toBeCloseTo(Math.round(ms * 1000) / 1000, 6);
      }),
    );
  });
});
