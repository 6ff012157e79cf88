import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness';
import { seedSite } from '../../../test/site-fixtures';

describeEachDatabase('site addresses without PUBLIC_URL', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedSite(t);
  });
  afterAll(() => t.close());

  const get = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

  it('answers each request with its own Host, never one another request brought: pages, sitemap and robots.txt', async () => {
    for (const host of ['evil1.example', 'evil2.example', 'evil3.example', 'evil4.example']) {
      for (const url of ['/', '/sitemap.xml', '/robots.txt', '/nowhere/']) await get(url, host);
    }
    const page = await get('/', 'studio.example');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="canonical" href="http://studio.example/"/>');
    const sitemap = await get('/sitemap.xml', 'studio.example');
    expect(sitemap.body).toContain('<loc>http://studio.example/</loc>');
    const robots = await get('/robots.txt', 'studio.example');
    expect(robots.body).toContain('Sitemap: http://studio.example/sitemap.xml');
    const missing = await get('/nowhere/', 'studio.example');
    expect(missing.statusCode).toBe(404);
    for (const res of [page, sitemap, robots, missing]) expect(res.body).not.toContain('evil');
    // A malformed Host is no address at all.
    expect((await get('/', 'bad host"><script>')).body).toContain('<link rel="canonical" href="http://localhost/"/>');
  });
});
