import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { CUSTOMER_QUERY_MAX, CUSTOMER_SEARCH_LIMIT, NUL_MESSAGE, type CustomerSearchResult, type PersonAccount } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness';
import { insertPeople, likeLiteral } from './people.repository';

const SEARCH = '/adminportal/manage-users/search/';
const USERS = '/adminportal/manage-users/';

/** Bulk rows as the demo seed makes them; the hash is never used (customers never sign in). */
const row = (first: string, last: string, username: string, email = `${username}@example.test`) => ({
  firstName: first,
  lastName: last,
  username,
  email,
  phone: '+44 20 7946 0000',
  passwordHash: 'x',
});

/** 130 plain customers, a few with telling names, and admins who look like them. */
const FILLER = Array.from({ length: 130 }, (_, i) => row(`Filler${String(i).padStart(3, '0')}`, 'Person', `filler_${i}`));

describeEachDatabase('people: the customer picker search', (kind) => {
  let t: TestApp;
  let adaId: number;
  let adminTwinId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [adaId] = (await insertPeople(t.database.db, 'user', [
      row('Ada', 'Lovelace', 'countess', 'ada@engines.test'),
      row('Grace', 'Hopper', 'amazing_grace', 'grace@navy.test'),
      row('Zed', 'Adams', 'zadams', 'zed@example.test'),
      row('Per', 'Cent', 'per%cent'),
      row('Under', 'Score', 'under_score'),
      row('Back', 'Slash', 'back\\slash'),
      ...FILLER,
    ])) as [number];
    [adminTwinId] = (await insertPeople(t.database.db, 'admin', [row('Ada', 'Adminson', 'ada_admin', 'ada@studio.test')])) as [number];
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (query: string) => {
    const res = await t.as({ method: 'GET', url: `${SEARCH}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CustomerSearchResult;
  };
  const usernames = (r: CustomerSearchResult) => r.results.map((c) => c.username);

  it('finds customers by first, last or full name, username or e-mail, ignoring case', async () => {
    expect(usernames(await search('?q=ada'))).toEqual(['countess', 'zadams']);
    expect(usernames(await search('?q=LOVELACE'))).toEqual(['countess']);
    expect(usernames(await search('?q=ada%20love'))).toEqual(['countess']);
    expect(usernames(await search('?q=amazing'))).toEqual(['amazing_grace']);
    expect(usernames(await search('?q=%40navy.TEST'))).toEqual(['amazing_grace']);
    expect(await search('?q=nobody-at-all')).toEqual({ results: [], more: false });
    // Only what a picker shows: no phone, dates or password fields.
    expect((await search('?q=countess')).results).toEqual([
      { id: adaId, first_name: 'Ada', last_name: 'Lovelace', username: 'countess', email: 'ada@engines.test' },
    ]);
  });

  it('never offers an admin, even one matching the text', async () => {
    const found = await search('?q=ada');
    expect(found.results.some((c) => c.id === adminTwinId)).toBe(false);
    expect(usernames(await search('?q=ada_admin'))).toEqual([]);
    expect(usernames(await search('?q=studio.test'))).toEqual([]);
  });

  it('puts names starting with the text before names merely containing it, then sorts by name', async () => {
    // 'Ada Lovelace' starts with 'ad', and so does Zed's last name: both first, then by first name.
    expect(usernames(await search('?q=ad'))).toEqual(['countess', 'zadams']);
    // 'ce': 'Cent' (last name) starts with it; 'Grace' and 'Lovelace' only contain it.
    expect(usernames(await search('?q=ce'))).toEqual(['per%cent', 'countess', 'amazing_grace']);
  });

  it('answers the first matches, at most the limit, and says when there are more', async () => {
    const first = await search('');
    expect(first.results).toHaveLength(CUSTOMER_SEARCH_LIMIT);
    expect(first.more).toBe(true);
    expect(first.results[0]!.username).toBe('countess');
    const five = await search('?q=filler&limit=5');
    expect(usernames(five)).toEqual(['filler_0', 'filler_1', 'filler_2', 'filler_3', 'filler_4']);
    expect(five.more).toBe(true);
    const all = await search('?q=filler&limit=100');
    expect(all.results).toHaveLength(100);
    expect((await search('?q=filler12')).more).toBe(false);
  });

  it('matches %, _ and \\ literally, never as wildcards', async () => {
    expect(likeLiteral('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(usernames(await search('?q=%25'))).toEqual(['per%cent']);
    const underscores = usernames(await search('?q=_&limit=100'));
    expect(underscores).toHaveLength(100);
    expect(underscores.every((u) => u.includes('_'))).toBe(true);
    expect(usernames(await search('?q=r_s'))).toEqual(['under_score']);
    expect(usernames(await search('?q=%5C'))).toEqual(['back\\slash']);
    expect(usernames(await search('?q=r%25c'))).toEqual(['per%cent']);
  });

  it('refuses bad input with a field message (400)', async () => {
    const bad = async (query: string) => {
      const res = await t.as({ method: 'GET', url: `${SEARCH}${query}` });
      expect(res.statusCode, query).toBe(400);
      return res.json() as Record<string, string[]>;
    };
    expect(await bad(`?q=${'a'.repeat(CUSTOMER_QUERY_MAX + 1)}`)).toEqual({
      q: [`Ensure the search has no more than ${CUSTOMER_QUERY_MAX} characters.`],
    });
    expect(await bad('?q=a%00b')).toEqual({ q: [NUL_MESSAGE] });
    expect(await bad('?q=a&q=b')).toEqual({ q: ['Send the search text once.'] });
    for (const limit of ['0', '101', '2.5', 'abc', '-1']) {
      expect(await bad(`?limit=${limit}`)).toEqual({ limit: ['Use a whole number from 1 to 100.'] });
    }
  });

  it('never fails on hostile search text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme', maxLength: 40 }),
          fc.constantFrom("' or 1=1 --", '%%', '\\', '[a-z]', '__proto__'),
        ),
        async (q) => {
          const res = await t.as({ method: 'GET', url: `${SEARCH}?q=${encodeURIComponent(q)}` });
          expect([200, 400], `${JSON.stringify(q)}: ${res.body}`).toContain(res.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads one customer by id; an admin, an unknown or a junk id is 404', async () => {
    const res = await t.as({ method: 'GET', url: `${USERS}${adaId}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json() as PersonAccount).toMatchObject({ id: adaId, first_name: 'Ada', username: 'countess' });
    for (const id of [adminTwinId, 999999, 'abc']) {
      expect((await t.as({ method: 'GET', url: `${USERS}${id}/` })).statusCode, String(id)).toBe(404);
    }
  });

  it('shows a customer added or renamed at once; the users list keeps its shape', async () => {
    const created = await t.as({
      method: 'POST',
      url: USERS,
      payload: { first_name: 'Quincy', last_name: 'Newcomer', email: 'q@example.test', username: 'quincy', phone: '1' },
    });
    expect(created.statusCode).toBe(201);
    expect(usernames(await search('?q=newcomer'))).toEqual(['quincy']);
    const { id } = created.json() as PersonAccount;
    await t.as({ method: 'PATCH', url: `${USERS}${id}/`, payload: { last_name: 'Renamed' } });
    expect(usernames(await search('?q=newcomer'))).toEqual([]);
    const list = (await t.as({ method: 'GET', url: USERS })).json() as PersonAccount[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(CUSTOMER_SEARCH_LIMIT);
  });

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${SEARCH}?q=ada` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${USERS}${adaId}/` })).statusCode).toBe(401);
  });
});
