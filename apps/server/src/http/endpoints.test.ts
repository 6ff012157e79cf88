import { afterAll, beforeAll, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { listEndpoints, routerPath } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness';

/**
 * Not API endpoints: health, the portal, media files, the reference itself, the website's pages,
 * and the tus protocol's resumable uploads (its own library answers them; galleries README).
 */
const NOT_ENDPOINTS =
  /^(\/healthz|\/adminportal\/manage-gallery\/resumable\/(:id\/)?|\/|\/admin-account|\/media\/\*|\/docs.*|\/(services|love-stories)(\/(:slug\/)?)?|\/(about|contact|client-gallery)\/?|\/journal(\/(:slug\/|feed\.xml)?)?|\/sitemap\.xml|\/robots\.txt|\/site-assets\/\*)$/;

describeEachDatabase('the endpoint table', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('registers every declared endpoint exactly once, with its declared access', () => {
    const table = t.app.routeTable.filter((r) => r.method !== 'HEAD');
    for (const ep of listEndpoints()) {
      const matches = table.filter((r) => r.method === ep.method && r.url === routerPath(ep.path));
      expect(matches, `${ep.method} ${ep.path}`).toHaveLength(1);
      expect(matches[0]!.access, `${ep.method} ${ep.path}`).toBe(ep.access ?? 'admin');
    }
  });

  it('has no API route that is not declared in the table', () => {
    const declared = new Set(listEndpoints().map((ep) => `${ep.method} ${routerPath(ep.path)}`));
    const stray = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && !declared.has(`${r.method} ${r.url}`))
      .filter((r) => !NOT_ENDPOINTS.test(r.url));
    expect(stray).toEqual([]);
  });

  it('serves a valid OpenAPI document describing every endpoint and its access', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { security?: unknown[]; responses: object }>> };
    expect(doc.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(doc) as never);
    for (const ep of listEndpoints()) {
      const op = doc.paths[ep.path]?.[ep.method.toLowerCase()];
      expect(op, `${ep.method} ${ep.path}`).toBeDefined();
      if ((ep.access ?? 'admin') === 'admin') expect(op!.security, ep.path).toEqual([{ token: [] }]);
      else expect(op!.security, ep.path).toBeUndefined();
    }
    // Nothing but the declared endpoints is described.
    const described = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(described.length).toBe(listEndpoints().length);
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('serializes responses from their schemas: a field the schema does not list never leaves', async () => {
    const res = await t.as({ method: 'GET', url: '/adminportal/manage-admins/' });
    expect(res.statusCode).toBe(200);
    for (const admin of res.json() as Record<string, unknown>[]) {
      expect(Object.keys(admin).sort()).toEqual([
        'date_joined',
        'email',
        'first_name',
        'id',
        'is_active',
        'last_login',
        'last_name',
        'phone',
        'username',
      ]);
    }
  });
});
