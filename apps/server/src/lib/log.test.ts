import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskUrl } from './log';

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
          const masked = maskUrl(`${before}${prefix}${token}${after}`);
          expect(masked).not.toContain(token);
          expect(masked).toContain(`${prefix}[token]`);
        },
      ),
    );
  });
});
