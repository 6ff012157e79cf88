import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, expectThrottled, multipart, type TestApp } from '../../../test/harness';
import { FORBIDDEN, seedSite, type SiteFixtures } from '../../../test/site-fixtures';

describeEachDatabase('site pages', (kind) => {
  let t: TestApp;
  let f: SiteFixtures;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://studio.example', ENQUIRY_MAX_PER_HOUR: '3' } });
    f = await seedSite(t);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const pages = () => [
    '/',
    '/services/',
    `/services/${f.publishedService}-wedding-days/`,
    '/love-stories/',
    `/love-stories/${f.publishedStory}-anna-tom/`,
    '/about/',
    '/contact/',
  ];

  it('renders every page on the server, with one title, a description, a canonical URL and Open Graph', async () => {
    for (const url of pages()) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html).toContain(`<link rel="canonical" href="https://studio.example${url}"/>`);
      expect(html).toContain('<meta property="og:title"');
      expect(html.match(/<h1>/g), url).toHaveLength(1);
    }
  });

  it('shows nothing unpublished or private on any page, the sitemap or robots.txt', async () => {
    for (const url of [...pages(), '/sitemap.xml', '/robots.txt']) {
      const body = (await get(url)).body;
      for (const bad of FORBIDDEN.filter((b) => !b.startsWith('"'))) expect(body, `${url} holds ${bad}`).not.toContain(bad);
    }
    expect((await get(`/services/${f.hiddenService}/`)).statusCode).toBe(404);
    expect((await get(`/love-stories/${f.hiddenStory}/`)).statusCode).toBe(404);
    expect((await get('/services/nonsense/')).statusCode).toBe(404);
  });

  it('shows the published content: carousel, services, stories, team, contact', async () => {
    const home = (await get('/')).body;
    expect(home).toContain('Wedding Days');
    expect(home).toContain('Anna &amp; Tom');
    expect(home).toContain('Golden hour');
    const about = (await get('/about/')).body;
    expect(about).toContain('Mia Lens');
    expect(about).toContain('Lead photographer');
    const contact = (await get('/contact/')).body;
    expect(contact).toContain('1 Harbour Road, Seaview');
    expect(contact).toContain('action="/site/enquiries/"');
    const story = (await get(`/love-stories/${f.publishedStory}-anna-tom/`)).body;
    expect(story).toContain('A spring wedding.');
    expect(story).toContain('We met by the lake.');
    expect(story).toContain('Forever.');
  });

  it('preloads the first hero with high priority and lazy-loads the rest, with srcset, sizes and placeholders', async () => {
    const html = (await get(`/services/${f.publishedService}-wedding-days/`)).body;
    const imgs = html.match(/<img [^>]+>/g)!;
    expect(imgs[0]).toContain('fetchPriority="high"');
    expect(imgs[0]).toContain('loading="eager"');
    expect(html).toMatch(/<link rel="preload" as="image"[^>]+fetchPriority="high"/);
    for (const img of imgs.slice(1)) expect(img).toContain('loading="lazy"');
    for (const img of imgs) {
      expect(img).toMatch(/srcSet="[^"]+ \d+w/);
      expect(img).toMatch(/sizes="[^"]+"/);
      expect(img).toMatch(/width="\d+" height="\d+"/);
      expect(img).toContain('background-image:url(data:image/');
    }
    expect(html.match(/data-lightbox/g)).toHaveLength(f.servicePhotos);
  });

  it('answers a browser at an unknown address with the site 404 page, and the API with JSON', async () => {
    const page = await get('/no-such-page/', { accept: 'text/html' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Page not found');
    const api = await get('/adminportal/no-such-thing/', { accept: 'text/html' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: expect.any(String) });
    expect((await get('/no-such-page/')).headers['content-type']).toMatch(/^application\/json/);
  });

  it('redirects an outdated slug to the canonical one, and paths without their slash', async () => {
    const res = await get(`/services/${f.publishedService}-old-name/`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/services/${f.publishedService}-wedding-days/`);
    expect((await get('/about')).headers.location).toBe('/about/');
  });

  it('serves pages cached with an ETag and compressed, and shows a write at once', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect((await get('/', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    const ok = await t.as({
      method: 'PUT',
      url: '/adminportal/site-settings/',
      payload: { studio_name: 'Lumen Studio', menu_pages: ['contact'] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await get('/', { 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Lumen Studio');
    expect(after.body).not.toContain('href="/services/">Services</a></li>');
  });

  it("gives the home page the settings' own SEO title, or the name and tagline", async () => {
    const put = (payload: object) =>
      t.as({ method: 'PUT', url: '/adminportal/site-settings/', payload: { studio_name: 'Lumen Studio', ...payload } });
    const long = await put({ home_seo_title: 'x'.repeat(71) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json() as object)).toEqual(['home_seo_title']);
    const ok = await put({
      tagline: 'Weddings',
      seo_description: 'Unhurried wedding photography by the sea.',
      home_seo_title: 'Seaview wedding photographer',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ home_seo_title: 'Seaview wedding photographer' });
    const html = (await get('/')).body;
    expect(html).toContain('<title>Seaview wedding photographer</title>');
    expect(html).toContain('<meta property="og:title" content="Seaview wedding photographer"/>');
    expect(html).toContain('<meta name="description" content="Unhurried wedding photography by the sea."/>');
    // Left out: kept; emptied: the name and tagline again.
    expect((await put({ tagline: 'Weddings' })).json()).toMatchObject({ home_seo_title: 'Seaview wedding photographer' });
    await put({ tagline: 'Weddings', home_seo_title: '' });
    expect((await get('/')).body).toContain('<title>Lumen Studio | Weddings</title>');
  });

  it('lists published pages in sitemap.xml and points robots.txt at it', async () => {
    const map = (await get('/sitemap.xml')).body;
    expect(map).toContain(`<loc>https://studio.example/services/${f.publishedService}-wedding-days/</loc>`);
    expect(map).toContain(`<loc>https://studio.example/love-stories/${f.publishedStory}-anna-tom/</loc>`);
    expect(map).not.toContain(`/services/${f.hiddenService}-`);
    expect((await get('/robots.txt')).body).toContain('Sitemap: https://studio.example/sitemap.xml');
  });

  it('takes an enquiry from a plain form post: a redirect to the thanks, or the page again with the field messages', async () => {
    const form = (payload: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/site/enquiries/',
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' },
        payload,
      });
    const bad = await form('full_name=&email=nope&message=Hi', '10.9.0.1');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expect(bad.body).toContain('Full name is required');
    expect(bad.body).toContain('Enter a valid email address.');
    expect(bad.body).toContain('value="nope"');
    const good = await form('full_name=Nora+NoScript&email=nora%40example.com&message=Hello&website=', '10.9.0.2');
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe('/contact/?sent=1#enquiry');
    const thanks = await get('/contact/?sent=1');
    expect(thanks.body).toContain('Thank you');
    const list = ((await t.as({ method: 'GET', url: '/adminportal/user-enqueries/' })).json() as { items: { full_name: string }[] }).items;
    expect(list.map((e) => e.full_name)).toContain('Nora NoScript');
    for (let i = 0; i < 3; i++) await form('full_name=Spam&email=s%40example.com&message=x', '10.9.0.3');
    const limited = await form('full_name=Spam&email=s%40example.com&message=x', '10.9.0.3');
    expectThrottled(limited, ENQUIRY_MESSAGES.tooMany, t.config.enquiryWindowMs);
  });
});

describeEachDatabase('site pages of a new studio', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('pages with nothing published yet say so, as the lists do', async () => {
    const about = (await t.app.inject({ method: 'GET', url: '/about/' })).body;
    expect(about).toContain('The studio&#x27;s story will be told here soon.');
    expect((await t.app.inject({ method: 'GET', url: '/services/' })).body).toContain('Our services will be listed here soon.');
  });

  it('the contact page shows the form alone until the studio writes its details', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/contact/' })).body;
    expect(before).toContain('action="/site/enquiries/"');
    expect(before).not.toContain('Find us');
    const added = await t.as({
      method: 'POST',
      url: '/adminportal/manage-contact-us-info/',
      ...(await multipart({ email: 'desk@studio.example', phone: '+1 555 0100', address: '', description: 'Call before noon' })),
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = (await t.app.inject({ method: 'GET', url: '/contact/' })).body;
    expect(after).toContain('Find us');
    expect(after).toContain('Call before noon');
    expect(after).toContain('desk@studio.example');
  });
});
