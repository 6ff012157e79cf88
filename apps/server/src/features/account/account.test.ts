import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, COMMON_MESSAGES, PEOPLE_MESSAGES, type ProfileUpdateResponse } from '@darkroom/contracts';
import { ADMIN, createTestApp, describeEachDatabase, expectThrottled, multipart, type TestApp } from '../../../test/harness';
import { accounts } from '../../db/schema';
import { createAccount, findAccount } from '../../auth/accounts.repository';
import { hashPassword, verifyPassword } from '../../auth/passwords';

describeEachDatabase('account: profile and password', (kind) => {
  let t: TestApp;
  let ownerId: number;
  let ipSeq = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { LOGIN_MAX_FAILURES: '4' } });
    const [owner] = await t.database.db.select().from(accounts).where(eq(accounts.username, ADMIN.username));
    ownerId = owner!.id;
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/accounts/auth-admin/login/',
      payload: { username, password },
      remoteAddress: `10.7.0.${++ipSeq}`,
    });

  /** A separate admin with its own token, so password changes do not disturb the owner. */
  async function makeAdmin(over: { email?: string; phone?: string } = {}) {
    const username = `acct_${Date.now()}_${++ipSeq}`;
    const password = 'initial-password-1';
    const row = await createAccount(t.database.db, {
      username,
      passwordHash: await hashPassword(password),
      isStaff: true,
      firstName: 'Ines',
      lastName: 'Ito',
      email: over.email ?? `${username}@studio.test`,
      phone: over.phone ?? '+1 555 0111',
    });
    const token = ((await login(username, password)).json() as { authToken: string }).authToken;
    const as = (o: Parameters<TestApp['as']>[0]) => t.app.inject({ ...o, headers: { ...o.headers, authorization: `Token ${token}` } });
    return { row, username, password, token, as };
  }

  const profileUrl = (id: number) => `/accounts/update-profile/${id}/`;
  const passwordUrl = (id: number) => `/accounts/auth-admin/change-password/${id}/`;

  it('updates the own profile and answers with userDetails', async () => {
    const res = await t.as({ method: 'PATCH', url: profileUrl(ownerId), payload: { first_name: 'Olivia', last_name: 'Owens' } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProfileUpdateResponse;
    expect(body.status).toBe(true);
    expect(body.userDetails).toEqual({
      id: ownerId,
      username: ADMIN.username,
      first_name: 'Olivia',
      last_name: 'Owens',
      email: 'owner@studio.test',
      phone: '+1 555 0100',
      is_staff: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/password/);
    const row = await findAccount(t.database.db, ownerId);
    expect(row).toMatchObject({ firstName: 'Olivia', lastName: 'Owens', email: 'owner@studio.test' });
  });

  it('accepts multipart and changes email and phone when sent', async () => {
    const me = await makeAdmin();
    const res = await me.as({
      method: 'PATCH',
      url: profileUrl(me.row.id),
      ...(await multipart({ first_name: 'Ines', last_name: 'Ito', email: 'ines@studio.test', phone: '42' })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().userDetails).toMatchObject({ email: 'ines@studio.test', phone: '42' });
  });

  it('requires the names with the spec messages; email and phone may be left out when already set', async () => {
    const me = await makeAdmin();
    const res = await me.as({ method: 'PATCH', url: profileUrl(me.row.id), payload: { first_name: '', last_name: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: [PEOPLE_MESSAGES.firstNameRequired], last_name: [PEOPLE_MESSAGES.lastNameRequired] });
    const blank = await me.as({
      method: 'PATCH',
      url: profileUrl(me.row.id),
      payload: { first_name: 'A', last_name: 'B', email: '', phone: '' },
    });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().userDetails).toMatchObject({ first_name: 'A', email: me.row.email, phone: me.row.phone });
    const bad = await me.as({ method: 'PATCH', url: profileUrl(me.row.id), payload: { email: 'nope' } });
    expect(bad.json()).toEqual({ email: [PEOPLE_MESSAGES.emailInvalid] });
  });

  it('requires email and phone when the account has none', async () => {
    const me = await makeAdmin({ email: '', phone: '' });
    const res = await me.as({ method: 'PATCH', url: profileUrl(me.row.id), payload: { first_name: 'Ines', last_name: 'Ito' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [PEOPLE_MESSAGES.emailRequired], phone: [PEOPLE_MESSAGES.phoneRequired] });
    const ok = await me.as({
      method: 'PATCH',
      url: profileUrl(me.row.id),
      payload: { first_name: 'Ines', last_name: 'Ito', email: 'i@s.test', phone: '1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().userDetails).toMatchObject({ email: 'i@s.test', phone: '1' });
  });

  it("refuses another account's profile and password with 403; junk ids are 404", async () => {
    const other = await makeAdmin();
    const res = await t.as({ method: 'PATCH', url: profileUrl(other.row.id), payload: { first_name: 'Hacked' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: ACCOUNT_MESSAGES.notOwnAccount });
    const pw = await t.as({
      method: 'PUT',
      url: passwordUrl(other.row.id),
      payload: { old_password: other.password, password: 'new-password-9', password2: 'new-password-9' },
    });
    expect(pw.statusCode).toBe(403);
    expect((await findAccount(t.database.db, other.row.id))!.firstName).toBe('Ines');
    expect(await verifyPassword((await findAccount(t.database.db, other.row.id))!.passwordHash, other.password)).toBe(true);
    expect((await t.as({ method: 'PATCH', url: profileUrl(999999), payload: {} })).statusCode).toBe(403);
    expect((await t.as({ method: 'PATCH', url: '/accounts/update-profile/me/', payload: {} })).statusCode).toBe(404);
  });

  it('change password: required fields with the spec messages', async () => {
    const me = await makeAdmin();
    const res = await me.as({ method: 'PUT', url: passwordUrl(me.row.id), payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      old_password: [ACCOUNT_MESSAGES.oldPasswordRequired],
      password: [ACCOUNT_MESSAGES.newPasswordRequired],
      password2: [ACCOUNT_MESSAGES.confirmPasswordRequired],
    });
  });

  it('change password: too short, mismatched, wrong old and unchanged are refused in non_field_errors', async () => {
    const me = await makeAdmin();
    const put = (payload: Record<string, string>) => me.as({ method: 'PUT', url: passwordUrl(me.row.id), payload });
    const short = await put({ old_password: me.password, password: 'short', password2: 'short' });
    expect(short.json()).toEqual({ password: [ACCOUNT_MESSAGES.passwordTooShort] });
    const mismatch = await put({ old_password: me.password, password: 'new-password-1', password2: 'new-password-2' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().non_field_errors).toEqual([ACCOUNT_MESSAGES.passwordMismatch]);
    const wrong = await put({ old_password: 'not-it-at-all', password: 'new-password-1', password2: 'new-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().non_field_errors).toEqual([ACCOUNT_MESSAGES.oldPasswordWrong]);
    const same = await put({ old_password: me.password, password: me.password, password2: me.password });
    expect(same.json().non_field_errors).toEqual([ACCOUNT_MESSAGES.passwordUnchanged]);
    expect(await verifyPassword((await findAccount(t.database.db, me.row.id))!.passwordHash, me.password)).toBe(true);
  });

  it('change password: succeeds, signs out the other sessions, keeps this one; the new password signs in', async () => {
    const me = await makeAdmin();
    const other = ((await login(me.username, me.password)).json() as { authToken: string }).authToken;
    const res = await me.as({
      method: 'PUT',
      url: passwordUrl(me.row.id),
      payload: { old_password: me.password, password: 'brand-new-pass-1', password2: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, detail: ACCOUNT_MESSAGES.passwordUpdated });
    expect(JSON.stringify(res.json())).not.toContain('brand-new-pass-1');
    const row = (await findAccount(t.database.db, me.row.id))!;
    expect(row.passwordHash).not.toContain('brand-new-pass-1');
    // The session that made the change stays; the other one is revoked.
    expect((await me.as({ method: 'GET', url: '/adminportal/manage-admins/' })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'GET', url: '/adminportal/manage-admins/', headers: { authorization: `Token ${other}` } });
    expect(revoked.statusCode).toBe(401);
    expect((await login(me.username, me.password)).statusCode).toBe(400);
    expect((await login(me.username, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('change password: repeated wrong old passwords are refused with 429', async () => {
    const me = await makeAdmin();
    const wrong = { old_password: 'guess', password: 'new-password-1', password2: 'new-password-1' };
    for (let i = 0; i < 4; i++) expect((await me.as({ method: 'PUT', url: passwordUrl(me.row.id), payload: wrong })).statusCode).toBe(400);
    const blocked = await me.as({ method: 'PUT', url: passwordUrl(me.row.id), payload: { ...wrong, old_password: me.password } });
    expectThrottled(blocked, COMMON_MESSAGES.tooManyRequests, t.config.loginWindowMs);
    expect(await verifyPassword((await findAccount(t.database.db, me.row.id))!.passwordHash, me.password)).toBe(true);
  });

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: profileUrl(ownerId), payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: passwordUrl(ownerId), payload: {} })).statusCode).toBe(401);
  });
});
