import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, createTestApp, describeEachDatabase, secondProcess, type TestApp } from '../../test/harness';
import { authTokens } from '../db/schema';

describeEachDatabase('session cache', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const signIn = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: ADMIN });
    return (res.json() as { authToken: string }).authToken;
  };
  const get = (token: string, app = t.app) =>
    app.inject({ method: 'GET', url: '/adminportal/manage-services/', headers: { authorization: `Token ${token}` } });

  it('answers a signed-in admin from memory: the token is not read from the database again', async () => {
    const token = await signIn();
    expect((await get(token)).statusCode).toBe(200);
    // With the token's row gone, only the cache can still know the session.
    await t.database.db.delete(authTokens);
    expect((await get(token)).statusCode).toBe(200);
    // A token it never saw is still looked up, and refused.
    expect((await get('never-issued')).statusCode).toBe(401);
  });

  it('sign-out, password change and deactivation take effect on the very next request', async () => {
    const token = await signIn();
    expect((await get(token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/accounts/logout/', headers: { authorization: `Token ${token}` } });
    expect((await get(token)).statusCode).toBe(401);

    const other = await signIn();
    const mine = await signIn();
    expect((await get(other)).statusCode).toBe(200);
    const admins = (
      await get(mine, t.app).then(() =>
        t.app.inject({ method: 'GET', url: '/adminportal/manage-admins/', headers: { authorization: `Token ${mine}` } }),
      )
    ).json() as { id: number; username: string }[];
    const me = admins.find((a) => a.username === ADMIN.username)!;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/accounts/auth-admin/change-password/${me.id}/`,
      headers: { authorization: `Token ${mine}` },
      payload: { old_password: ADMIN.password, password: 'another long one 99', password2: 'another long one 99' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(other)).statusCode).toBe(401);
    expect((await get(mine)).statusCode).toBe(200);

    const second = await t.app.inject({
      method: 'POST',
      url: '/adminportal/manage-admins/',
      headers: { authorization: `Token ${mine}` },
      payload: { username: 'second', first_name: 'Sam', last_name: 'Second', email: 'sam@studio.test', phone: '+1 555 0101' },
    });
    const { id, temporary_password } = second.json() as { id: number; temporary_password: string };
    const login = await t.app.inject({
      method: 'POST',
      url: '/accounts/auth-admin/login/',
      payload: { username: 'second', password: temporary_password },
    });
    const secondToken = (login.json() as { authToken: string }).authToken;
    expect((await get(secondToken)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: `/adminportal/manage-admins/${id}/`,
      headers: { authorization: `Token ${mine}` },
      payload: { is_active: false },
    });
    expect((await get(secondToken)).statusCode).toBe(401);
  });

  it.runIf(kind === 'postgres')('a sign-out in one process ends the session in another at once', async () => {
    const second = await secondProcess(t);
    const other = second.app;
    try {
      const login = await other.inject({
        method: 'POST',
        url: '/accounts/auth-admin/login/',
        payload: { username: 'second', password: 'x' },
      });
      expect(login.statusCode).toBe(400);
      const token = await t.app
        .inject({
          method: 'POST',
          url: '/accounts/auth-admin/login/',
          payload: { username: ADMIN.username, password: 'another long one 99' },
        })
        .then((r) => (r.json() as { authToken: string }).authToken);
      // Both processes now hold the session in memory.
      expect((await get(token)).statusCode).toBe(200);
      expect((await get(token, other)).statusCode).toBe(200);
      await other.inject({ method: 'POST', url: '/accounts/logout/', headers: { authorization: `Token ${token}` } });
      // NOTIFY travels between connections; it lands within milliseconds, not at the cache's age limit.
      await expect.poll(async () => (await get(token)).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
    } finally {
      await second.close();
    }
  });
});
