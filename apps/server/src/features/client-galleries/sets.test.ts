import { afterAll, beforeAll, expect, it } from 'vitest';
import { SET_MESSAGES, type ClientGallerySet, type DeliveryGallery, type GalleryUploadResponse } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, makeImage, multipart, photosDerived, type TestApp } from '../../../test/harness';
import { deliveryToken } from '../../../test/client-gallery-fixtures';
import { readZip } from '../../../test/zip-entries';
import { createAccount } from '../../auth/accounts.repository';
import { systemContext } from '../../context';
import { deliveryGalleryPage } from '../delivery/delivery.service';

/** Sets of a client gallery: the studio's API, and the customer's tabs, JSON and zips per set. */

const ADMIN_BASE = '/adminportal/manage-client-galleries/';
const NAMES = ['ready-1.jpg', 'ready-2.jpg', 'vows.jpg', 'rings.jpg', 'dance.jpg', 'cake.jpg'];

/** The names of a zip's entries, read by an independent reader. */
const zipNames = async (buf: Buffer) => (await readZip(buf)).map((e) => e.name);

describeEachDatabase('client gallery sets', (kind) => {
  let t: TestApp;
  let galleryId: number;
  let otherGalleryId: number;
  let token: string;
  /** Photo ids by file name. */
  const ids: Record<string, number> = {};
  let otherPhoto: number;

  const sets = (gallery = galleryId) => `${ADMIN_BASE}${gallery}/sets/`;
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.as({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const site = (rest = '') => `/site/galleries/${token}/${rest}`;
  const visit = (url: string) => t.app.inject({ method: 'GET', url });

  async function createGallery(title: string, user: number, photos: string[], seed: number) {
    const created = await t.as({
      method: 'POST',
      url: ADMIN_BASE,
      ...(await multipart({
        title,
        user,
        status: 'true',
        cover_image: { filename: 'cover.jpg', content: await makeImage({ seed }), type: 'image/jpeg' },
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const gallery = created.json() as { id: number; delivery_url: string };
    const files = await Promise.all(
      photos.map(async (filename, i) => ({ filename, content: await makeImage({ width: 1200, height: 800, seed: seed + 1 + i }) })),
    );
    const up = await t.as({
      method: 'POST',
      url: '/adminportal/manage-gallery/',
      ...(await multipart({ 'client-gallery': gallery.id, land_scape_image: files })),
    });
    expect(up.statusCode, up.body).toBe(201);
    return { gallery, stored: (up.json() as GalleryUploadResponse).stored };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ada = await createAccount(t.database.db, { username: 'ada', passwordHash: 'x', email: 'ada@example.test' });
    const main = await createGallery('Ada & Ben', ada.id, NAMES, 7100);
    galleryId = main.gallery.id;
    token = deliveryToken(main.gallery);
    for (const p of main.stored) ids[p.name] = p.id;
    const other = await createGallery('Someone else', ada.id, ['x.jpg'], 7200);
    otherGalleryId = other.gallery.id;
    otherPhoto = other.stored[0]!.id;
    await photosDerived(t);
  });
  afterAll(() => t?.close());

  it('is admin only', async () => {
    expect((await t.app.inject({ method: 'GET', url: sets() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: sets(), payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${sets()}photos/`, payload: { set: null, photos: [1] } })).statusCode).toBe(401);
  });

  it('a gallery without sets looks as today to its customer', async () => {
    expect((await api('GET', sets())).json()).toEqual([]);
    const seen = (await visit(site())).json() as DeliveryGallery;
    expect(seen).toMatchObject({ sets: [], set: null, all_total: NAMES.length, total: NAMES.length });
    const page = await t.app.inject({ method: 'GET', url: `/g/${token}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('role="tablist"');
  });

  it('creates, renames and reorders sets, and refuses bad names with field messages', async () => {
    let res = await api('POST', sets(), { name: ' Getting ready ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual([{ id: expect.any(Number), name: 'Getting ready', photo_ids: [] }]);
    for (const name of ['Ceremony', 'Reception']) expect((await api('POST', sets(), { name })).statusCode).toBe(201);
    const [ready, ceremony, reception] = (await api('GET', sets())).json() as ClientGallerySet[];
    expect([ready!.name, ceremony!.name, reception!.name]).toEqual(['Getting ready', 'Ceremony', 'Reception']);

    expect((await api('POST', sets(), { name: '  ' })).json()).toEqual({ name: [SET_MESSAGES.nameRequired] });
    expect((await api('POST', sets(), {})).json()).toEqual({ name: [SET_MESSAGES.nameRequired] });
    const taken = await api('POST', sets(), { name: 'CEREMONY' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: [SET_MESSAGES.nameTaken] });
    expect((await api('POST', sets(), { name: 'x'.repeat(151) })).statusCode).toBe(400);
    expect((await api('PATCH', `${sets()}${ceremony!.id}/`, { name: 'reception' })).json()).toEqual({ name: [SET_MESSAGES.nameTaken] });

    res = await api('PATCH', `${sets()}${ceremony!.id}/`, { name: 'The ceremony' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ClientGallerySet[]).map((s) => s.name)).toEqual(['Getting ready', 'The ceremony', 'Reception']);
    // Its own name in another case is not "taken".
    expect((await api('PATCH', `${sets()}${ceremony!.id}/`, { name: 'Ceremony' })).statusCode).toBe(200);

    res = await api('PUT', `${sets()}order/`, { ids: [reception!.id, ready!.id, ceremony!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ClientGallerySet[]).map((s) => s.name)).toEqual(['Reception', 'Getting ready', 'Ceremony']);
    for (const bad of [[reception!.id, ready!.id], [reception!.id, ready!.id, ceremony!.id, ceremony!.id], [987651, 987652, 987653], 'x']) {
      const refused = await api('PUT', `${sets()}order/`, { ids: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ ids: [SET_MESSAGES.idsInvalid] });
    }
    await api('PUT', `${sets()}order/`, { ids: [ready!.id, ceremony!.id, reception!.id] });

    // Another gallery's set is not found through this one; an unknown gallery is 404.
    expect((await api('PATCH', `${sets(otherGalleryId)}${ready!.id}/`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await api('DELETE', `${sets(otherGalleryId)}${ready!.id}/`)).statusCode).toBe(404);
    expect((await api('GET', sets(987654))).statusCode).toBe(404);
    expect((await api('POST', sets(987654), { name: 'x' })).statusCode).toBe(404);
  });

  it('moves photos in bulk, from set to set and out of any, checking each id', async () => {
    const [ready, ceremony, reception] = (await api('GET', sets())).json() as ClientGallerySet[];
    const move = (set: number | null, photos: unknown) => api('POST', `${sets()}photos/`, { set, photos });
    let res = await move(ready!.id, [ids['ready-1.jpg'], ids['ready-2.jpg'], ids['vows.jpg']]);
    expect(res.statusCode, res.body).toBe(200);
    res = await move(ceremony!.id, [ids['vows.jpg'], ids['rings.jpg'], ids['vows.jpg']]);
    expect(res.statusCode, res.body).toBe(200);
    await move(reception!.id, [ids['dance.jpg']]);
    const now = res.json() as ClientGallerySet[];
    expect(now.find((s) => s.id === ceremony!.id)!.photo_ids).toEqual([ids['vows.jpg'], ids['rings.jpg']]);
    const after = (await api('GET', sets())).json() as ClientGallerySet[];
    expect(after.map((s) => s.photo_ids)).toEqual([
      [ids['ready-1.jpg'], ids['ready-2.jpg']],
      [ids['vows.jpg'], ids['rings.jpg']],
      [ids['dance.jpg']],
    ]);

    // Refusals name their field and change nothing.
    const foreign = await move(ready!.id, [ids['cake.jpg'], otherPhoto]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ photos: [SET_MESSAGES.photosInvalid] });
    expect((await move(ready!.id, [])).json()).toEqual({ photos: [SET_MESSAGES.photosRequired] });
    expect((await move(ready!.id, ['abc'])).json()).toEqual({ photos: [SET_MESSAGES.photosInvalid] });
    const otherSet = (await api('POST', sets(otherGalleryId), { name: 'Theirs' })).json() as ClientGallerySet[];
    expect((await move(otherSet[0]!.id, [ids['cake.jpg']])).json()).toEqual({ set: [SET_MESSAGES.setInvalid] });
    expect((await move('x' as unknown as number, [ids['cake.jpg']])).json()).toEqual({ set: [SET_MESSAGES.setInvalid] });
    expect((await api('POST', `${sets()}photos/`, { photos: [ids['cake.jpg']] })).json()).toEqual({ set: [SET_MESSAGES.setInvalid] });
    expect(((await api('GET', sets())).json() as ClientGallerySet[]).map((s) => s.photo_ids)).toEqual(after.map((s) => s.photo_ids));

    // Out of any set, and back.
    await move(null, [ids['dance.jpg']]);
    expect(((await api('GET', sets())).json() as ClientGallerySet[])[2]!.photo_ids).toEqual([]);
    await move(reception!.id, [ids['dance.jpg'], ids['cake.jpg']]);
  });

  it('shows the customer each non-empty set as a tab, and a page of one set', async () => {
    const [ready, ceremony, reception] = (await api('GET', sets())).json() as ClientGallerySet[];
    await api('POST', sets(), { name: 'Empty one' });
    const all = (await visit(site())).json() as DeliveryGallery;
    expect(all.sets).toEqual([
      { id: ready!.id, name: 'Getting ready', count: 2 },
      { id: ceremony!.id, name: 'Ceremony', count: 2 },
      { id: reception!.id, name: 'Reception', count: 2 },
    ]);
    expect(all).toMatchObject({ set: null, total: NAMES.length, all_total: NAMES.length });
    const one = (await visit(site(`?set=${ceremony!.id}`))).json() as DeliveryGallery;
    expect(one).toMatchObject({ set: ceremony!.id, total: 2, all_total: NAMES.length, next: null });
    expect(one.photos.map((p) => p.name)).toEqual(['vows.jpg', 'rings.jpg']);
    // Another gallery's set, an unknown one and a malformed one are not found.
    const theirs = ((await api('GET', sets(otherGalleryId))).json() as ClientGallerySet[])[0]!;
    expect((await visit(site(`?set=${theirs.id}`))).statusCode).toBe(404);
    expect((await visit(site('?set=987654'))).statusCode).toBe(404);
    expect((await visit(site('?set=abc'))).statusCode).toBe(400);

    const page = await t.app.inject({ method: 'GET', url: `/g/${token}/?set=${reception!.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('role="tablist"');
    expect(page.body).toMatch(new RegExp(`id="dl-tab-${reception!.id}" role="tab" href="\\?set=${reception!.id}" aria-selected="true"`));
    expect(page.body).toContain('id="dl-tab-all" role="tab" href="./" aria-selected="false"');
    expect(page.body).toContain('role="tabpanel"');
    expect(page.body).toContain('dance.jpg');
    expect(page.body).not.toContain('vows.jpg');
    expect(page.body).not.toContain('Empty one');
    expect(page.body).toContain(`/site/galleries/${token}/download/?set=${reception!.id}`);
    // The studio's rename shows at once (the cached page is dropped).
    await api('PATCH', `${sets()}${reception!.id}/`, { name: 'Party' });
    expect((await t.app.inject({ method: 'GET', url: `/g/${token}/?set=${reception!.id}` })).body).toContain('Party');
  });

  it('pages through one set, the next address keeping the set', async () => {
    const ready = ((await api('GET', sets())).json() as ClientGallerySet[])[0]!;
    const ctx = systemContext(t.app.runtime, 'test');
    const first = await deliveryGalleryPage(ctx, galleryId, { page: 1, favourites: false, list: null, set: ready.id }, '/p/', 1);
    expect(first.photos.map((p) => p.name)).toEqual(['ready-1.jpg']);
    expect(first.next).toBe(`/p/?page=2&set=${ready.id}`);
    const second = (await visit(site(`?page=2&set=${ready.id}`))).json() as DeliveryGallery;
    expect(second.photos).toEqual([]);
    const last = await deliveryGalleryPage(ctx, galleryId, { page: 2, favourites: false, list: null, set: ready.id }, '/p/', 1);
    expect(last.photos.map((p) => p.name)).toEqual(['ready-2.jpg']);
    expect(last.next).toBeNull();
  });

  it("downloads one set's zip, named after it, with exactly its photos (originals and web sizes)", async () => {
    const [, ceremony] = (await api('GET', sets())).json() as ClientGallerySet[];
    const res = await visit(site(`download/?set=${ceremony!.id}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('Ada%20%26%20Ben%20-%20Ceremony.zip');
    expect((await zipNames(res.rawPayload)).sort()).toEqual(['rings.jpg', 'vows.jpg']);
    await api('PATCH', `${ADMIN_BASE}${galleryId}/`, { download_size: 'both' });
    const web = await visit(site(`download/?set=${ceremony!.id}&size=web`));
    expect(web.statusCode, web.body).toBe(200);
    expect(web.headers['content-disposition']).toContain('Ceremony%20-%20web.zip');
    expect((await zipNames(web.rawPayload)).length).toBe(2);
    const whole = await visit(site('download/'));
    expect((await zipNames(whole.rawPayload)).sort()).toEqual([...NAMES].sort());
    expect((await visit(site('download/?set=987654'))).statusCode).toBe(404);
  });

  it('deleting a set keeps its photos, which go back to no set', async () => {
    const before = (await api('GET', sets())).json() as ClientGallerySet[];
    const ceremony = before[1]!;
    const res = await api('DELETE', `${sets()}${ceremony.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ClientGallerySet[]).map((s) => s.name)).not.toContain('Ceremony');
    const seen = (await visit(site())).json() as DeliveryGallery;
    expect(seen.total).toBe(NAMES.length);
    expect(seen.sets.map((s) => s.name)).toEqual(['Getting ready', 'Party']);
    expect((await visit(site(`?set=${ceremony.id}`))).statusCode).toBe(404);
  });
});
