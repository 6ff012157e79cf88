import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RouteEntry } from '../app';
import { ADMIN, createTestApp, describeEachDatabase, type TestApp } from '../../test/harness';
import { accounts, authTokens } from '../db/schema';
import { createAccount } from './accounts.repository';
import { hashPassword } from './passwords';
import { hashToken } from './tokens.repository';

/**
 * Every route anyone may call. A route that turns public without being listed here fails this
 * test; everything else is called with every kind of bad credential, through every spelling of
 * its path, and must answer 401/403 (or 404 where the spelling matches no route) and change nothing.
 */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'HEAD /healthz',
  'POST /accounts/auth-admin/login/',
  'POST /site/enquiries/',
  // Same answer for every address (features/delivery/client-gallery-page.test.ts).
  'POST /site/client-gallery/',
  // The public site's read API (published content only: features/site/site.test.ts).
  ...[
    '/site/services/',
    '/site/services/:id/',
    '/site/love-stories/',
    '/site/love-stories/:id/',
    '/site/page-images/',
    '/site/about/',
    '/site/carousel/',
    '/site/home-gallery/',
    '/site/contact/',
    '/site/team/',
    '/site/service-page/',
    '/site/settings/',
    // The journal (features/blog-posts/blog-posts.test.ts).
    '/site/posts/',
    '/site/posts/:id/',
  ].flatMap((p) => [`GET ${p}`, `HEAD ${p}`]),
  // The public website (features/site/site-pages.routes.ts).
  ...[
    '/services/',
    '/services/:slug/',
    '/love-stories/',
    '/love-stories/:slug/',
    '/about/',
    '/contact/',
    '/client-gallery/',
    '/services',
    '/love-stories',
    '/about',
    '/contact',
    '/client-gallery',
    '/journal/',
    '/journal/:slug/',
    '/journal',
    '/journal/feed.xml',
    '/sitemap.xml',
    '/robots.txt',
    '/site-assets/*',
  ].flatMap((p) => [`GET ${p}`, `HEAD ${p}`]),
  // Client delivery: the token in the path is the credential (features/delivery/delivery.test.ts).
  ...[
    '/g/:token/',
    '/site/galleries/:token/',
    '/site/galleries/:token/download/',
    '/site/galleries/:token/photos/:id/original/',
    '/site/galleries/:token/photos/:id/download/',
    '/site/galleries/:token/photos/:id/preview/:width/',
    '/site/galleries/:token/cover/:width/',
  ].flatMap((p) => [`GET ${p}`, `HEAD ${p}`]),
  'POST /site/galleries/:token/unlock/',
  'POST /site/galleries/:token/download-pin/',
  'POST /g/:token/',
  'PUT /site/galleries/:token/favourites/',
  // Each visitor's selection (features/delivery/selections.test.ts).
  'POST /site/galleries/:token/visitor/',
  'POST /site/galleries/:token/favourites/submit/',
  'PUT /site/galleries/:token/photos/:id/note/',
  'GET /',
  'HEAD /',
  'GET /admin-account',
  'HEAD /admin-account',
  'GET /media/*',
  'HEAD /media/*',
  // The API reference: it describes the API and holds no data.
  ...['/docs', '/docs/json', '/docs/yaml', '/docs/static/*', '/docs/static/index.html', '/docs/static/swagger-initializer.js'].flatMap(
    (p) => [`GET ${p}`, `HEAD ${p}`],
  ),
  'HEAD /docs/',
]);

/** A body that would create or change a record on most write routes if the guard let it through. */
const TEMPTING_BODY = {
  first_name: 'Mallory',
  last_name: 'Intruder',
  email: 'mallory@evil.test',
  phone: '+1 555 0199',
  username: 'mallory',
  name: 'Injected',
  title: 'Injected',
  header: 'Injected',
  message: 'Injected',
  description: 'Injected',
  link: 'https://evil.test/',
  user: 1,
  status: 'true',
  subject: 'Injected',
  recipients: [1],
  old_password: ADMIN.password,
  password: 'new-password-123',
  password2: 'new-password-123',
  info_text1: 'Injected',
  header_text: 'Injected',
  ids: [1],
};

const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, '1').replace(/\*$/, '1/');

const pct = (c: string, upper: boolean) => {
  const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/** The ways a client can spell one path so that a router might still match it. */
export function spellings(path: string, everyLetter = false): string[] {
  const out = new Set<string>([path]);
  out.add(path.replace(/[a-z]/gi, (c) => pct(c, false)));
  out.add(path.replace(/[a-z]/gi, (c) => pct(c, true)));
  out.add(`/${path}`);
  out.add(path.replace(/^(\/[^/]+)\//, '$1//'));
  out.add(path.replace(/^(\/[^/]+)\//, '$1/./'));
  out.add(`${path};`);
  out.add(path.replace(/\/$/, ';/'));
  out.add(path.replace(/\/$/, '%2F'));
  out.add(path.replace(/\/$/, '%2f'));
  const letters = [...path.matchAll(/[a-z]/gi)].map((m) => m.index!);
  const positions = everyLetter ? letters : letters.slice(0, 3);
  for (const i of positions) {
    out.add(path.slice(0, i) + pct(path[i]!, false) + path.slice(i + 1));
    out.add(path.slice(0, i) + pct(path[i]!, true) + path.slice(i + 1));
  }
  return [...out];
}

describeEachDatabase('access: every admin route refuses every bad credential, however its path is spelled', (kind) => {
  let t: TestApp;
  let credentials: [string, Record<string, string>][];
  let guarded: RouteEntry[];

  /** Row counts and contents of every table, so any write shows. */
  const fingerprint = async () => {
    const rows = await t.database.db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    const tables = (Array.isArray(rows) ? rows : (rows as { rows: { tablename: string }[] }).rows).map((r) => r.tablename);
    const parts: string[] = [];
    for (const table of tables) {
      const res = await t.database.db.execute<{ n: string; h: string | null }>(
        sql`select count(*)::text as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(table)} x`,
      );
      const [r] = Array.isArray(res) ? res : (res as { rows: { n: string; h: string }[] }).rows;
      parts.push(`${table}:${r!.n}:${r!.h}`);
    }
    const usage = await t.app.storage.usage();
    return `${parts.join('\n')}\nmedia:${usage.files}:${usage.bytes}`;
  };

  const signIn = async (username: string, password: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: { username, password } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { authToken: string }).authToken;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const valid = await t.token();

    const loggedOut = await signIn(ADMIN.username, ADMIN.password);
    expect(
      (await t.app.inject({ method: 'POST', url: '/accounts/logout/', headers: { authorization: `Token ${loggedOut}` } })).statusCode,
    ).toBe(200);

    const expired = await signIn(ADMIN.username, ADMIN.password);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(expired)));

    const retired = await createAccount(t.database.db, {
      username: 'retired-admin',
      passwordHash: await hashPassword('retired-pass-1'),
      isStaff: true,
    });
    const deactivated = await signIn('retired-admin', 'retired-pass-1');
    await t.database.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, retired.id));

    credentials = [
      ['no token', {}],
      ['an empty token', { authorization: 'Token ' }],
      ['a malformed header', { authorization: `Token ${valid} extra` }],
      ['another scheme', { authorization: `Bearer ${valid}` }],
      ['an unknown token', { authorization: `Token ${valid.slice(0, -2)}xy` }],
      ['a logged-out token', { authorization: `Token ${loggedOut}` }],
      ['an expired token', { authorization: `Token ${expired}` }],
      ["a deactivated admin's token", { authorization: `Token ${deactivated}` }],
    ];
    guarded = t.app.routeTable.filter((r) => r.access !== 'public');
  });
  afterAll(() => t.close());

  it('has exactly the listed public routes, and guards everything else', () => {
    const declaredPublic = t.app.routeTable.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(new Set(declaredPublic)).toEqual(PUBLIC_ROUTES);
    // The table is the server's own: every area's routes are in it.
    expect(guarded.length).toBeGreaterThan(60);
    expect(guarded.map((r) => r.url)).toContain('/adminportal/manage-admins/');
  });

  it('refuses every guarded route with every bad credential and every spelling, changing nothing', async () => {
    const before = await fingerprint();
    let calls = 0;
    for (const route of guarded) {
      const path = concrete(route.url);
      for (const [label, headers] of credentials) {
        for (const url of spellings(path, label === 'no token')) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : JSON.stringify(TEMPTING_BODY),
          });
          calls += 1;
          const where = `${route.method} ${url} with ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (url === path) expect([401, 403], where).toContain(res.statusCode);
          else expect([401, 403, 404], where).toContain(res.statusCode);
          expect(res.body, where).not.toMatch(/temporary_password|password_hash|mallory/i);
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(await fingerprint()).toBe(before);
  }, 300_000);

  it('the percent-encoded exploits of the review are closed', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/%61dminportal/manage-users/' });
    expect(list.statusCode).toBe(401);
    const create = await t.app.inject({
      method: 'POST',
      url: '/%61dminportal/manage-admins/',
      payload: { first_name: 'M', last_name: 'I', email: 'm@evil.test', username: 'mallory2', phone: '1' },
    });
    expect(create.statusCode).toBe(401);
    for (const url of ['/admin%70ortal/manage-users/', '/adminport%61l/manage-users/', '/%61dminport%61l/m%61nage-users/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    // Logging out through an encoded path neither answers success nor keeps the token valid.
    const token = await signIn(ADMIN.username, ADMIN.password);
    const out = await t.app.inject({ method: 'POST', url: '/%61ccounts/logout/' });
    expect(out.statusCode).toBe(401);
    const stillValid = await t.app.inject({ method: 'GET', url: '/adminportal/dashboard/', headers: { authorization: `Token ${token}` } });
    expect(stillValid.statusCode).toBe(200);
  });

  it('a correct token still reaches a route through an encoded spelling (the router decides, not the text)', async () => {
    const res = await t.as({ method: 'GET', url: '/%61dminportal/manage-users/' });
    expect(res.statusCode).toBe(200);
  });
});

describeEachDatabase('access: a route that declares nothing', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Registered the way a newcomer might add one: no access declared at all.
    t.app.get('/site/forgot-to-declare/', async () => ({ secret: 'customers' }));
    t.app.post('/brand-new/', async () => ({ done: true }));
  });
  afterAll(() => t.close());

  it('is admin-only, whatever its path looks like', async () => {
    for (const [method, url] of [
      ['GET', '/site/forgot-to-declare/'],
      ['POST', '/brand-new/'],
    ] as const) {
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body).not.toContain('customers');
      expect((await t.as({ method, url })).statusCode, url).toBe(200);
    }
    expect(t.app.routeTable.find((r) => r.url === '/site/forgot-to-declare/')?.access).toBe('admin');
  });
});
