import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUDIT_ACTIONS, listEndpoints, type AuditEntry, type Service } from '@darkroom/contracts';
import { ADMIN, createTestApp, describeEachDatabase, makeImage, multipart, type TestApp } from '../../../test/harness';
import { auditLog } from '../../db/schema';
import { pruneActivity } from './activity.service';

const NEW_PASSWORD = 'a new long secret 42';

describeEachDatabase('activity log', (kind) => {
  let t: TestApp;
  const secrets = new Set<string>([ADMIN.password]);
  beforeAll(async () => {
    t = await createTestApp(kind);
    secrets.add(await t.token());
  });
  afterAll(() => t.close());

  const all = async () => (await t.database.db.select().from(auditLog)).sort((a, b) => a.id - b.id);
  /** Runs one call and answers the entries it left. */
  const entriesOf = async (call: () => Promise<{ statusCode: number; body: string }>, expected = [200, 201, 204]) => {
    const before = (await all()).length;
    const res = await call();
    expect(expected, res.body).toContain(res.statusCode);
    return { res, added: (await all()).slice(before) };
  };

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/adminportal/activity/' })).statusCode).toBe(401);
  });

  it('records each kind of write once, with who did it, from where and which fields an update set', async () => {
    const me = (await t.as({ method: 'GET', url: '/adminportal/manage-admins/' })).json() as { id: number; username: string }[];
    const adminId = me.find((a) => a.username === ADMIN.username)!.id;

    const cover = { filename: 'c.jpg', content: await makeImage({ width: 800, height: 600, seed: 7 }), type: 'image/jpeg' };
    const created = await entriesOf(async () => {
      const { payload, headers } = await multipart({ name: 'Weddings', description: 'All day', cover_image: cover });
      return t.as({ method: 'POST', url: '/adminportal/manage-services/', payload, headers });
    });
    const service = created.res.body ? (JSON.parse(created.res.body) as Service) : null;
    expect(created.added).toHaveLength(1);
    expect(created.added[0]).toMatchObject({
      action: 'create',
      area: 'services',
      recordId: service!.id,
      label: 'Weddings',
      actorId: adminId,
    });
    expect(created.added[0]!.ip).toBeTruthy();

    const updated = await entriesOf(() =>
      t.as({ method: 'PATCH', url: `/adminportal/manage-services/${service!.id}/`, payload: { description: 'Half day' } }),
    );
    expect(updated.added).toHaveLength(1);
    expect(updated.added[0]).toMatchObject({ action: 'update', area: 'services', recordId: service!.id, fields: ['description'] });

    const published = await entriesOf(() =>
      t.as({ method: 'PATCH', url: `/adminportal/manage-services/${service!.id}/`, payload: { status: true } }),
    );
    expect(published.added.map((e) => e.action)).toEqual([AUDIT_ACTIONS.publish]);
    const unpublished = await entriesOf(() =>
      t.as({ method: 'PATCH', url: `/adminportal/manage-services/${service!.id}/`, payload: { status: 'false' } }),
    );
    expect(unpublished.added.map((e) => e.action)).toEqual([AUDIT_ACTIONS.unpublish]);

    const uploaded = await entriesOf(async () => {
      const { payload, headers } = await multipart({ service: String(service!.id), land_scape_image: [cover] });
      return t.as({ method: 'POST', url: '/adminportal/manage-gallery/', payload, headers });
    });
    expect(uploaded.added.map((e) => [e.action, e.area])).toEqual([[AUDIT_ACTIONS.upload, 'galleries']]);

    const user = await entriesOf(() =>
      t.as({
        method: 'POST',
        url: '/adminportal/manage-users/',
        payload: { username: 'ana', first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com', phone: '+351 912 345 678' },
      }),
    );
    // A customer gets no password at all (customers never sign in).
    expect(JSON.parse(user.res.body)).not.toHaveProperty('temporary_password');
    expect(user.added).toHaveLength(1);
    expect(user.added[0]).toMatchObject({ action: 'create', area: 'people', label: 'ana' });

    const mailed = await entriesOf(
      () => t.as({ method: 'POST', url: '/adminportal/send-email/', payload: { subject: 'Hello', message: 'Hi', recipients: [adminId] } }),
      [200, 502],
    );
    expect(
      mailed.added.map((e) => e.action),
      mailed.res.body,
    ).toEqual([AUDIT_ACTIONS.send]);

    const changed = await entriesOf(() =>
      t.as({
        method: 'PUT',
        url: `/accounts/auth-admin/change-password/${adminId}/`,
        payload: { old_password: ADMIN.password, password: NEW_PASSWORD, password2: NEW_PASSWORD },
      }),
    );
    secrets.add(NEW_PASSWORD);
    expect(changed.added).toHaveLength(1);
    expect(changed.added[0]).toMatchObject({ action: AUDIT_ACTIONS.passwordChange, fields: [] });

    const deleted = await entriesOf(() => t.as({ method: 'DELETE', url: `/adminportal/manage-services/${service!.id}/` }));
    expect(deleted.added.map((e) => [e.action, e.recordId, e.label])).toEqual([['delete', service!.id, 'Weddings']]);
  });

  it('records sign-ins, failed sign-ins and sign-outs, and never a password, hash or token', async () => {
    const failed = await entriesOf(
      () => t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: { username: 'nobody', password: 'guess-123' } }),
      [400],
    );
    secrets.add('guess-123');
    expect(failed.added).toHaveLength(1);
    expect(failed.added[0]).toMatchObject({ action: AUDIT_ACTIONS.signInFailed, actorId: null, actorName: 'nobody' });

    const signedIn = await entriesOf(() =>
      t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: { username: ADMIN.username, password: NEW_PASSWORD } }),
    );
    const token = (JSON.parse(signedIn.res.body) as { authToken: string }).authToken;
    secrets.add(token);
    expect(signedIn.added).toHaveLength(1);
    expect(signedIn.added[0]).toMatchObject({ action: AUDIT_ACTIONS.signIn, actorName: ADMIN.username });

    const out = await entriesOf(() =>
      t.app.inject({ method: 'POST', url: '/accounts/logout/', headers: { authorization: `Token ${token}` } }),
    );
    expect(out.added).toHaveLength(1);
    expect(out.added[0]).toMatchObject({ action: AUDIT_ACTIONS.signOut, actorName: ADMIN.username });

    const text = JSON.stringify(await all());
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/\$argon2/);
  });

  it('lists newest first, filters by admin, area and dates, and links only records that still exist', async () => {
    const res = await t.as({ method: 'GET', url: '/adminportal/activity/?area=services' });
    expect(res.statusCode).toBe(200);
    const entries = res.json() as AuditEntry[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.area === 'services')).toBe(true);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    // The service was deleted: none of its entries links to it.
    expect(entries.every((e) => !e.record_exists)).toBe(true);

    const info = await t.as({
      method: 'POST',
      url: '/adminportal/manage-contact-us-info/',
      payload: { email: 'studio@example.com', phone: '+351 912 345 678', address: 'Rua 1' },
    });
    expect(info.statusCode, info.body).toBe(201);
    const [latest] = (await t.as({ method: 'GET', url: '/adminportal/activity/?area=contact' })).json() as AuditEntry[];
    expect(latest).toMatchObject({ action: 'create', record_id: (info.json() as { id: number }).id, record_exists: true });

    const today = new Date().toISOString().slice(0, 10);
    expect(
      ((await t.as({ method: 'GET', url: `/adminportal/activity/?from=${today}&to=${today}` })).json() as AuditEntry[]).length,
    ).toBeGreaterThan(0);
    expect((await t.as({ method: 'GET', url: '/adminportal/activity/?to=2000-01-01' })).json()).toEqual([]);
    expect((await t.as({ method: 'GET', url: '/adminportal/activity/?admin=999999' })).json()).toEqual([]);
    expect((await t.as({ method: 'GET', url: '/adminportal/activity/?from=yesterday' })).statusCode).toBe(400);
  });

  it('prunes entries past the retention period', async () => {
    const count = (await all()).length;
    expect(await pruneActivity(t.ctx, new Date(Date.now() + (t.config.auditRetentionDays + 1) * 86_400_000))).toBe(count);
    expect(await all()).toEqual([]);
  });

  it('leaves out only reads: every admin write endpoint is logged unless it says otherwise', () => {
    const silent = listEndpoints().filter((e) => e.method !== 'GET' && (e.access ?? 'admin') === 'admin' && e.audit === false);
    expect(silent.map((e) => `${e.method} ${e.path}`)).toEqual(['POST /adminportal/manage-gallery/check/']);
  });
});
