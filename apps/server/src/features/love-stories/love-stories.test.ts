import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMON_MESSAGES, LOVE_STORY_MESSAGES, type LoveStory } from '@darkroom/contracts';
import {
  createTestApp,
  describeEachDatabase,
  makeImage,
  mediaKeyOf,
  multipart,
  type FormValue,
  type TestApp,
  fileStored,
  insertGalleryPhotos,
  galleryPhotoRows,
  userTextAroundRename,
} from '../../../test/harness';
import { accounts } from '../../db/schema';
import { createAccount } from '../../auth/accounts.repository';
import { imageKeys, processImage } from '../../media/image-pipeline';

const URL_BASE = '/adminportal/manage-love-stories/';
const description = (d1: string, rest: Partial<Record<string, string>> = {}) =>
  JSON.stringify({ description1: d1, description2: '', description3: '', description4: '', description5: '', ...rest });

describeEachDatabase('love stories', (kind) => {
  let t: TestApp;
  let ada: number;
  let ben: number;
  let staff: number;
  let seed = 100;
  const image = (opts: { width?: number; height?: number; format?: 'jpeg' | 'png' } = {}) =>
    makeImage({ width: 1200, height: 800, ...opts, seed: seed++ });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    ada = (await createAccount(db, { username: 'ada', passwordHash: 'x', firstName: 'Ada', lastName: 'Lovelace' })).id;
    ben = (await createAccount(db, { username: 'ben.only', passwordHash: 'x' })).id;
    staff = (await createAccount(db, { username: 'staffer', passwordHash: 'x', isStaff: true, firstName: 'Sam' })).id;
  });
  afterAll(() => t.close());

  const create = async (fields: Record<string, FormValue>) => {
    const body = await multipart(fields);
    return t.as({ method: 'POST', url: URL_BASE, payload: body.payload, headers: body.headers });
  };
  const createOk = async (title: string, extra: Record<string, FormValue> = {}): Promise<LoveStory> => {
    const res = await create({
      title,
      user: ada,
      description: description(`${title} began`),
      cover_image: { filename: 'cover.jpg', content: await image(), type: 'image/jpeg' },
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const patch = async (id: number, fields: Record<string, FormValue>) => {
    const body = await multipart(fields);
    return t.as({ method: 'PATCH', url: `${URL_BASE}${id}/`, payload: body.payload, headers: body.headers });
  };
  const filesExist = async (story: LoveStory) =>
    Promise.all([story.cover_image, story.square_image, story.land_scape_image].map((u) => fileStored(t.app.storage, mediaKeyOf(u))));

  it('needs an admin token', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL_BASE })).statusCode).toBe(401);
  });

  it('starts with an empty list', async () => {
    const res = await t.as({ method: 'GET', url: URL_BASE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('creates a story from one uploaded file, deriving cover, square and landscape images', async () => {
    const res = await create({
      title: 'Anna & Tom',
      user: ada,
      description: description('We met in Rome', { description3: 'Then Paris' }),
      cover_image: { filename: 'cover.png', content: await image({ format: 'png' }), type: 'image/png' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const story: LoveStory = res.json();
    expect(story).toMatchObject({ title: 'Anna & Tom', user: ada, user_text: 'Ada Lovelace', status: false });
    expect(JSON.parse(story.description)).toEqual({
      description1: 'We met in Rome',
      description2: '',
      description3: 'Then Paris',
      description4: '',
      description5: '',
    });
    expect(story.cover_image).toMatch(/^\/media\/.+\.webp$/);
    expect(new Set([story.cover_image, story.square_image, story.land_scape_image]).size).toBe(3);
    expect(story.cover_image_view).toMatchObject({ url: story.cover_image, square: story.square_image, wide: story.land_scape_image });
    expect(story.cover_image_view.srcset).toContain('w');
    expect(new Date(story.time_created).toISOString()).toBe(story.time_created);
    expect(await filesExist(story)).toEqual([true, true, true]);
  });

  it('accepts the descriptions as loose fields and the image under land_scape_image', async () => {
    const res = await create({
      title: 'Loose fields',
      user: String(ada),
      description1: 'First',
      description5: 'Last',
      land_scape_image: { filename: 'a.jpg', content: await image(), type: 'image/jpeg' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(JSON.parse(res.json().description)).toMatchObject({ description1: 'First', description5: 'Last' });
  });

  it('uses the username when the customer has no name', async () => {
    const story = await createOk('Ben story', { user: ben });
    expect(story.user_text).toBe('ben.only');
  });

  it('answers an empty create with every spec message', async () => {
    const res = await create({ title: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      title: [LOVE_STORY_MESSAGES.titleRequired],
      user: [LOVE_STORY_MESSAGES.userRequired],
      description1: [LOVE_STORY_MESSAGES.description1Required],
      cover_image: [LOVE_STORY_MESSAGES.coverRequired],
    });
  });

  it.each([
    ['an admin account', () => staff],
    ['an unknown account', () => 999_999],
    ['junk', () => 'abc'],
  ])('refuses %s as the user', async (_label, user) => {
    const res = await create({
      title: 'Wrong user',
      user: user(),
      description: description('x'),
      cover_image: { filename: 'c.jpg', content: await image(), type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ user: [LOVE_STORY_MESSAGES.userRequired] });
  });

  it('refuses a description that is not a JSON object', async () => {
    const res = await create({
      title: 'Bad JSON',
      user: ada,
      description: '{not json',
      cover_image: { filename: 'c.jpg', content: await image(), type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ description: [LOVE_STORY_MESSAGES.descriptionInvalid] });
  });

  it('refuses files that are not JPEG or PNG, and images below the minimum size', async () => {
    const base = { title: 'Images', user: ada, description: description('x') };
    const text = await create({ ...base, cover_image: { filename: 'fake.jpg', content: Buffer.from('not an image'), type: 'image/jpeg' } });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ cover_image: [COMMON_MESSAGES.imageType] });
    const small = await create({ ...base, cover_image: { filename: 's.jpg', content: await image({ width: 300, height: 200 }) } });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ cover_image: [COMMON_MESSAGES.dimension] });
  });

  it('lists newest first and reads one by id', async () => {
    const first = await createOk('Older');
    const second = await createOk('Newer');
    const list: LoveStory[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(list.findIndex((s) => s.id === second.id)).toBeLessThan(list.findIndex((s) => s.id === first.id));
    const one = await t.as({ method: 'GET', url: `${URL_BASE}${first.id}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
  });

  it('keeps its own SEO title and description, which its website page uses', async () => {
    const story = await createOk('Seo story', { seo_title: 'Lakeside wedding: Ada', seo_description: 'Rain, rings and a rowing boat.' });
    expect([story.seo_title, story.seo_description]).toEqual(['Lakeside wedding: Ada', 'Rain, rings and a rowing boat.']);
    // A PATCH of other fields keeps them; one of them alone changes only it.
    expect(((await patch(story.id, { title: 'Seo story 2' })).json() as LoveStory).seo_title).toBe('Lakeside wedding: Ada');
    expect(((await patch(story.id, { seo_description: '' })).json() as LoveStory).seo_description).toBe('');
    expect((await patch(story.id, { seo_title: 'x'.repeat(71) })).statusCode).toBe(400);
    expect((await patch(story.id, { status: 'true' })).statusCode).toBe(200);
    const html = (await t.app.inject({ method: 'GET', url: `/love-stories/${story.id}-seo-story-2/` })).body;
    expect(html).toContain('<title>Lakeside wedding: Ada |');
  });

  it('answers unknown and malformed ids with 404', async () => {
    for (const id of ['999999', 'abc', '0']) {
      expect((await t.as({ method: 'GET', url: `${URL_BASE}${id}/` })).statusCode).toBe(404);
      expect((await t.as({ method: 'PATCH', url: `${URL_BASE}${id}/`, payload: { title: 'x' } })).statusCode).toBe(404);
      expect((await t.as({ method: 'DELETE', url: `${URL_BASE}${id}/` })).statusCode).toBe(404);
    }
  });

  it('publishes and unpublishes with a form-encoded status, leaving everything else alone', async () => {
    const story = await createOk('Toggle me');
    const on = await t.as({
      method: 'PATCH',
      url: `${URL_BASE}${story.id}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=true',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ ...story, status: true });
    const off = await patch(story.id, { status: 'false' });
    expect(off.json().status).toBe(false);
    expect((await t.as({ method: 'PATCH', url: `${URL_BASE}${story.id}/`, payload: { status: 'maybe' } })).statusCode).toBe(400);
  });

  it('updates fields with JSON, merging a partial description and keeping the image', async () => {
    const story = await createOk('Edit me');
    const res = await t.as({
      method: 'PATCH',
      url: `${URL_BASE}${story.id}/`,
      payload: { title: 'Edited', description: { description2: 'Second chapter' }, user: ben },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: LoveStory = res.json();
    expect(updated).toMatchObject({ title: 'Edited', user: ben, user_text: 'ben.only', cover_image: story.cover_image });
    expect(JSON.parse(updated.description)).toMatchObject({ description1: 'Edit me began', description2: 'Second chapter' });
    const again: LoveStory = (await t.as({ method: 'GET', url: `${URL_BASE}${story.id}/` })).json();
    expect(again.title).toBe('Edited');
  });

  it('validates the fields a PATCH sends', async () => {
    const story = await createOk('Validate patch');
    const res = await t.as({
      method: 'PATCH',
      url: `${URL_BASE}${story.id}/`,
      payload: { title: '', description: JSON.stringify({ description1: ' ' }) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: [LOVE_STORY_MESSAGES.titleRequired], description1: [LOVE_STORY_MESSAGES.description1Required] });
    const admin = await t.as({ method: 'PATCH', url: `${URL_BASE}${story.id}/`, payload: { user: staff } });
    expect(admin.json()).toEqual({ user: [LOVE_STORY_MESSAGES.userRequired] });
    const unchanged: LoveStory = (await t.as({ method: 'GET', url: `${URL_BASE}${story.id}/` })).json();
    expect(unchanged).toEqual(story);
  });

  it('replaces the cover and removes the old files; an empty file part keeps it', async () => {
    const story = await createOk('New cover');
    const kept = await patch(story.id, { title: 'Same cover', cover_image: { filename: '', content: Buffer.alloc(0) } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().cover_image).toBe(story.cover_image);
    const res = await patch(story.id, { cover_image: { filename: 'new.jpg', content: await image(), type: 'image/jpeg' } });
    expect(res.statusCode, res.body).toBe(200);
    const updated: LoveStory = res.json();
    expect(updated.cover_image).not.toBe(story.cover_image);
    expect(await filesExist(updated)).toEqual([true, true, true]);
    expect(await filesExist(story)).toEqual([false, false, false]);
  });

  it('deletes a story with its photos and files', async () => {
    const story = await createOk('Delete me');
    const other = await createOk('Keep me');
    const tmp = path.join(os.tmpdir(), `ls-photo-${Date.now()}.jpg`);
    fs.writeFileSync(tmp, await image());
    const photo = await processImage(
      t.app.storage,
      { field: 'land_scape_image', filename: 'p.jpg', mimetype: 'image/jpeg', path: tmp, bytes: fs.statSync(tmp).size },
      { field: 'land_scape_image', use: 'galleryPhoto' },
    );
    fs.rmSync(tmp);
    await insertGalleryPhotos(t, [
      { parentType: 'love-story', parentId: story.id, name: 'p.jpg', image: photo },
      { parentType: 'love-story', parentId: other.id, name: 'p.jpg', image: photo },
    ]);

    const res = await t.as({ method: 'DELETE', url: `${URL_BASE}${story.id}/` });
    expect(res.statusCode).toBe(204);
    expect((await t.as({ method: 'GET', url: `${URL_BASE}${story.id}/` })).statusCode).toBe(404);
    const list: LoveStory[] = (await t.as({ method: 'GET', url: URL_BASE })).json();
    expect(list.some((s) => s.id === story.id)).toBe(false);
    expect(await filesExist(story)).toEqual([false, false, false]);
    const left = await galleryPhotoRows(t, { type: 'love-story' });
    expect(left.map((p) => p.parentId)).toEqual([other.id]);
    // The same photo is still used by the other story, so its files stay.
    expect(await fileStored(t.app.storage, imageKeys(photo)[0]!)).toBe(true);
    expect(await filesExist(other)).toEqual([true, true, true]);
  });

  describe('when the customer account is deleted', () => {
    it('keeps the story without a user', async () => {
      const gone = await createAccount(t.database.db, { username: 'gone', passwordHash: 'x', firstName: 'Gone' });
      const story = await createOk('Orphan', { user: gone.id });
      await t.database.db.delete(accounts).where(eq(accounts.id, gone.id));
      const again: LoveStory = (await t.as({ method: 'GET', url: `${URL_BASE}${story.id}/` })).json();
      expect(again).toMatchObject({ user: null, user_text: '' });
    });
  });
  it("the list, served from the response cache, shows the customer's new name at once", async () => {
    const cleo = (await createAccount(t.database.db, { username: 'cleo', passwordHash: 'x', firstName: 'Cleo', lastName: 'Hart' })).id;
    const story = await createOk('Cleo & Dan', { user: cleo });
    expect(await userTextAroundRename(t, URL_BASE, story.id, cleo, { first_name: 'Cleo', last_name: 'Stone' })).toEqual([
      'Cleo Hart',
      'Cleo Stone',
    ]);
  });
});
