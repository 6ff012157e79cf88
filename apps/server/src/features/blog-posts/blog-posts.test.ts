import { afterAll, beforeAll, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eq } from 'drizzle-orm';
import { BLOG_MESSAGES, blogPhotoInBodyMessage, type BlogPost, type SitePost, type SitePostPage } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, makeImage, multipart, photosDerived, type TestApp } from '../../../test/harness';
import { systemContext } from '../../context';
import { blogPostPhotos, blogPosts, mediaAssets } from '../../db/schema';
import { loadSharp } from '../../media/sharp';
import { publishDuePosts } from './blog-posts.service';

const URL = '/adminportal/blog-posts/';

const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

describeEachDatabase('blog posts', (kind) => {
  let t: TestApp;
  let seed = 500;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://studio.example' } });
  });
  afterAll(() => t.close());

  const create = async (payload: Record<string, unknown>) => {
    const res = await t.as({ method: 'POST', url: URL, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as BlogPost;
  };
  const patch = async (id: number, payload: Record<string, unknown>) => {
    const res = await t.as({ method: 'PATCH', url: `${URL}${id}/`, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BlogPost;
  };
  const addPhoto = async (id: number) => {
    const { payload, headers } = await multipart({
      image: { filename: 'p.jpg', content: await makeImage({ width: 800, height: 600, seed: seed++ }), type: 'image/jpeg' },
    });
    const res = await t.as({ method: 'POST', url: `${URL}${id}/photos/`, payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; image: { url: string } };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const hour = 3600_000;

  it('is for admins only; the website reads published posts only', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: URL, payload: { title: 'x' } })).statusCode).toBe(401);
    expect((await get('/site/posts/')).statusCode).toBe(200);
  });

  it('makes the slug from the title and keeps a post a draft by default', async () => {
    const post = await create({ title: 'Summer wedding at Lake Côme!' });
    expect(post.slug).toBe('summer-wedding-at-lake-come');
    expect(post.status).toBe('draft');
    expect(post.live).toBe(false);
    expect(post.path).toBe(`/journal/${post.id}-summer-wedding-at-lake-come/`);
    expect((await get(`/site/posts/${post.id}/`)).statusCode).toBe(404);
  });

  it('refuses an invalid body with a field message, never a 500', async () => {
    const cases: unknown[] = [
      doc({ type: 'script', content: [text('x')] }),
      doc(para(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))),
      doc(para({ type: 'text', text: 'x', attrs: { onerror: 'alert(1)' } })),
      doc({ type: 'heading', attrs: { level: 1 }, content: [text('x')] }),
      doc({ type: 'photos', attrs: { photos: [{ id: 1, alt: '', src: 'x' }] } }),
      'a string',
      { type: 'doc' },
    ];
    for (const body of cases) {
      const res = await t.as({ method: 'POST', url: URL, payload: { title: 'Bad', body } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as Record<string, string[]>).body?.[0], JSON.stringify(body)).toBeTruthy();
    }
    const link = await t.as({
      method: 'POST',
      url: URL,
      payload: { title: 'Bad', body: doc(para(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))) },
    });
    expect(link.json()).toEqual({ body: [BLOG_MESSAGES.linkInvalid] });
    const scheduled = await t.as({ method: 'POST', url: URL, payload: { title: 'When?', status: 'scheduled' } });
    expect(scheduled.json()).toEqual({ publish_at: [BLOG_MESSAGES.publishAtRequired] });
  });

  it('renders no script, event attribute or javascript: address whatever the text holds', async () => {
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>';
    const post = await create({
      title: 'Hostile',
      status: 'published',
      body: doc(para(text(hostile), text(' and a link', [{ type: 'link', attrs: { href: "https://example.com/?a='onerror=x" } }])), {
        type: 'heading',
        attrs: { level: 2 },
        content: [text('javascript:alert(1)')],
      }),
    });
    const res = await get(`/site/posts/${post.id}/`);
    expect(res.statusCode).toBe(200);
    const { html } = res.json() as SitePost;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://example.com/?a=&#39;onerror=x" rel="noopener"> and a link</a>');
    const page = await get(`/journal/${post.id}-hostile/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toMatch(/onerror="alert/i);
  });

  it('draws nothing unlisted even from a stored body that never passed the schema', async () => {
    const [row] = await t.database.db
      .insert(blogPosts)
      .values({
        title: 'Stored hostile',
        slug: 'stored-hostile',
        status: 'published',
        publishAt: new Date(),
        body: doc(
          { type: 'script', content: [text('alert(1)')] },
          {
            type: 'paragraph',
            attrs: { onclick: 'alert(1)' },
            content: [text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)', onmouseover: 'x' } }])],
          },
          { type: 'heading', attrs: { level: '1 onload=alert(1)' }, content: [text('y', [{ type: 'em onclick=x' }])] },
          { type: 'photos', attrs: { photos: [{ id: 999999, alt: '" onerror="alert(1)' }] } },
        ),
      })
      .returning();
    const { html } = (await get(`/site/posts/${row!.id}/`)).json() as SitePost;
    expect(html).toBe('<p>x</p><h2>y</h2>');
  });

  it("draws photo blocks from the post's own photos only, one or a grid, and the cover", async () => {
    const post = await create({ title: 'With photos' });
    const a = await addPhoto(post.id);
    const b = await addPhoto(post.id);
    const other = await create({ title: 'Other' });
    const foreign = await addPhoto(other.id);
    const bad = await t.as({
      method: 'PATCH',
      url: `${URL}${post.id}/`,
      payload: { body: doc({ type: 'photos', attrs: { photos: [{ id: foreign.id, alt: '' }] } }), cover_image: foreign.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ body: [BLOG_MESSAGES.photoNotOwn], cover_image: [BLOG_MESSAGES.coverNotOwn] });
    const saved = await patch(post.id, {
      status: 'published',
      cover_image: a.id,
      body: doc(
        { type: 'photos', attrs: { photos: [{ id: a.id, alt: 'The first dance' }] } },
        {
          type: 'photos',
          attrs: {
            photos: [
              { id: a.id, alt: 'Rings' },
              { id: b.id, alt: 'Cake' },
            ],
          },
        },
      ),
    });
    expect(saved.cover_image_view?.url).toBe(a.image.url);
    expect(saved.photos.map((p) => p.id)).toEqual([a.id, b.id]);
    const { html, cover } = (await get(`/site/posts/${post.id}/`)).json() as SitePost;
    expect(cover?.url).toBe(a.image.url);
    expect(html).toContain('<figure class="post-photo"><img class="ph" src="' + a.image.url);
    expect(html).toContain('alt="The first dance"');
    expect(html.match(/<div class="post-grid">(<img [^>]+>){2}<\/div>/)).toBeTruthy();

    // The page's link preview: a 1200x630 JPEG with its size given, derived from the cover.
    const page = (await get(`/journal/${post.id}-with-photos/`)).body;
    const og = /<meta property="og:image" content="https:\/\/studio\.example(\/media\/og\/[^"]+\.jpg)"/.exec(page);
    expect(og, page.slice(0, 2000)).toBeTruthy();
    expect(page).toContain('<meta property="og:image:width" content="1200"/>');
    expect(page).toContain('<meta property="og:image:height" content="630"/>');
    const jpeg = await get(og![1]!);
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const meta = await (await loadSharp())(jpeg.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    // Kept with the asset: the second request is the same file.
    expect((await get(og![1]!)).headers.etag).toBe(jpeg.headers.etag);
    expect((await get('/media/og/d/00/' + '0'.repeat(64) + '.jpg')).statusCode).toBe(404);
  });

  it('keeps drafts and scheduled posts off the list, the sitemap and the feed until their time', async () => {
    const future = await create({
      title: 'Future post',
      status: 'scheduled',
      publish_at: new Date(Date.now() + 2 * hour).toISOString(),
      tags: ['Venues'],
    });
    const draft = await create({ title: 'Draft post' });
    const due = await create({
      title: 'Due post',
      status: 'scheduled',
      publish_at: new Date(Date.now() - hour).toISOString(),
      tags: ['Venues', 'venues', 'Lake'],
    });
    expect(due.tags).toEqual(['Venues', 'Lake']);
    expect(due.live).toBe(true);

    const list = (await get('/site/posts/')).json() as SitePostPage;
    const ids = list.items.map((p) => p.id);
    expect(ids).toContain(due.id);
    expect(ids).not.toContain(future.id);
    expect(ids).not.toContain(draft.id);
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`https://studio.example/journal/${due.id}-due-post/`);
    expect(sitemap).not.toContain(`/journal/${future.id}-`);
    expect(sitemap).not.toContain(`/journal/${draft.id}-`);
    const feed = (await get('/journal/feed.xml')).body;
    expect(feed).toContain('Due post');
    expect(feed).not.toContain('Future post');
    expect(feed).not.toContain('Draft post');
    expect((await get(`/journal/${future.id}-future-post/`)).statusCode).toBe(404);

    // By tag, without regard to case.
    const tagged = (await get('/site/posts/?tag=venues')).json() as SitePostPage;
    expect(tagged.items.map((p) => p.id)).toEqual([due.id]);

    // The job publishes what is due, nothing else.
    expect(await publishDuePosts(systemContext(t.app.runtime, 'test'), new Date())).toBe(1);
    expect(((await t.as({ method: 'GET', url: `${URL}${due.id}/` })).json() as BlogPost).status).toBe('published');
    expect(((await t.as({ method: 'GET', url: `${URL}${future.id}/` })).json() as BlogPost).status).toBe('scheduled');
    // Its time comes: the job flips it and the website shows it.
    expect(await publishDuePosts(systemContext(t.app.runtime, 'test'), new Date(Date.now() + 3 * hour))).toBe(1);
    expect(((await get('/site/posts/')).json() as SitePostPage).items.map((p) => p.id)).toContain(future.id);
    expect((await get('/journal/feed.xml')).body).toContain('Future post');
  });

  it('serves a feed that parses as RSS with the expected items', async () => {
    const res = await get('/journal/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(XMLValidator.validate(res.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(res.body) as {
      rss: {
        '@_version': string;
        channel: { title: string; link: string; item: { title: string; link: string; guid: unknown; pubDate: string }[] };
      };
    };
    expect(parsed.rss['@_version']).toBe('2.0');
    const items = parsed.rss.channel.item;
    const live = (await get('/site/posts/')).json() as SitePostPage;
    expect(items.map((i) => i.title)).toEqual(live.items.map((p) => p.title));
    for (const item of items) {
      expect(item.link).toMatch(/^https:\/\/studio\.example\/journal\/\d+-[a-z0-9-]+\/$/);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
  });

  it('redirects a wrong slug to the right one and lists posts on /journal/', async () => {
    const post = await create({ title: 'Right slug', status: 'published', excerpt: 'A short excerpt' });
    const wrong = await get(`/journal/${post.id}-wrong/`);
    expect(wrong.statusCode).toBe(301);
    expect(wrong.headers.location).toBe(`/journal/${post.id}-right-slug/`);
    const journal = await get('/journal/');
    expect(journal.statusCode).toBe(200);
    expect(journal.body).toContain(`href="/journal/${post.id}-right-slug/"`);
    expect(journal.body).toContain('A short excerpt');
    const article = (await get(`/journal/${post.id}-right-slug/`)).body;
    expect(article).toContain('"@type":"BlogPosting"');
    expect((await get('/')).body).toContain('href="/journal/"');
  });

  it("fetches /journal/'s first cover first, at a card's width, and the other covers after it", async () => {
    for (const title of ['Older cover', 'Newer cover']) {
      const post = await create({ title });
      await patch(post.id, { status: 'published', cover_image: (await addPhoto(post.id)).id });
    }
    await photosDerived(t);
    const page = (await get('/journal/')).body;
    // No page image 6: the newest post's cover is the page's main image.
    const [first, ...rest] = page.slice(page.indexOf('<ul class="cards">')).match(/<img [^>]+>/g)!;
    expect(first).toContain('loading="eager"');
    expect(first).toContain('fetchPriority="high"');
    expect(first).toContain('sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, calc(100vw - 2.5rem)"');
    expect(rest.length).toBeGreaterThan(0);
    for (const img of rest) expect(img).toMatch(/loading="lazy".*fetchPriority="low"/);
    // One image preload, for the very candidate the first card picks (not a full-width one).
    const preloads = page.match(/<link rel="preload" as="image"[^>]*>/g)!;
    expect(preloads).toHaveLength(1);
    const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
    expect(attr(preloads[0]!, 'imageSrcSet')).toBe(attr(first!, 'srcSet'));
    expect(attr(preloads[0]!, 'imageSizes')).toBe(attr(first!, 'sizes'));
  });

  it('removes one photo: refused, naming it, while the body shows it; the cover is cleared', async () => {
    const post = await create({ title: 'Three photos' });
    const [a, b, c] = [await addPhoto(post.id), await addPhoto(post.id), await addPhoto(post.id)];
    await patch(post.id, { cover_image: c.id, body: doc({ type: 'photos', attrs: { photos: [{ id: b.id, alt: '' }] } }) });
    const remove = (photo: number, postId = post.id) => t.as({ method: 'DELETE', url: `${URL}${postId}/photos/${photo}/` });
    const assetOf = async (photo: number) =>
      (await t.database.db.select().from(blogPostPhotos).where(eq(blogPostPhotos.id, photo)))[0]?.imageAssetId;
    const assetExists = async (id: number) => (await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, id))).length > 0;

    expect((await t.app.inject({ method: 'DELETE', url: `${URL}${post.id}/photos/${a.id}/` })).statusCode).toBe(401);
    // In the body: refused with the photo's place in the editor's list, and nothing changes.
    const refused = await remove(b.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: blogPhotoInBodyMessage(2) });
    // Another post's photo, or none: 404.
    const other = await create({ title: 'Someone else' });
    expect((await remove(a.id, other.id)).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);

    const assetA = (await assetOf(a.id))!;
    expect(await assetExists(assetA)).toBe(true);
    expect((await remove(a.id)).statusCode).toBe(204);
    expect(await assetExists(assetA)).toBe(false);
    // The cover: removed, and the post has no cover.
    expect((await remove(c.id)).statusCode).toBe(204);
    const after = (await t.as({ method: 'GET', url: `${URL}${post.id}/` })).json() as BlogPost;
    expect(after.photos.map((p) => p.id)).toEqual([b.id]);
    expect([after.cover_image, after.cover_image_view]).toEqual([null, null]);
    expect((await remove(a.id)).statusCode).toBe(404);
    // Its block gone from the saved body, that photo goes too.
    await patch(post.id, { body: doc(para(text('No photos now'))) });
    expect((await remove(b.id)).statusCode).toBe(204);
    expect(((await t.as({ method: 'GET', url: `${URL}${post.id}/` })).json() as BlogPost).photos).toEqual([]);
  });

  it('deletes a post with its photos', async () => {
    const post = await create({ title: 'Short-lived', status: 'published' });
    await addPhoto(post.id);
    const res = await t.as({ method: 'DELETE', url: `${URL}${post.id}/` });
    expect(res.statusCode).toBe(204);
    expect((await t.as({ method: 'GET', url: `${URL}${post.id}/` })).statusCode).toBe(404);
    expect((await get(`/site/posts/${post.id}/`)).statusCode).toBe(404);
  });
});
