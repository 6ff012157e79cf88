import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, siteApi, fillPath, type SiteLoveStory, type SiteService } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, mailSettled, type TestApp } from '../../../test/harness';
import { FORBIDDEN, seedSite, type SiteFixtures } from '../../../test/site-fixtures';

describeEachDatabase('site read API', (kind) => {
  let t: TestApp;
  let f: SiteFixtures;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await seedSite(t);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  /** Every /site/ read route, concrete: lists, and the published records' own pages. */
  const everyRoute = () =>
    Object.values(siteApi).map((ep) =>
      fillPath(ep.path, 'params' in ep ? { id: ep.path.includes('love') ? f.publishedStory : f.publishedService } : undefined),
    );

  it('covers every declared /site/ read route, each public and answering 200 without a token', async () => {
    const urls = everyRoute();
    expect(urls).toHaveLength(12);
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('shows nothing unpublished or private on any route', async () => {
    for (const url of everyRoute()) {
      const body = (await get(url)).body;
      for (const bad of FORBIDDEN) expect(body, `${url} holds ${bad}`).not.toContain(bad);
    }
  });

  it('answers 404 for unpublished and unknown records', async () => {
    for (const url of [
      `/site/services/${f.hiddenService}/`,
      `/site/love-stories/${f.hiddenStory}/`,
      '/site/services/999999/',
      '/site/love-stories/abc/',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('lists published services with their gallery in saved order and full image views', async () => {
    const services = (await get('/site/services/')).json() as SiteService[];
    expect(services.map((s) => s.id)).toEqual([f.publishedService]);
    const [s] = services;
    expect(s!.slug).toBe(`${f.publishedService}-wedding-days`);
    expect(s!.gallery).toHaveLength(f.servicePhotos);
    for (const image of [s!.cover, ...s!.gallery.map((p) => p.image)]) {
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
      expect(image.srcset).toMatch(/\d+w/);
      expect(image.placeholder).toMatch(/^data:image\//);
    }
    const one = (await get(`/site/services/${f.publishedService}/`)).json() as SiteService;
    expect(one.gallery.map((p) => p.id)).toEqual(s!.gallery.map((p) => p.id));
  });

  it('gives love stories their five descriptions without the customer', async () => {
    const [story, ...rest] = (await get('/site/love-stories/')).json() as SiteLoveStory[];
    expect(rest).toEqual([]);
    expect(story).toMatchObject({ id: f.publishedStory, title: 'Anna & Tom', description1: 'A spring wedding.', description5: 'Forever.' });
    expect(story!.gallery).toHaveLength(2);
    expect(Object.keys(story!)).not.toContain('user_text');
  });

  it('serves only published page images, carousel slides and home gallery images', async () => {
    expect(((await get('/site/page-images/')).json() as { page: number }[]).map((p) => p.page).sort()).toEqual([2, 5]);
    expect((await get('/site/carousel/')).json()).toHaveLength(1);
    expect((await get('/site/home-gallery/')).json()).toHaveLength(1);
    expect((await get('/site/team/')).json()).toEqual([expect.objectContaining({ name: 'Mia Lens', title: 'Lead photographer' })]);
  });

  it('answers 304 to a matching ETag, and a new ETag once a write changes the content', async () => {
    const first = await get('/site/carousel/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toContain('public');
    const again = await get('/site/carousel/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const [item] = (await t.as({ method: 'GET', url: '/adminportal/manage-carousel/' })).json() as { id: number; status: boolean }[];
    const published = (
      (await t.as({ method: 'GET', url: '/adminportal/manage-carousel/' })).json() as { id: number; status: boolean }[]
    ).find((c) => c.status)!;
    expect(item).toBeDefined();
    await t.as({ method: 'PATCH', url: `/adminportal/manage-carousel/${published.id}/`, payload: { status: 'false' } });
    const after = await get('/site/carousel/', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([]);
    await t.as({ method: 'PATCH', url: `/adminportal/manage-carousel/${published.id}/`, payload: { status: 'true' } });
    expect((await get('/site/carousel/')).json()).toHaveLength(1);
  });

  it('shows a love story the moment it is published', async () => {
    await t.as({ method: 'PATCH', url: `/adminportal/manage-love-stories/${f.hiddenStory}/`, payload: { status: 'true' } });
    expect(((await get('/site/love-stories/')).json() as SiteLoveStory[]).map((s) => s.id)).toContain(f.hiddenStory);
    await t.as({ method: 'PATCH', url: `/adminportal/manage-love-stories/${f.hiddenStory}/`, payload: { status: 'false' } });
    expect(((await get('/site/love-stories/')).json() as SiteLoveStory[]).map((s) => s.id)).not.toContain(f.hiddenStory);
  });

  it('allows any origin to GET, and compresses large answers', async () => {
    const res = await get('/site/services/', { origin: 'https://studio.example', 'accept-encoding': 'gzip, br' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toContain('ETag');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    const gz = await get('/site/services/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    // An encoding refused with q=0 is never chosen, however often the same header comes.
    for (let i = 0; i < 2; i++) {
      expect((await get('/site/services/', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
      expect((await get('/site/services/', { 'accept-encoding': 'BR;q=0, GZIP;q=0' })).headers['content-encoding']).toBeUndefined();
    }
  });

  it('has default settings, and an admin changes them', async () => {
    const settings = (await get('/site/settings/')).json();
    expect(settings.studio_name).toBeTruthy();
    expect(settings.menu_pages).toEqual(['services', 'love-stories', 'about', 'contact']);
    expect((await t.app.inject({ method: 'PUT', url: '/adminportal/site-settings/', payload: { studio_name: 'X' } })).statusCode).toBe(401);
    const bad = await t.as({
      method: 'PUT',
      url: '/adminportal/site-settings/',
      payload: { studio_name: ' ', social_links: [{ label: 'Insta', url: 'javascript:alert(1)' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['social_links', 'studio_name']);
    const ok = await t.as({
      method: 'PUT',
      url: '/adminportal/site-settings/',
      payload: {
        studio_name: 'Lumen',
        tagline: 'Light',
        seo_description: 'Photos',
        social_links: [{ label: 'Instagram', url: 'https://instagram.com/lumen' }],
        menu_pages: ['contact', 'services'],
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get('/site/settings/')).json()).toEqual({
      studio_name: 'Lumen',
      tagline: 'Light',
      seo_description: 'Photos',
      social_links: [{ label: 'Instagram', url: 'https://instagram.com/lumen' }],
      menu_pages: ['services', 'contact'],
      // Not sent by this (older) client: the contact form keeps its defaults.
      enquiry_fields: DEFAULT_SITE_SETTINGS.enquiry_fields,
      enquiry_privacy: DEFAULT_SITE_SETTINGS.enquiry_privacy,
      home_seo_title: '',
    });
  });

  it('e-mails the admins about a new enquiry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/site/enquiries/',
      payload: { full_name: 'Vera Visitor', email: 'vera@example.com', message: 'Are you free on 12 June?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await mailSettled(t);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    const mail = mails.find((m) => m.includes('Vera Visitor'));
    expect(mail).toContain('owner@studio.test');
    expect(mail).toContain('Are you free on 12 June?');
  });
});
