import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from './accept-encoding';

const asking = (header: string | undefined) => ({ headers: header === undefined ? {} : { 'accept-encoding': header } }) as FastifyRequest;

describe('acceptsEncoding', () => {
  it('reads the encodings a client lists, refusing those with q=0', () => {
    expect(acceptsEncoding(asking('gzip, deflate, br, zstd'), 'br')).toBe(true);
    expect(acceptsEncoding(asking('gzip, deflate, br, zstd'), 'gzip')).toBe(true);
    expect(acceptsEncoding(asking('BR;q=0.5'), 'br')).toBe(true);
    expect(acceptsEncoding(asking('br;q=0, gzip'), 'br')).toBe(false);
    expect(acceptsEncoding(asking('br;q=0, gzip'), 'gzip')).toBe(true);
    expect(acceptsEncoding(asking('gzip;q=0.0'), 'gzip')).toBe(false);
    // A name that merely contains another's is not it.
    expect(acceptsEncoding(asking('x-gzip, brotli'), 'gzip')).toBe(false);
    expect(acceptsEncoding(asking('x-gzip, brotli'), 'br')).toBe(false);
    expect(acceptsEncoding(asking(''), 'br')).toBe(false);
    expect(acceptsEncoding(asking(undefined), 'gzip')).toBe(false);
  });

  it('accepts an encoding exactly when it is listed without q=0, whatever else is listed', () => {
    const others = fc.array(fc.constantFrom('deflate', 'zstd', 'identity', 'x-gzip', 'brotli', 'compress', 'gzip2'), { maxLength: 5 });
    const weight = fc.constantFrom('', ';q=1', ';q=0.5', ';q=0.001', ';q=0', ';q=0.0', ';q=0.000');
    fc.assert(
      fc.property(others, fc.constantFrom('br' as const, 'gzip' as const), weight, (rest, name, q) => {
        const header = [...rest, `${name}${q}`].join(', ');
        const expected = !/^;q=0(\.0*)?$/.test(q);
        expect(acceptsEncoding(asking(header), name)).toBe(expected);
        // The remembered answer is the same.
        expect(acceptsEncoding(asking(header), name)).toBe(expected);
      }),
    );
  });

  it('never throws on any header', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (header) => {
        expect(typeof acceptsEncoding(asking(header), 'br')).toBe('boolean');
      }),
    );
  });
});
