import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger, maskUrl } from './log';

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

describe('the logger', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('info', {
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    return { log, lines };
  };

  it('masks delivery tokens in every line: messages, URLs and errors alike', () => {
    const { log, lines } = capture();
    const token = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxy';
    log.warn(`Reply was already sent for /site/galleries/${token}/photos/3/original/ (GET)`);
    log.info({ req: { method: 'GET', url: `/g/${token}/?page=2`, ip: '127.0.0.1' } }, 'request completed');
    log.error({ err: new Error(`could not send /g/${token}/`) }, 'request errored');
    const text = JSON.stringify(lines);
    expect(text).not.toContain(token);
    expect(lines[0]!.msg).toBe('Reply was already sent for /site/galleries/[token]/photos/3/original/ (GET)');
    expect((lines[1]!.req as { url: string }).url).toBe('/g/[token]/?page=2');
    expect((lines[2]!.err as { message: string }).message).toBe('could not send /g/[token]/');
  });

  it('never writes a password, a token or an Authorization header', () => {
    const { log, lines } = capture();
    log.info({ body: { password: 'hunter2', token: 'tkn' }, req: { headers: { authorization: 'Token abc' } } }, 'x');
    log.info({ password2: 'hunter3', authToken: 'tkn2', res: { headers: { 'set-cookie': 'session=s3cret' } } }, 'y');
    const text = JSON.stringify(lines);
    for (const secret of ['hunter2', 'hunter3', 'tkn', 'Token abc', 's3cret']) expect(text).not.toContain(secret);
    expect(lines[1]).toMatchObject({ password2: '[redacted]', authToken: '[redacted]', msg: 'y' });
  });

  it('writes a request as one readable line in the terminal format, other lines with their fields', () => {
    const out: string[] = [];
    // pino-pretty writes to a stream of Node's.
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => done(void out.push(chunk.toString())) });
    const log = createLogger('info', { format: 'pretty', destination: sink });
    log.info(
      { reqId: 'req-1', req: { method: 'GET', url: '/services/', ip: '127.0.0.1' }, res: { statusCode: 200 }, responseTime: 3.14159 },
      'request completed',
    );
    log.warn({ count: 2 }, 'two things');
    const lines = out.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/services\/ 200 3\.1 ms$/);
    expect(lines[1]).toMatch(/WARN: two things \{"count":2\}$/);
  });
});
