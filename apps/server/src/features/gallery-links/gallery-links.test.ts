import { afterAll, beforeAll, expect, it } from 'vitest';
import { GALLERY_LINK_MESSAGES, type GalleryLink } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, makeImage, multipart, userTextAroundRename, type TestApp } from '../../../test/harness';
import { createAccount } from '../../auth/accounts.repository';

const URL_BASE = '/adminportal/photo-gallery-links/';

describeEachDatabase('gallery links', (kind) => {
  let t: TestApp;
  let ada: number;
  let ben: number;
  let staff: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    ada = (await createAccount(db, { username: 'ada', passwordHash: 'x', firstName: 'Ada', lastName: 'Lovelace' })).id;
    ben = (await createAccount(db, { username: 'ben', passwordHash: 'x' })).id;
    staff = (await createAccount(db, { username: 'staffer', passwordHash: 'x', isStaff: true })).id;
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>) => t.as({ method: 'POST', url: URL_BASE, payload });
  const createOk = async (link: string, user = ada): Promise<GalleryLink> => {
    const res = await post({ link, description: `Photos at ${link}`, user });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('needs an admin token', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL_BASE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: URL_BASE, payload: {} })).statusCode).toBe(401);
  });

  it('starts with an empty list', async () => {
    expect((await t.as({ method: 'GET', url: URL_BASE })).json()).toEqual([]);
  });

  it('assigns a link to a customer (JSON or form-encoded)', async () => {
    const res = await post({ link: 'https://photos.example.com/ada', description: 'Wedding photos', user: ada });
    expect(res.statusCode, res.body).toBe(201);
    const link: GalleryLink = res.json();
    expect(link).toMatchObject({
      link: 'https://photos.example.com/ada',
      description: 'Wedding photos',
      user: ada,
      user_text: 'Ada Lovelace',
      title: '',
    });
    expect(new Date(link.time_created).toISOString()).toBe(link.time_created);

    const form = await t.as({
      method: 'POST',
      url: URL_BASE,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `link=${encodeURIComponent('http://example.org/g?x=1')}&description=Engagement&user=${ben}`,
    });
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json()).toMatchObject({ user: ben, user_text: 'ben' });
  });

  it('answers missing fields with the spec messages', async () => {
    const res = await post({ link: ' ', description: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      link: [GALLERY_LINK_MESSAGES.linkRequired],
      description: [GALLERY_LINK_MESSAGES.descriptionRequired],
      user: [GALLERY_LINK_MESSAGES.userRequired],
    });
  });

  it.each(['not a url', 'ftp://example.com/x', 'javascript:alert(1)', 'https://', 'example.com/gallery'])(
    'refuses %s as a link',
    async (link) => {
      const res = await post({ link, description: 'd', user: ada });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ link: [GALLERY_LINK_MESSAGES.linkInvalid] });
    },
  );

  it('refuses an admin or unknown account as the user', async () => {
    for (const user of [staff, 123456, 'x']) {
      const res = await post({ link: 'https://example.com/a', description: 'd', user });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ user: [GALLERY_LINK_MESSAGES.userRequired] });
    }
  });

  it('shows the title of the client gallery that uses the link, live', async () => {
    const link = await createOk('https://photos.example.com/titled');
    const body = await multipart({
      title: 'Smith wedding',
      user: ada,
      gallery_link: 'https://photos.example.com/titled',
      cover_image: { filename: 'c.jpg', content: await makeImage({ width: 1200, height: 800, seed: 7 }), type: 'image/jpeg' },
    });
    const gallery = await t.as({
      method: 'POST',
      url: '/adminportal/manage-client-galleries/',
      payload: body.payload,
      headers: body.headers,
    });
    expect(gallery.statusCode, gallery.body).toBe(201);
    const list: GalleryLink[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(list.find((l) => l.id === link.id)?.title).toBe('Smith wedding');
    await t.as({ method: 'PATCH', url: `/adminportal/manage-client-galleries/${gallery.json().id}/`, payload: { title: 'Smith & Jones' } });
    const again: GalleryLink[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(again.find((l) => l.id === link.id)?.title).toBe('Smith & Jones');
  });

  it("shows the client gallery's title for its delivery link, and stops once the link is regenerated", async () => {
    const body = await multipart({
      title: 'Kite delivery',
      user: ben,
      cover_image: { filename: 'c.jpg', content: await makeImage({ width: 1200, height: 800, seed: 8 }), type: 'image/jpeg' },
    });
    const created = await t.as({
      method: 'POST',
      url: '/adminportal/manage-client-galleries/',
      payload: body.payload,
      headers: body.headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const gallery = created.json() as { id: number; delivery_url: string };
    const link = await createOk(`https://studio.example.com${gallery.delivery_url}`, ben);
    expect(link.title).toBe('Kite delivery');
    const bare = await createOk(`https://studio.example.com${gallery.delivery_url.replace(/\/$/, '')}?utm=mail`, ben);
    expect(bare.title).toBe('Kite delivery');
    // Not a delivery link: another path holding the same token.
    const other = await createOk(`https://studio.example.com/x${gallery.delivery_url}`, ben);
    expect(other.title).toBe('');
    await t.as({ method: 'POST', url: `/adminportal/manage-client-galleries/${gallery.id}/delivery/regenerate/` });
    const list: GalleryLink[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(list.find((l) => l.id === link.id)?.title).toBe('');
  });

  it('lists newest first', async () => {
    const a = await createOk('https://example.com/older');
    const b = await createOk('https://example.com/newer');
    const list: GalleryLink[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(list.findIndex((l) => l.id === b.id)).toBeLessThan(list.findIndex((l) => l.id === a.id));
  });

  it('replaces link, description and user with PUT', async () => {
    const link = await createOk('https://example.com/put');
    const res = await t.as({
      method: 'PUT',
      url: `${URL_BASE}${link.id}/`,
      payload: { link: 'https://example.com/put-2', description: 'New words', user: ben },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...link, link: 'https://example.com/put-2', description: 'New words', user: ben, user_text: 'ben' });
    const list: GalleryLink[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(list.find((l) => l.id === link.id)?.link).toBe('https://example.com/put-2');
  });

  it('validates a PUT like a create and changes nothing when it fails', async () => {
    const link = await createOk('https://example.com/put-bad');
    const res = await t.as({ method: 'PUT', url: `${URL_BASE}${link.id}/`, payload: { link: 'nope', description: 'still here' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ link: [GALLERY_LINK_MESSAGES.linkInvalid], user: [GALLERY_LINK_MESSAGES.userRequired] });
    const list: GalleryLink[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(list.find((l) => l.id === link.id)).toEqual(link);
  });

  it('deletes a link', async () => {
    const link = await createOk('https://example.com/delete');
    expect((await t.as({ method: 'DELETE', url: `${URL_BASE}${link.id}/` })).statusCode).toBe(204);
    const list: GalleryLink[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(list.some((l) => l.id === link.id)).toBe(false);
  });

  it('answers unknown and malformed ids with 404', async () => {
    const valid = { link: 'https://example.com/x', description: 'd', user: ada };
    for (const id of ['999999', 'abc', '-1']) {
      expect((await t.as({ method: 'PUT', url: `${URL_BASE}${id}/`, payload: valid })).statusCode).toBe(404);
      expect((await t.as({ method: 'DELETE', url: `${URL_BASE}${id}/` })).statusCode).toBe(404);
    }
  });

  it('goes away with its customer account', async () => {
    const gone = await createAccount(t.database.db, { username: 'gone', passwordHash: 'x' });
    const link = await createOk('https://example.com/gone', gone.id);
    const listed = async () => ((await t.as({ method: 'GET', url: URL_BASE })).json() as GalleryLink[]).some((l) => l.id === link.id);
    expect(await listed()).toBe(true);
    // Through the people area, as an admin deletes a customer (the list is cached until then).
    expect((await t.as({ method: 'DELETE', url: `/adminportal/manage-users/${gone.id}/` })).statusCode).toBe(204);
    expect(await listed()).toBe(false);
  });

  it("the list, served from the response cache, shows the customer's new name at once", async () => {
    const cleo = (await createAccount(t.database.db, { username: 'cleo', passwordHash: 'x', firstName: 'Cleo', lastName: 'Hart' })).id;
    const link = await createOk('https://example.com/cleo', cleo);
    expect(await userTextAroundRename(t, URL_BASE, link.id, cleo, { first_name: 'Cleo', last_name: 'Stone' })).toEqual([
      'Cleo Hart',
      'Cleo Stone',
    ]);
  });
});
