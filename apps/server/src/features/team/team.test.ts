import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMON_MESSAGES, TEAM_MESSAGES, type TeamMember } from '@darkroom/contracts';
import {
  createTestApp,
  describeEachDatabase,
  makeImage,
  multipart,
  type FormValue,
  type TestApp,
  fileStored,
  rowWithImages,
} from '../../../test/harness';
import { teamMembers } from '../../db/schema';
import { imageKeys } from '../../media/image-pipeline';

const findTeamMember = async (db: TestApp['database']['db'], id: number) =>
  (await db.select().from(teamMembers).where(eq(teamMembers.id, id)))[0];

const BASE = '/adminportal/pages/the-team/';

describeEachDatabase('team', (kind) => {
  let t: TestApp;
  let seed = 100;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const image = async (opts: { width?: number; height?: number; format?: 'jpeg' | 'png' } = {}) => ({
    filename: 'portrait.jpg',
    content: await makeImage({ width: 600, height: 600, seed: seed++, ...opts }),
    type: 'image/jpeg',
  });
  const fields = (over: Record<string, string> = {}) => ({
    name: 'Maya Reyes',
    email: 'maya@studio.test',
    phone: '+1 555 0101',
    title: 'Lead photographer',
    ...over,
  });
  const send = async (method: 'POST' | 'PATCH', url: string, body: Record<string, FormValue>) =>
    t.as({ method, url, ...(await multipart(body)) });
  const createMember = async (over: Record<string, string> = {}) => {
    const res = await send('POST', BASE, { ...fields(over), cover_image: await image() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TeamMember;
  };
  const stored = async (key: string) => fileStored(t.app.storage, key);

  it('starts empty', async () => {
    const res = await t.as({ method: 'GET', url: BASE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('creates a member from multipart with the profile image, and lists it', async () => {
    const member = await createMember();
    expect(member).toMatchObject({ ...fields() });
    expect(member.cover_image).toMatch(/^\/media\/d\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(member.cover_image_view).toMatchObject({ url: member.cover_image, width: 600, height: 600 });
    expect(member.cover_image_view.placeholder).toMatch(/^data:image\/[a-z]+;base64,/);
    expect(member.cover_image_view.square).toMatch(/^\/media\//);
    expect(Date.parse(member.time_created)).not.toBeNaN();
    const media = await t.app.inject({ method: 'GET', url: member.cover_image });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');

    const list = (await t.as({ method: 'GET', url: BASE })).json() as TeamMember[];
    expect(list[0]).toEqual(member);
  });

  it('lists in the saved order, a new member last', async () => {
    const a = await createMember({ name: 'First' });
    const b = await createMember({ name: 'Second' });
    const list = (await t.as({ method: 'GET', url: BASE })).json() as TeamMember[];
    expect(list.slice(-2).map((m) => m.id)).toEqual([a.id, b.id]);
  });

  it('create answers missing fields and the missing image with the spec messages', async () => {
    const res = await send('POST', BASE, { name: '', email: ' ', phone: '', title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: [TEAM_MESSAGES.nameRequired],
      email: [TEAM_MESSAGES.emailRequired],
      phone: [TEAM_MESSAGES.phoneRequired],
      title: [TEAM_MESSAGES.titleRequired],
      cover_image: [TEAM_MESSAGES.imageRequired],
    });
    const json = await t.as({ method: 'POST', url: BASE, payload: fields() });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ cover_image: [TEAM_MESSAGES.imageRequired] });
    // An empty file part is how a browser sends "no file chosen".
    const empty = await send('POST', BASE, { ...fields(), cover_image: { filename: '', content: Buffer.alloc(0) } });
    expect(empty.json()).toEqual({ cover_image: [TEAM_MESSAGES.imageRequired] });
  });

  it('rejects a malformed e-mail', async () => {
    const res = await send('POST', BASE, { ...fields({ email: 'nope' }), cover_image: await image() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('rejects files that are not JPEG or PNG by content, corrupt and too-small images', async () => {
    const before = ((await t.as({ method: 'GET', url: BASE })).json() as TeamMember[]).length;
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const cases: [FormValue, string][] = [
      [{ filename: 'fake.jpg', content: gif, type: 'image/jpeg' }, COMMON_MESSAGES.imageType],
      [{ filename: 'notes.png', content: Buffer.from('hello world, not an image'), type: 'image/png' }, COMMON_MESSAGES.imageType],
      [
        { filename: 'broken.jpg', content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]) },
        COMMON_MESSAGES.imageCorrupt,
      ],
      [await image({ width: 120, height: 120 }), COMMON_MESSAGES.dimension],
    ];
    for (const [file, message] of cases) {
      const res = await send('POST', BASE, { ...fields(), cover_image: file });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ cover_image: [message] });
    }
    const png = await send('POST', BASE, {
      ...fields(),
      cover_image: { filename: 'p.png', content: await makeImage({ width: 300, height: 300, format: 'png', seed: 7 }) },
    });
    expect(png.statusCode).toBe(201);
    const after = ((await t.as({ method: 'GET', url: BASE })).json() as TeamMember[]).length;
    expect(after).toBe(before + 1);
  });

  it('updates text fields only, keeping the image when none is sent', async () => {
    const member = await createMember();
    const res = await send('PATCH', `${BASE}${member.id}/`, { title: 'Second shooter', phone: '+1 555 0199' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...member, title: 'Second shooter', phone: '+1 555 0199' });
    // JSON, with an empty image field, keeps the image too.
    const json = await t.as({ method: 'PATCH', url: `${BASE}${member.id}/`, payload: { name: 'Maya R.', cover_image: '' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ name: 'Maya R.', cover_image: member.cover_image });
    const list = (await t.as({ method: 'GET', url: BASE })).json() as TeamMember[];
    expect(list.find((m) => m.id === member.id)).toMatchObject({ name: 'Maya R.', title: 'Second shooter' });
  });

  it('update validates what is sent with the spec messages', async () => {
    const member = await createMember();
    const res = await send('PATCH', `${BASE}${member.id}/`, { name: '', email: '', phone: '', title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: [TEAM_MESSAGES.nameRequired],
      email: [TEAM_MESSAGES.emailRequired],
      phone: [TEAM_MESSAGES.phoneRequired],
      title: [TEAM_MESSAGES.titleRequired],
    });
    const bad = await send('PATCH', `${BASE}${member.id}/`, { cover_image: { filename: 'x.jpg', content: Buffer.from('nope') } });
    expect(bad.json()).toEqual({ cover_image: [COMMON_MESSAGES.imageType] });
    expect((await findTeamMember(t.database.db, member.id))!.name).toBe('Maya Reyes');
  });

  it('replacing the image removes the old files and keeps the new ones', async () => {
    const member = await createMember();
    const oldRow = await rowWithImages(t, (await findTeamMember(t.database.db, member.id))!);
    const res = await send('PATCH', `${BASE}${member.id}/`, { cover_image: await image() });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as TeamMember;
    expect(updated.cover_image).not.toBe(member.cover_image);
    for (const key of imageKeys(oldRow.cover)) expect(await stored(key)).toBe(false);
    const newRow = await rowWithImages(t, (await findTeamMember(t.database.db, member.id))!);
    for (const key of imageKeys(newRow.cover)) expect(await stored(key)).toBe(true);
  });

  it('an image still used by another member is kept when one of them is deleted', async () => {
    const content = await makeImage({ width: 500, height: 500, seed: 4242 });
    const a = (await send('POST', BASE, { ...fields(), cover_image: { filename: 'a.jpg', content } })).json() as TeamMember;
    const b = (await send('POST', BASE, { ...fields(), cover_image: { filename: 'b.jpg', content } })).json() as TeamMember;
    const row = await rowWithImages(t, (await findTeamMember(t.database.db, b.id))!);
    expect((await t.as({ method: 'DELETE', url: `${BASE}${a.id}/` })).statusCode).toBe(204);
    for (const key of imageKeys(row.cover)) expect(await stored(key)).toBe(true);
    expect((await t.as({ method: 'DELETE', url: `${BASE}${b.id}/` })).statusCode).toBe(204);
    for (const key of imageKeys(row.cover)) expect(await stored(key)).toBe(false);
  });

  it('deletes a member and its files', async () => {
    const member = await createMember();
    const row = await rowWithImages(t, (await findTeamMember(t.database.db, member.id))!);
    const keys = imageKeys(row.cover);
    expect(keys.length).toBeGreaterThan(3);
    const res = await t.as({ method: 'DELETE', url: `${BASE}${member.id}/` });
    expect(res.statusCode).toBe(204);
    for (const key of keys) expect(await stored(key)).toBe(false);
    const list = (await t.as({ method: 'GET', url: BASE })).json() as TeamMember[];
    expect(list.some((m) => m.id === member.id)).toBe(false);
  });

  it('unknown and junk ids are 404 and change nothing', async () => {
    const usage = await t.app.storage.usage();
    for (const [method, url] of [
      ['PATCH', `${BASE}999999/`],
      ['DELETE', `${BASE}999999/`],
      ['PATCH', `${BASE}abc/`],
      ['DELETE', `${BASE}0/`],
    ] as const) {
      const res = method === 'PATCH' ? await send('PATCH', url, { name: 'X', cover_image: await image() }) : await t.as({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    // The image sent to a missing member was never stored.
    expect(await t.app.storage.usage()).toEqual(usage);
  });

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: BASE, payload: fields() })).statusCode).toBe(401);
  });
});
