import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, COMMON_MESSAGES } from '@darkroom/contracts';
import { ADMIN, createTestApp, describeEachDatabase, expectThrottled, type TestApp } from '../../test/harness';
import { accounts, authTokens } from '../db/schema';
import { createAccount } from './accounts.repository';
import { hashPassword } from './passwords';
import { hashToken } from './tokens.repository';
import { ensureFirstAdmin } from '../features/people/first-admin';
import { loadConfig } from '../config';
import { startSummary } from '../start-summary';
import { verifyPassword } from './passwords';

describeEachDatabase('sign-in and session', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { LOGIN_MAX_FAILURES: '3' } });
    const hash = await hashPassword('customer-pass');
    await createAccount(t.database.db, { username: 'customer', passwordHash: hash, isStaff: false });
    await createAccount(t.database.db, { username: 'retired', passwordHash: hash, isStaff: true, isActive: false });
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, string>, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload, remoteAddress: ip });

  it('signs an admin in with status, userDetails, authToken and maxTimeOut', async () => {
    const before = Date.now();
    const res = await login(ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.userDetails).toMatchObject({ username: ADMIN.username, first_name: 'Olive', email: 'owner@studio.test', is_staff: true });
    expect(body.userDetails).not.toHaveProperty('password_hash');
    expect(body.authToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.maxTimeOut).toBeGreaterThan(before + 11 * 3_600_000);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.username, ADMIN.username));
    expect(row!.lastLogin!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stores only a hash of the token', async () => {
    const { authToken } = (await login(ADMIN)).json();
    const rows = await t.database.db.select().from(authTokens);
    expect(rows.some((r) => r.tokenHash === authToken)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(authToken))).toBe(true);
  });

  it('accepts form-encoded credentials as well as JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/accounts/auth-admin/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${ADMIN.username}&password=${encodeURIComponent(ADMIN.password)}`,
      remoteAddress: '10.0.0.9',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers missing fields with the spec messages', async () => {
    const res = await login({}, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: [AUTH_MESSAGES.usernameRequired], password: [AUTH_MESSAGES.passwordRequired] });
  });

  it.each([
    ['a wrong password', { username: ADMIN.username, password: 'nope' }],
    ['an unknown user', { username: 'ghost', password: 'whatever' }],
    ['a customer', { username: 'customer', password: 'customer-pass' }],
    ['an inactive admin', { username: 'retired', password: 'customer-pass' }],
  ])('refuses %s with the same message', async (_label, creds) => {
    const res = await login(creds, `10.1.0.${Math.floor(Math.random() * 200)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors).toEqual([AUTH_MESSAGES.mismatch]);
  });

  it('rate-limits repeated failures from one address with 429', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 3; i++) expect((await login({ username: ADMIN.username, password: 'bad' }, ip)).statusCode).toBe(400);
    const blocked = await login(ADMIN, ip);
    expectThrottled(blocked, COMMON_MESSAGES.tooManyRequests, t.config.loginWindowMs);
    // Another address is unaffected.
    expect((await login(ADMIN, '10.2.0.2')).statusCode).toBe(200);
  });

  it('guards admin routes: missing, malformed and unknown tokens get 401 with detail', async () => {
    for (const headers of [{}, { authorization: 'Bearer abc' }, { authorization: 'Token not-a-real-token' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/accounts/logout/', headers });
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().detail).toBe('string');
    }
    // A path no route matches reveals nothing either way: it is a plain 404 (access is decided per route).
    const res = await t.app.inject({ method: 'GET', url: '/adminportal/anything/' });
    expect(res.statusCode).toBe(404);
  });

  it('logout revokes the token', async () => {
    const { authToken } = (await login(ADMIN, '10.3.0.1')).json();
    const headers = { authorization: `Token ${authToken}` };
    expect((await t.app.inject({ method: 'POST', url: '/accounts/logout/', headers })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/accounts/logout/', headers });
    expect(again.statusCode).toBe(401);
  });

  it('expired tokens are refused', async () => {
    const { authToken } = (await login(ADMIN, '10.4.0.1')).json();
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(authToken)));
    const res = await t.app.inject({ method: 'POST', url: '/accounts/logout/', headers: { authorization: `Token ${authToken}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Token has expired.');
  });

  it('a token stops working once its admin is deactivated', async () => {
    const hash = await hashPassword('temp-pass-1');
    const a = await createAccount(t.database.db, { username: 'soon-gone', passwordHash: hash, isStaff: true });
    const { authToken } = (await login({ username: 'soon-gone', password: 'temp-pass-1' }, '10.5.0.1')).json();
    await t.database.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, a.id));
    const res = await t.app.inject({ method: 'POST', url: '/accounts/logout/', headers: { authorization: `Token ${authToken}` } });
    expect(res.statusCode).toBe(401);
  });

  it('unknown API routes get 404 with detail; health is open', async () => {
    const res = await t.as({ method: 'GET', url: '/adminportal/does-not-exist/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'ok', database: kind });
    expect(['waiting', 'running']).toContain(health.json().jobs);
  });

  it('malformed JSON gets a 400 with detail, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/accounts/auth-admin/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().detail).toBe('string');
  });

  it('sends security headers; / is the public website', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describeEachDatabase('first-admin bootstrap', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Start from an empty accounts table, as a new installation does.
    await t.database.db.delete(accounts);
  });
  afterAll(() => t.close());

  it('creates the first admin from ADMIN_USERNAME/ADMIN_PASSWORD, once', async () => {
    const config = loadConfig({ ADMIN_USERNAME: 'studio', ADMIN_PASSWORD: 'from-the-env-123', DATA_DIR: t.config.dataDir });
    const quiet = { info: () => {} } as unknown as typeof t.ctx.log;
    await ensureFirstAdmin({ ...t.ctx, config, log: quiet });
    await ensureFirstAdmin({ ...t.ctx, config, log: quiet });
    const rows = await t.database.db.select().from(accounts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'studio', isStaff: true, isActive: true });
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(rows[0]!.passwordHash, 'from-the-env-123')).toBe(true);
  });

  it('generates a password when none is configured, for the start summary to print', async () => {
    await t.database.db.delete(accounts);
    const config = loadConfig({ DATA_DIR: t.config.dataDir });
    const made = await ensureFirstAdmin({ ...t.ctx, config, log: { info: () => {} } as unknown as typeof t.ctx.log });
    expect(made?.username).toBe('admin');
    const summary = startSummary({ port: 8001, publicUrl: null }, made);
    const match = /Username: (\S+)\s+Password: (\S+)/.exec(summary);
    expect(match).not.toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/accounts/auth-admin/login/',
      payload: { username: match![1], password: match![2] },
    });
    expect(res.statusCode).toBe(200);
    // Started again, with the admin there: nothing to print.
    expect(await ensureFirstAdmin({ ...t.ctx, config, log: { info: () => {} } as unknown as typeof t.ctx.log })).toBeNull();
  });
});

describe('startSummary', () => {
  it("names the website's and the portal's addresses, from PUBLIC_URL when set", () => {
    const local = startSummary({ port: 8001, publicUrl: null }, null);
    expect(local).toContain('Website: http://localhost:8001/\n');
    expect(local).toContain('Portal:  http://localhost:8001/admin-account/\n');
    expect(local).not.toContain('Password');
    const hosted = startSummary({ port: 8001, publicUrl: 'https://studio.example' }, { username: 'admin', password: 'p4ss' });
    expect(hosted).toContain('Website: https://studio.example/');
    expect(hosted).toContain('Username: admin  Password: p4ss');
  });
});
