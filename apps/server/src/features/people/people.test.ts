import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PEOPLE_MESSAGES, type PersonAccount, type PersonCreated, type PersonHoldings } from '@darkroom/contracts';
import { ADMIN, createTestApp, describeEachDatabase, makeImage, multipart, type TestApp } from '../../../test/harness';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../test/smtp';
import { accounts, outgoingMail } from '../../db/schema';
import { createMailer, type Mailer } from '../../mail/mailer';
import { findAccount } from '../../auth/accounts.repository';
import { deletePersonById, updatePersonById } from './people.service';

const USERS = '/adminportal/manage-users/';
const ADMINS = '/adminportal/manage-admins/';

let seq = 0;
const person = (over: Record<string, string> = {}) => {
  seq += 1;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `ada${seq}@example.test`,
    username: `ada_${seq}_${Date.now()}`,
    phone: '+44 20 7946 0000',
    ...over,
  };
};

/** No response of this area may carry a password or its hash, except the one-time temporary password. */
function expectNoPasswordFields(body: unknown): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password_text|password_hash|passwordHash|"password"/);
}

describeEachDatabase('people: users and admins', (kind) => {
  let t: TestApp;
  let smtp: LoopbackSmtp;
  let failMail = false;
  let ownerId: number;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    const real = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Studio <studio@example.test>',
      dataDir: '/nonexistent',
    });
    // Wraps the real SMTP mailer so one test can make delivery fail.
    const mailer: Mailer = {
      send: (mail) => (failMail ? Promise.reject(new Error('SMTP is down')) : real.send(mail)),
      close: () => real.close(),
    };
    t = await createTestApp(kind, { mailer });
    const [owner] = await t.database.db.select().from(accounts).where(eq(accounts.username, ADMIN.username));
    ownerId = owner!.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const create = (url: string, payload: Record<string, string>) => t.as({ method: 'POST', url, payload });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: { username, password }, remoteAddress: `10.9.${seq}.1` });

  it('lists admins (the seeded owner) and users apart, with the spec fields and no password', async () => {
    const admins = await t.as({ method: 'GET', url: ADMINS });
    expect(admins.statusCode).toBe(200);
    const list = admins.json() as PersonAccount[];
    const owner = list.find((a) => a.username === ADMIN.username)!;
    expect(Object.keys(owner).sort()).toEqual(
      ['date_joined', 'email', 'first_name', 'id', 'is_active', 'last_login', 'last_name', 'phone', 'username'].sort(),
    );
    expect(owner).toMatchObject({ first_name: 'Olive', last_name: 'Owner', email: 'owner@studio.test', is_active: true });
    expect(Date.parse(owner.date_joined)).not.toBeNaN();
    expect(Date.parse(owner.last_login!)).not.toBeNaN();
    expectNoPasswordFields(list);
    const users = await t.as({ method: 'GET', url: USERS });
    expect(users.statusCode).toBe(200);
    expect((users.json() as PersonAccount[]).some((u) => u.username === ADMIN.username)).toBe(false);
  });

  it('shows a sign-in and a profile edit in the admins list at once, though the list is cached', async () => {
    const owner = async () => ((await t.as({ method: 'GET', url: ADMINS })).json() as PersonAccount[]).find((a) => a.id === ownerId)!;
    const before = await owner();
    expect(await owner()).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await login(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    const signedIn = await owner();
    expect(Date.parse(signedIn.last_login!)).toBeGreaterThan(Date.parse(before.last_login!));
    const edit = await t.as({ method: 'PATCH', url: `/accounts/update-profile/${ownerId}/`, payload: { first_name: 'Olivia' } });
    expect(edit.statusCode).toBe(200);
    expect((await owner()).first_name).toBe('Olivia');
    await t.as({ method: 'PATCH', url: `/accounts/update-profile/${ownerId}/`, payload: { first_name: 'Olive' } });
    expect((await owner()).first_name).toBe('Olive');
  });

  it('creates a user (customer) with no password shown or e-mailed, and no invitation to sign in', async () => {
    const input = person();
    const before = smtp.inbox.length;
    const res = await create(USERS, input);
    expect(res.statusCode).toBe(201);
    const body = res.json() as PersonAccount;
    expect(body).toMatchObject({ ...input, is_active: true, last_login: null });
    expect(Object.keys(body).sort()).toEqual(
      ['date_joined', 'email', 'first_name', 'id', 'is_active', 'last_login', 'last_name', 'phone', 'username'].sort(),
    );
    expect(res.body).not.toMatch(/password|sign in/i);
    const row = await findAccount(t.database.db, body.id);
    expect(row!.isStaff).toBe(false);
    // Customers never use the portal: nothing is e-mailed to them, nor queued (an admin's welcome
    // is in the inbox by the time its creation answers: see the next test).
    expect(await t.database.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, input.email))).toEqual([]);
    expect(smtp.inbox.slice(before).filter((m) => m.to.includes(input.email))).toEqual([]);

    // It shows in the users list (newest first), never in the admins list, and never with a password.
    const users = (await t.as({ method: 'GET', url: USERS })).json() as PersonAccount[];
    expect(users[0]).toMatchObject({ id: body.id, username: input.username });
    expectNoPasswordFields(users);
    const admins = (await t.as({ method: 'GET', url: ADMINS })).json() as PersonAccount[];
    expect(admins.some((a) => a.id === body.id)).toBe(false);
  });

  it('a customer cannot use the portal', async () => {
    const input = person();
    const body = (await create(USERS, input)).json() as PersonAccount;
    expect((await login(body.username, '')).statusCode).toBe(400);
    expect((await login(body.username, input.username)).statusCode).toBe(400);
  });

  it('creates an admin who signs in with the temporary password, which no e-mail carries', async () => {
    const input = person({ first_name: 'Grace' });
    const res = await create(ADMINS, input);
    expect(res.statusCode).toBe(201);
    const body = res.json() as PersonCreated;
    expect((await findAccount(t.database.db, body.id))!.isStaff).toBe(true);
    const mail = smtp.inbox.find((m) => m.to.includes(input.email));
    // Both parts decoded (the HTML may travel in base64): neither carries the password.
    const parsed = mail!.mail;
    for (const part of [mail!.raw, parsed.text ?? '', parsed.html || '']) expect(part).not.toContain(body.temporary_password);
    expect(parsed.text).toContain('Hello Grace,');
    expect(parsed.html).toContain(input.username);
    const signIn = await login(input.username, body.temporary_password);
    expect(signIn.statusCode).toBe(200);
    const admins = (await t.as({ method: 'GET', url: ADMINS })).json() as PersonAccount[];
    expect(admins.find((a) => a.id === body.id)!.last_login).not.toBeNull();
  });

  it('still creates the account when the e-mail cannot be sent, and says so', async () => {
    failMail = true;
    try {
      const res = await create(ADMINS, person());
      expect(res.statusCode).toBe(201);
      const body = res.json() as PersonCreated;
      expect(body.email_sent).toBe(false);
      expect(body.temporary_password).toHaveLength(16);
      expect(await findAccount(t.database.db, body.id)).toBeDefined();
    } finally {
      failMail = false;
    }
  });

  it('accepts form-encoded and multipart bodies on create', async () => {
    const input = person();
    const form = await t.as({
      method: 'POST',
      url: USERS,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(input).toString(),
    });
    expect(form.statusCode).toBe(201);
    const mp = await multipart(person());
    const res = await t.as({ method: 'POST', url: ADMINS, ...mp });
    expect(res.statusCode).toBe(201);
  });

  it.each([USERS, ADMINS])('%s: create answers missing fields with the spec messages', async (url) => {
    const res = await create(url, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: [PEOPLE_MESSAGES.firstNameRequired],
      last_name: [PEOPLE_MESSAGES.lastNameRequired],
      email: [PEOPLE_MESSAGES.emailRequired],
      phone: [PEOPLE_MESSAGES.phoneRequired],
      username: [PEOPLE_MESSAGES.usernameRequired],
    });
    const blank = await create(url, { first_name: ' ', last_name: '', email: '', phone: ' ', username: '  ' });
    expect(Object.keys(blank.json()).sort()).toEqual(['email', 'first_name', 'last_name', 'phone', 'username']);
  });

  it('rejects a malformed e-mail and username with clear messages', async () => {
    const res = await create(USERS, person({ email: 'not-an-email', username: 'has space' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [PEOPLE_MESSAGES.emailInvalid], username: [PEOPLE_MESSAGES.usernameInvalid] });
  });

  it('usernames are unique across users and admins, ignoring case', async () => {
    const name = `Unique_${Date.now()}`;
    expect((await create(USERS, person({ username: name }))).statusCode).toBe(201);
    for (const [url, username] of [
      [USERS, name.toLowerCase()],
      [ADMINS, name.toUpperCase()],
      [ADMINS, ADMIN.username.toUpperCase()],
    ] as const) {
      const res = await create(url, person({ username }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: [PEOPLE_MESSAGES.usernameTaken] });
    }
  });

  it('updates by multipart: only the sent fields change; username is optional on edit', async () => {
    const created = (await create(USERS, person())).json() as PersonCreated;
    const mp = await multipart({ first_name: 'Augusta', last_name: 'King', username: '' });
    const res = await t.as({ method: 'PATCH', url: `${USERS}${created.id}/`, ...mp });
    expect(res.statusCode).toBe(200);
    const body = res.json() as PersonAccount;
    expect(body).toMatchObject({
      first_name: 'Augusta',
      last_name: 'King',
      email: created.email,
      phone: created.phone,
      username: created.username,
    });
    expectNoPasswordFields(body);
    const users = (await t.as({ method: 'GET', url: USERS })).json() as PersonAccount[];
    expect(users.find((u) => u.id === created.id)).toMatchObject({ first_name: 'Augusta', email: created.email });

    const json = await t.as({
      method: 'PATCH',
      url: `${USERS}${created.id}/`,
      payload: { email: 'augusta@example.test', phone: '123', username: `${created.username}_x` },
    });
    expect(json.json()).toMatchObject({
      email: 'augusta@example.test',
      phone: '123',
      username: `${created.username}_x`,
      first_name: 'Augusta',
    });
  });

  it('update validates what is sent with the spec messages and keeps usernames unique', async () => {
    const a = (await create(USERS, person())).json() as PersonCreated;
    const b = (await create(USERS, person())).json() as PersonCreated;
    const res = await t.as({ method: 'PATCH', url: `${USERS}${a.id}/`, payload: { first_name: '', last_name: ' ', email: '', phone: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: [PEOPLE_MESSAGES.firstNameRequired],
      last_name: [PEOPLE_MESSAGES.lastNameRequired],
      email: [PEOPLE_MESSAGES.emailRequired],
      phone: [PEOPLE_MESSAGES.phoneRequired],
    });
    const taken = await t.as({ method: 'PATCH', url: `${USERS}${a.id}/`, payload: { username: b.username.toUpperCase() } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ username: [PEOPLE_MESSAGES.usernameTaken] });
    expect((await findAccount(t.database.db, a.id))!.firstName).toBe('Ada');
  });

  it('toggles is_active (form strings too) and shows it in the list', async () => {
    const u = (await create(USERS, person())).json() as PersonCreated;
    const off = await t.as({
      method: 'PATCH',
      url: `${USERS}${u.id}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'is_active=false',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().is_active).toBe(false);
    let users = (await t.as({ method: 'GET', url: USERS })).json() as PersonAccount[];
    expect(users.find((x) => x.id === u.id)!.is_active).toBe(false);
    const on = await t.as({ method: 'PATCH', url: `${USERS}${u.id}/`, payload: { is_active: true } });
    expect(on.json().is_active).toBe(true);
    users = (await t.as({ method: 'GET', url: USERS })).json() as PersonAccount[];
    expect(users.find((x) => x.id === u.id)!.is_active).toBe(true);
  });

  it('deactivating an admin revokes their tokens and stops their sign-in', async () => {
    const input = person();
    const admin = (await create(ADMINS, input)).json() as PersonCreated;
    const { authToken } = (await login(input.username, admin.temporary_password)).json() as { authToken: string };
    const headers = { authorization: `Token ${authToken}` };
    expect((await t.app.inject({ method: 'GET', url: ADMINS, headers })).statusCode).toBe(200);
    const res = await t.as({ method: 'PATCH', url: `${ADMINS}${admin.id}/`, payload: { is_active: 'false' } });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: ADMINS, headers });
    expect(after.statusCode).toBe(401);
    // Reactivating does not bring the old token back.
    await t.as({ method: 'PATCH', url: `${ADMINS}${admin.id}/`, payload: { is_active: 'true' } });
    expect((await t.app.inject({ method: 'GET', url: ADMINS, headers })).statusCode).toBe(401);
  });

  it('an admin cannot deactivate or delete themself', async () => {
    const off = await t.as({ method: 'PATCH', url: `${ADMINS}${ownerId}/`, payload: { is_active: false } });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ detail: PEOPLE_MESSAGES.cannotDeactivateSelf });
    const del = await t.as({ method: 'DELETE', url: `${ADMINS}${ownerId}/` });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ detail: PEOPLE_MESSAGES.cannotDeleteSelf });
    const row = await findAccount(t.database.db, ownerId);
    expect(row!.isActive).toBe(true);
    // Editing one's own name through the admins list is fine.
    const ok = await t.as({ method: 'PATCH', url: `${ADMINS}${ownerId}/`, payload: { first_name: 'Olive' } });
    expect(ok.statusCode).toBe(200);
  });

  it('the last active admin can be neither deactivated nor deleted', async () => {
    // Over HTTP the actor is always another active admin, so this guards against a stale actor
    // (for example one deactivated while their request was in flight). Call the service directly.
    const input = person();
    const other = (await create(ADMINS, input)).json() as PersonCreated;
    // Every admin but the owner is inactive: the owner is the last active admin.
    await t.database.db.update(accounts).set({ isActive: false }).where(eq(accounts.isStaff, true));
    await t.database.db.update(accounts).set({ isActive: true }).where(eq(accounts.id, ownerId));
    const actor = (await findAccount(t.database.db, other.id))!;
    await expect(updatePersonById(t.contextAs(actor), 'admin', ownerId, { is_active: false })).rejects.toMatchObject({
      statusCode: 403,
      detail: PEOPLE_MESSAGES.lastAdmin,
    });
    await expect(deletePersonById(t.contextAs(actor), 'admin', ownerId)).rejects.toMatchObject({
      statusCode: 403,
      detail: PEOPLE_MESSAGES.lastAdmin,
    });
    expect((await findAccount(t.database.db, ownerId))!.isActive).toBe(true);
    // An inactive admin can still be deleted: it is not the last active one.
    await deletePersonById(t.contextAs((await findAccount(t.database.db, ownerId))!), 'admin', other.id);
    expect(await findAccount(t.database.db, other.id)).toBeUndefined();
  });

  it('two admins removing each other at once leave at least one active admin', async () => {
    const a = person();
    const b = person();
    const ca = (await create(ADMINS, a)).json() as PersonCreated;
    const cb = (await create(ADMINS, b)).json() as PersonCreated;
    // Only a and b are active admins for this test.
    await t.database.db.update(accounts).set({ isActive: false }).where(eq(accounts.isStaff, true));
    await t.database.db.update(accounts).set({ isActive: true }).where(eq(accounts.id, ca.id));
    await t.database.db.update(accounts).set({ isActive: true }).where(eq(accounts.id, cb.id));
    const ta = ((await login(a.username, ca.temporary_password)).json() as { authToken: string }).authToken;
    const tb = ((await login(b.username, cb.temporary_password)).json() as { authToken: string }).authToken;
    const results = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `${ADMINS}${cb.id}/`, headers: { authorization: `Token ${ta}` } }),
      t.app.inject({ method: 'DELETE', url: `${ADMINS}${ca.id}/`, headers: { authorization: `Token ${tb}` } }),
    ]);
    expect(results.filter((r) => r.statusCode === 204)).toHaveLength(1);
    const active = (await t.database.db.select().from(accounts).where(eq(accounts.isStaff, true))).filter((r) => r.isActive);
    expect(active.length).toBeGreaterThanOrEqual(1);
    // Put the owner back for the tests that follow.
    await t.database.db.update(accounts).set({ isActive: true }).where(eq(accounts.id, ownerId));
  });

  it('deletes a user and an admin; then they are gone', async () => {
    const u = (await create(USERS, person())).json() as PersonCreated;
    const a = (await create(ADMINS, person())).json() as PersonCreated;
    expect((await t.as({ method: 'DELETE', url: `${USERS}${u.id}/` })).statusCode).toBe(204);
    expect((await t.as({ method: 'DELETE', url: `${ADMINS}${a.id}/` })).statusCode).toBe(204);
    const users = (await t.as({ method: 'GET', url: USERS })).json() as PersonAccount[];
    expect(users.some((x) => x.id === u.id)).toBe(false);
    const admins = (await t.as({ method: 'GET', url: ADMINS })).json() as PersonAccount[];
    expect(admins.some((x) => x.id === a.id)).toBe(false);
    expect((await t.as({ method: 'DELETE', url: `${USERS}${u.id}/` })).statusCode).toBe(404);
  });

  it('a customer who owns a client gallery cannot be deleted (409, naming it); their gallery links go with them', async () => {
    const u = (await create(USERS, person())).json() as PersonCreated;
    const body = await multipart({
      title: 'Harbour wedding',
      user: u.id,
      cover_image: { filename: 'cover.jpg', content: await makeImage({ width: 1200, height: 800, seed: 41 }), type: 'image/jpeg' },
    });
    const gallery = await t.as({
      method: 'POST',
      url: '/adminportal/manage-client-galleries/',
      payload: body.payload,
      headers: body.headers,
    });
    expect(gallery.statusCode, gallery.body).toBe(201);
    const link = await t.as({
      method: 'POST',
      url: '/adminportal/photo-gallery-links/',
      payload: { user: u.id, link: 'https://photos.example.com/x', description: 'Proofs' },
    });
    expect(link.statusCode, link.body).toBe(201);

    const holdings = await t.as({ method: 'GET', url: `${USERS}${u.id}/holdings/` });
    expect(holdings.json()).toEqual({ client_galleries: ['Harbour wedding'], love_stories: [], gallery_links: 1 } satisfies PersonHoldings);
    const refused = await t.as({ method: 'DELETE', url: `${USERS}${u.id}/` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'This user still owns 1 client gallery. Assign them to another user or delete them first.',
    });
    expect(await findAccount(t.database.db, u.id)).toBeTruthy();

    const galleryId = (gallery.json() as { id: number }).id;
    expect((await t.as({ method: 'DELETE', url: `/adminportal/manage-client-galleries/${galleryId}/` })).statusCode).toBe(204);
    expect((await t.as({ method: 'DELETE', url: `${USERS}${u.id}/` })).statusCode).toBe(204);
    const links = (await t.as({ method: 'GET', url: '/adminportal/photo-gallery-links/' })).json() as { user: number | null }[];
    expect(links.some((l) => l.user === u.id)).toBe(false);
    expect((await t.as({ method: 'GET', url: `${USERS}${u.id}/holdings/` })).statusCode).toBe(404);
  });

  it('an id from the other list, an unknown id and a junk id are 404', async () => {
    const u = (await create(USERS, person())).json() as PersonCreated;
    for (const [method, url] of [
      ['PATCH', `${ADMINS}${u.id}/`],
      ['DELETE', `${ADMINS}${u.id}/`],
      ['PATCH', `${USERS}${ownerId}/`],
      ['DELETE', `${USERS}${ownerId}/`],
      ['PATCH', `${USERS}999999/`],
      ['DELETE', `${ADMINS}abc/`],
    ] as const) {
      const res = await t.as({ method, url, payload: method === 'PATCH' ? { first_name: 'X' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await findAccount(t.database.db, u.id))!.firstName).toBe('Ada');
  });

  it('requires a signed-in admin', async () => {
    for (const [method, url] of [
      ['GET', USERS],
      ['POST', ADMINS],
      ['DELETE', `${USERS}1/`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
