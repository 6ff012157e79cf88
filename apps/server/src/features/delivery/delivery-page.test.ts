import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMON_MESSAGES, DELIVERY_MESSAGES } from '@darkroom/contracts';
import { DELIVERY_PAGE_SIZE } from '@darkroom/site/model';
import {
  createTestApp,
  describeEachDatabase,
  expectThrottled,
  galleryPhotoRows,
  insertGalleryPhotos,
  makeImage,
  multipart,
  type TestApp,
  photosDerived,
} from '../../../test/harness';

/** The customer's page `/g/<token>/`: open, locked (with and without JavaScript), and the one 404. */

const PASSWORD = 'lighthouse keeper';
const NAMES = ['ferry.jpg', 'harbour.jpg', 'quay.jpg'];

describeEachDatabase('delivery page', (kind) => {
  let t: TestApp;
  let id: number;
  let url: string;
  let token: string;

  const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: path,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html', ...headers } });
  const patch = async (gallery: number, fields: Record<string, string>) => {
    const res = await t.as({ method: 'PATCH', url: `/adminportal/manage-client-galleries/${gallery}/`, ...(await multipart(fields)) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { delivery_url: string };
  };
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    ([] as string[])
      .concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
      .map((c) => c.split(';', 1)[0]!)
      .join('; ');

  async function createGallery(title: string, photos: string[]): Promise<{ id: number; url: string }> {
    const user = await t.as({
      method: 'POST',
      url: '/adminportal/manage-users/',
      payload: {
        first_name: 'Ines',
        last_name: 'Quay',
        email: `ines${Math.random()}@example.test`,
        username: `ines${Date.now()}${Math.random()}`.replace('.', ''),
        phone: '+1 555 0199',
      },
    });
    expect(user.statusCode, user.body).toBe(201);
    const created = await t.as({
      method: 'POST',
      url: '/adminportal/manage-client-galleries/',
      ...(await multipart({
        title,
        user: String((user.json() as { id: number }).id),
        status: 'true',
        cover_image: { filename: 'cover.jpg', content: await makeImage({ seed: 40 }), type: 'image/jpeg' },
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const gallery = created.json() as { id: number; delivery_url: string };
    const upload = await t.as({
      method: 'POST',
      url: '/adminportal/manage-gallery/',
      ...(await multipart({
        'client-gallery': String(gallery.id),
        land_scape_image: await Promise.all(
          photos.map(async (filename, i) => ({
            filename,
            content: await makeImage({ width: 900, height: 600, seed: 50 + i }),
            type: 'image/jpeg',
          })),
        ),
      })),
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    await photosDerived(t);
    return { id: gallery.id, url: gallery.delivery_url };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { LOGIN_MAX_FAILURES: '4' } });
    ({ id, url } = await createGallery('Harbour & Quay <wedding>', NAMES));
    token = /^\/g\/([A-Za-z0-9_-]+)\/$/.exec(url)![1]!;
    await patch(id, { delivery_password: PASSWORD, allow_download: 'true' });
  });
  afterAll(() => t.close());

  it('answers the password form while locked: private, not indexed, and nothing of the gallery in it', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(res.body).toContain(`<form class="enquiry" data-unlock="/site/galleries/${token}/unlock/" action="${url}" method="post">`);
    expect(res.body).toContain('type="password"');
    for (const leak of ['Harbour', ...NAMES, '/media/']) expect(res.body).not.toContain(leak);
  });

  it('without JavaScript: a wrong or empty password gives the form again with its message; the right one redirects with the cookie', async () => {
    const wrong = await form(url, { password: 'seagull' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['content-type']).toMatch(/^text\/html/);
    expect(wrong.body).toContain(DELIVERY_MESSAGES.passwordWrong);
    expect(wrong.body).toContain('aria-invalid="true"');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const empty = await form(url, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(DELIVERY_MESSAGES.passwordRequired);

    const right = await form(url, { password: PASSWORD });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(url);
    const cookie = cookieOf(right);
    expect(cookie).not.toBe('');

    const open = await get(url, { cookie });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('private, no-store');
    expect(open.body).toContain('<h1>Harbour &amp; Quay &lt;wedding&gt;</h1>');
    expect(open.body).not.toContain('type="password"');
    // Every photo drawn with its size (no layout shift) and its name. Its sources wait for the
    // page's script (it sets them once the cover is drawn); a noscript copy has them at once, and
    // without a script the head's style hides the waiting one.
    const tiles = open.body.match(/<li data-id="\d+"[^>]*><a href="[^"]+" class="dl-open">.*?<\/a>/g) ?? [];
    expect(tiles).toHaveLength(NAMES.length);
    for (const [i, tile] of tiles.entries()) {
      const [waiting, copy] = tile.match(/<img [^>]+>/g) ?? [];
      for (const img of [waiting, copy]) {
        expect(img).toMatch(/ width="\d+" height="\d+"/);
        expect(img).toContain(`alt="${NAMES[i]}"`);
      }
      expect(waiting).toMatch(/ data-srcset="[^"]+ \d+w/);
      expect(waiting).not.toMatch(/ src=| srcSet=/i);
      expect(tile).toMatch(/<noscript><img [^>]+><\/noscript>/);
      expect(copy).toMatch(/ src="[^"]+"/);
      expect(copy).toMatch(/ srcSet="[^"]+ \d+w/);
    }
    expect(open.body).toMatch(/<noscript><style>[^<]*img\[data-src\]\{display:none\}/);
    expect(open.body).toContain(`aria-label="Add ${NAMES[0]} to favourites"`);
    expect(open.body).toContain(`href="/site/galleries/${token}/download/"`);
    // The same cookie opens the JSON the script reads.
    expect((await t.app.inject({ method: 'GET', url: `/site/galleries/${token}/`, headers: { cookie } })).statusCode).toBe(200);
  });

  it('shows the saved favourites, and the page follows a change at once (its cached text is dropped)', async () => {
    const cookie = cookieOf(await form(url, { password: PASSWORD }));
    const before = await get(url, { cookie });
    expect(before.body).toContain('data-favourites=""');
    const photos = await galleryPhotoRows(t, { type: 'client-gallery', parentId: id });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/site/galleries/${token}/favourites/`,
      payload: { ids: [photos[1]!.id] },
      headers: { cookie },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await get(url, { cookie });
    expect(after.body).toContain(`data-favourites="${photos[1]!.id}"`);
    expect(after.body).toMatch(new RegExp(`aria-pressed="true" aria-label="Add ${NAMES[1]} to favourites"`));
  });

  it('draws the first photos only; without JavaScript a page number shows the next ones', async () => {
    const other = await createGallery('Big day', ['one.jpg']);
    const [photo] = await galleryPhotoRows(t, { type: 'client-gallery', parentId: other.id });
    const extra = DELIVERY_PAGE_SIZE + 5;
    // The same files under other hashes: each photo is its own asset, no image work needed.
    await insertGalleryPhotos(
      t,
      Array.from({ length: extra }, (_, i) => ({
        parentType: 'client-gallery' as const,
        parentId: other.id,
        name: `more-${i}.jpg`,
        image: { ...photo!.image, id: 0, sha256: `${photo!.image.sha256.slice(0, 56)}${String(i).padStart(8, '0')}` },
      })),
    );
    const first = await get(other.url);
    expect(first.statusCode).toBe(200);
    expect(first.body.match(/<li data-id=/g)).toHaveLength(DELIVERY_PAGE_SIZE);
    expect(first.body).toContain(`data-total="${extra + 1}"`);
    expect(first.body).toContain('href="?page=2" rel="next"');
    const second = await get(`${other.url}?page=2`);
    expect(second.statusCode).toBe(200);
    expect(second.body.match(/<li data-id=/g)).toHaveLength(extra + 1 - DELIVERY_PAGE_SIZE);
    expect(second.body).toContain(`alt="more-${extra - 1}.jpg"`);
    expect((await get(`${other.url}?page=abc`)).statusCode).toBe(400);
  });

  // An expired link has its own page (expiry.test.ts).
  it('answers one and the same 404 page for unknown, malformed, unpublished and revoked links', async () => {
    const bodies: string[] = [];
    const expect404 = async (path: string) => {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      bodies.push(res.body);
    };
    await expect404(`/g/${'A'.repeat(43)}/`);
    await expect404('/g/short/');
    await expect404('/g/not%20a%20token!/');

    const unpublished = await createGallery('Hidden', ['a.jpg']);
    await patch(unpublished.id, { status: 'false' });
    await expect404(unpublished.url);

    const revoked = await createGallery('Revoked', ['c.jpg']);
    const renewed = await t.as({ method: 'POST', url: `/adminportal/manage-client-galleries/${revoked.id}/delivery/regenerate/` });
    expect(renewed.statusCode, renewed.body).toBe(200);
    await expect404(revoked.url);
    expect((await get((renewed.json() as { delivery_url: string }).delivery_url)).statusCode).toBe(200);

    // The no-JavaScript form of a missing gallery is the same page.
    const posted = await form(revoked.url, { password: 'anything' });
    expect(posted.statusCode).toBe(404);
    bodies.push(posted.body);

    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('<meta name="robots" content="noindex"/>');
    for (const leak of ['Hidden', 'Expired', 'Revoked']) expect(bodies[0]).not.toContain(leak);
  });

  it('sends the form, the 404 page and a later page encoded as the browser accepts (the route skips @fastify/compress)', async () => {
    const other = await createGallery('Encoded', ['one.jpg']);
    const [photo] = await galleryPhotoRows(t, { type: 'client-gallery', parentId: other.id });
    await insertGalleryPhotos(
      t,
      Array.from({ length: DELIVERY_PAGE_SIZE + 1 }, (_, i) => ({
        parentType: 'client-gallery' as const,
        parentId: other.id,
        name: `enc-${i}.jpg`,
        image: { ...photo!.image, id: 0, sha256: `${photo!.image.sha256.slice(0, 48)}enc${String(i).padStart(13, '0')}` },
      })),
    );
    const pages = { form: url, missing: `/g/${'B'.repeat(43)}/`, first: other.url, later: `${other.url}?page=2` };
    for (const [name, path] of Object.entries(pages)) {
      const plain = await get(path);
      expect({ name, encoding: plain.headers['content-encoding'] }).toEqual({ name, encoding: undefined });
      const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect({ name, status: br.statusCode, encoding: br.headers['content-encoding'] }).toEqual({
        name,
        status: plain.statusCode,
        encoding: 'br',
      });
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.headers['cache-control']).toBe('private, no-store');
      const gzip = await get(path, { 'accept-encoding': 'gzip' });
      expect({ name, encoding: gzip.headers['content-encoding'] }).toEqual({ name, encoding: 'gzip' });
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('counts a visit when the page opens', async () => {
    const cookie = cookieOf(await form(url, { password: PASSWORD }));
    expect((await get(url, { cookie })).statusCode).toBe(200);
    const activity = await t.as({ method: 'GET', url: `/adminportal/manage-client-galleries/${id}/delivery/activity/` });
    expect(activity.statusCode, activity.body).toBe(200);
    expect((activity.json() as { views: number }).views).toBeGreaterThanOrEqual(1);
  });

  it('throttles password guesses: past the limit the form says so, even for the right password', async () => {
    const guarded = await createGallery('Guarded', ['d.jpg']);
    await patch(guarded.id, { delivery_password: PASSWORD });
    let last = await form(guarded.url, { password: 'guess' });
    for (let i = 0; i < 6 && last.statusCode !== 429; i++) last = await form(guarded.url, { password: `guess ${i}` });
    expect(last.headers['content-type']).toMatch(/^text\/html/);
    expectThrottled(last, COMMON_MESSAGES.tooManyRequests, t.config.loginWindowMs);
    const right = await form(guarded.url, { password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
  });
});
