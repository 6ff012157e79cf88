import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMON_MESSAGES, ENQUIRY_REQUESTS_PER_MINUTE } from '@darkroom/contracts';
import { ADMIN, createTestApp, describeEachDatabase, expectThrottled, type TestApp } from '../../test/harness';
import { accounts } from '../db/schema';
import { createLogger } from '../lib/log';

describeEachDatabase('trust: logs, headers and throttling', (kind) => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp(kind, { env: { LOGIN_MAX_FAILURES: '5' }, log: createLogger('info', { destination: sink }) });
    // A route that fails inside the database with secrets among its parameters.
    t.app.post('/adminportal/fail-with-secrets/', async () =>
      t.database.db
        .insert(accounts)
        .values({ username: ADMIN.username, passwordHash: '$argon2id$v=19$leaked-hash', email: 'leaked@example.com' }),
    );
  });
  afterAll(() => t.close());

  it('logs a failed query without its parameter values, and never an Authorization header', async () => {
    const res = await t.as({ method: 'POST', url: '/adminportal/fail-with-secrets/', payload: {} });
    expect(res.statusCode).toBe(500);
    const text = logged.join('');
    expect(text).toContain('request failed');
    expect(text).toContain('insert into');
    expect(text).not.toContain('leaked-hash');
    expect(text).not.toContain('leaked@example.com');
    expect(text).not.toContain(await t.token());
  });

  it('logs one line per request, with its id, and an error with the same id', async () => {
    const lines = () =>
      logged
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { reqId?: string; msg: string; req?: { url: string; ip?: string }; res?: { statusCode: number } });
    logged.length = 0;
    // Health probes are logged only at warn: a probe every few seconds would bury the rest.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(lines()).toEqual([]);
    const ok = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(ok.statusCode).toBe(200);
    const [line, ...rest] = lines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ msg: 'request completed', req: { url: '/robots.txt' }, res: { statusCode: 200 } });
    expect(line!.reqId).toMatch(/\S/);
    expect(Object.keys(line!)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
    expect(line).toMatchObject({ level: 30, pid: process.pid, req: { method: 'GET', ip: '127.0.0.1' } });
    expect(Math.abs((line as unknown as { time: number }).time - Date.now())).toBeLessThan(60_000);
    expect(typeof (line as unknown as { responseTime: unknown }).responseTime).toBe('number');
    // A quote or a control character in the URL stays inside its JSON string.
    logged.length = 0;
    await t.app.inject({ method: 'GET', url: '/nothing-here/"%0A\\' });
    expect(lines()[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 404 } });

    // A delivery link is a credential: its line names the route, never the token.
    logged.length = 0;
    await t.app.inject({ method: 'GET', url: '/g/secret-link-token-123/?x=1' });
    expect(lines()[0]).toMatchObject({ msg: 'request completed', req: { url: '/g/[token]/?x=1' } });
    expect(logged.join('')).not.toContain('secret-link-token-123');

    // Each line has its own URL and address.
    logged.length = 0;
    for (const [url, remoteAddress] of [
      ['/robots.txt', '10.0.0.1'],
      ['/robots.txt', '10.0.0.2'],
      ['/g/other-token/', '10.0.0.2'],
      ['/robots.txt', '10.0.0.1'],
    ] as const)
      await t.app.inject({ method: 'GET', url, remoteAddress });
    expect(lines().map((l) => [l.req?.url, l.req?.ip])).toEqual([
      ['/robots.txt', '10.0.0.1'],
      ['/robots.txt', '10.0.0.2'],
      ['/g/[token]/', '10.0.0.2'],
      ['/robots.txt', '10.0.0.1'],
    ]);

    // A request that logs through its own logger (request.log) still carries its id.
    logged.length = 0;
    await t.as({ method: 'POST', url: '/adminportal/fail-with-secrets/', payload: {} });
    const failed = lines();
    const error = failed.find((l) => l.msg === 'request failed');
    const done = failed.find((l) => l.msg === 'request completed');
    expect(error?.reqId).toMatch(/\S/);
    expect(done).toMatchObject({ reqId: error!.reqId, res: { statusCode: 500 } });
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY, a client's x-forwarded-proto is not believed.
    const spoofed = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the API headers on declared endpoints that answer no page, the document headers on everything else', async () => {
    const API_CSP = "default-src 'none';frame-ancestors 'none'";
    const pageOnly = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection'];
    const answers = {
      json: await t.as({ method: 'GET', url: '/adminportal/manage-services/' }),
      // A guarded endpoint refusing a stranger is still an API answer.
      refused: await t.app.inject({ method: 'GET', url: '/adminportal/manage-services/' }),
      publicJson: await t.app.inject({ method: 'GET', url: '/site/services/' }),
      page: await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
      deliveryPage: await t.app.inject({ method: 'GET', url: `/g/${'x'.repeat(43)}/`, headers: { accept: 'text/html' } }),
      unmatched: await t.app.inject({ method: 'GET', url: '/no/such/path' }),
    };
    for (const [name, res] of Object.entries(answers)) {
      const api = name === 'json' || name === 'refused' || name === 'publicJson';
      const csp = String(res.headers['content-security-policy']);
      if (api) expect({ name, csp }).toEqual({ name, csp: API_CSP });
      else expect({ name, csp: csp.includes("default-src 'self'") }).toEqual({ name, csp: true });
      expect(csp).toContain("frame-ancestors 'none'");
      expect({ name, nosniff: res.headers['x-content-type-options'] }).toEqual({ name, nosniff: 'nosniff' });
      expect({ name, frame: res.headers['x-frame-options'] }).toEqual({ name, frame: 'DENY' });
      // The website's JSON is readable from other origins (its routes say so); nothing else is.
      const corp = name === 'publicJson' ? 'cross-origin' : 'same-origin';
      expect({ name, corp: res.headers['cross-origin-resource-policy'] }).toEqual({ name, corp });
      // A delivery page keeps its private link out of every Referer.
      const referrer = name === 'deliveryPage' ? 'no-referrer' : 'strict-origin-when-cross-origin';
      expect({ name, referrer: res.headers['referrer-policy'] }).toEqual({ name, referrer });
      for (const header of pageOnly) expect({ name, header, sent: header in res.headers }).toEqual({ name, header, sent: !api });
    }
  });

  it('counts sign-in attempts before checking them: 40 parallel guesses, at most 5 checked', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/accounts/auth-admin/login/',
          payload: { username: ADMIN.username, password: 'guess' },
          remoteAddress: '10.9.0.1',
        }),
      ),
    );
    const checked = guesses.filter((r) => r.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(guesses.filter((r) => r.statusCode === 429).length).toBe(40 - checked);
  });

  it('lets nobody lock an admin out: the right password from another address gets in after 21 guesses from one', async () => {
    const attempt = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: { username: ADMIN.username, password }, remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await attempt('10.20.0.1', 'wrong')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await attempt('10.20.0.2', ADMIN.password)).statusCode).toBe(200);
    // The guessing address itself is still refused, even with the right password, until its window ends.
    expect((await attempt('10.20.0.1', ADMIN.password)).statusCode).toBe(429);
  });

  it('narrows guesses at one account spread over many addresses to one try per address', async () => {
    const guess = (i: number, password = 'guess') =>
      t.app.inject({
        method: 'POST',
        url: '/accounts/auth-admin/login/',
        payload: { username: ADMIN.username, password },
        remoteAddress: `10.10.${i}.1`,
      });
    // Every address gets its guess checked, however many addresses there are.
    for (let i = 0; i < 30; i++) expect((await guess(i)).statusCode).toBe(400);
    // Past 4 x LOGIN_MAX_FAILURES wrong passwords, an address that failed once gets no second try...
    for (let i = 0; i < 5; i++) expect((await guess(i)).statusCode).toBe(429);
    // ...while the owner, from an address of their own, still signs in.
    expect((await guess(200, ADMIN.password)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is unset', async () => {
    for (let i = 0; i < 6; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/accounts/auth-admin/login/',
        payload: { username: 'xff-target', password: 'guess' },
        remoteAddress: '10.11.0.1',
        headers: { 'x-forwarded-for': `192.168.7.${i}` },
      });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/accounts/auth-admin/login/',
      payload: { username: 'xff-target', password: 'guess' },
      remoteAddress: '10.11.0.1',
      headers: { 'x-forwarded-for': '192.168.8.8' },
    });
    expect(res.statusCode).toBe(429);
  });

  it('rate-limits a public endpoint before reading its body', async () => {
    let limited = 0;
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < ENQUIRY_REQUESTS_PER_MINUTE + 5; i++) {
      // Not even valid JSON: a limited request is refused before its body is parsed.
      const res = await t.app.inject({
        method: 'POST',
        url: '/site/enquiries/',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken',
        remoteAddress: '10.12.0.1',
      });
      if (res.statusCode === 429) limited += 1;
      else expect(res.statusCode).toBe(400);
      last = res;
    }
    expect(limited).toBe(5);
    // It says when the minute's window ends, in words and in Retry-After.
    expectThrottled(last!, COMMON_MESSAGES.tooManyRequests, 60_000);
  });
});
