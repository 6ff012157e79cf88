import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMON_MESSAGES, HOME_GALLERY_MESSAGES, type HomeGalleryImage } from '@darkroom/contracts';
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
import { homeGalleryImages } from '../../db/schema';
import { imageKeys } from '../../media/image-pipeline';

const URL = '/adminportal/home-gallery-image/';
let seed = 300;
const image = async (filename = `photo-${seed}.jpg`, opts: { width?: number; height?: number } = {}) => ({
  filename,
  content: await makeImage({ width: 800, height: 600, seed: seed++, ...opts }),
  type: 'image/jpeg',
});

describeEachDatabase('home gallery', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const send = async (method: 'POST' | 'PATCH', url: string, fields: Record<string, FormValue>) =>
    t.as({ method, url, ...(await multipart(fields)) });
  const createValid = async (fields: Record<string, FormValue> = {}) => {
    const res = await send('POST', URL, { cover_image: await image(), ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as HomeGalleryImage;
  };
  const list = async () => (await t.as({ method: 'GET', url: URL })).json() as HomeGalleryImage[];
  const storedCover = async (id: number) => {
    const [row] = await t.database.db.select().from(homeGalleryImages).where(eq(homeGalleryImages.id, id));
    return (await rowWithImages(t, row!)).cover;
  };
  const filesExist = async (keys: string[]) => Promise.all(keys.map((k) => fileStored(t.app.storage, k)));

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('lists nothing at first', async () => {
    const res = await t.as({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('creates an unpublished image named as sent', async () => {
    const item = await createValid({ name: 'bride.jpg' });
    expect(item).toMatchObject({ name: 'bride.jpg', status: false });
    expect(item.cover_image).toMatch(/^\/media\/.+\.webp$/);
    expect(item.cover_image_view).toMatchObject({ url: item.cover_image, width: 800, height: 600 });
    const keys = imageKeys(await storedCover(item.id));
    expect(await filesExist(keys)).toEqual(keys.map(() => true));
    expect((await list())[0]).toEqual(item);
  });

  it('takes the name from the file name when none is sent', async () => {
    const res = await send('POST', URL, { cover_image: await image('C:\\Users\\me\\Pictures\\sunset beach.jpg') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('sunset beach.jpg');
  });

  it('requires the image', async () => {
    for (const payload of [{}, { name: 'x.jpg' }]) {
      const res = await t.as({ method: 'POST', url: URL, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ cover_image: [HOME_GALLERY_MESSAGES.imageRequired] });
    }
    const empty = await send('POST', URL, { name: 'x.jpg', cover_image: { filename: '', content: Buffer.alloc(0) } });
    expect(empty.json()).toEqual({ cover_image: [HOME_GALLERY_MESSAGES.imageRequired] });
  });

  it('refuses files that are not JPEG or PNG, and images that are too small', async () => {
    const fake = await send('POST', URL, { cover_image: { filename: 'doc.png', content: Buffer.from('%PDF-1.4'), type: 'image/png' } });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ cover_image: [COMMON_MESSAGES.imageType] });
    const small = await send('POST', URL, { cover_image: await image('small.jpg', { width: 200, height: 150 }) });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ cover_image: [COMMON_MESSAGES.dimension] });
    expect((await list()).some((i) => i.name === 'small.jpg' || i.name === 'doc.png')).toBe(false);
  });

  it('replaces the image, renames after the new file and removes the old files', async () => {
    const item = await createValid({ name: 'old.jpg' });
    const oldKeys = imageKeys(await storedCover(item.id));
    const res = await send('PATCH', `${URL}${item.id}/`, { cover_image: await image('new.jpg') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, name: 'new.jpg', status: false });
    expect(res.json().cover_image).not.toBe(item.cover_image);
    expect(await filesExist(oldKeys)).toEqual(oldKeys.map(() => false));
    expect((await list()).find((i) => i.id === item.id)?.name).toBe('new.jpg');
  });

  it('publishes and unpublishes with a multipart status, keeping the image', async () => {
    const item = await createValid();
    for (const status of ['true', 'false']) {
      const res = await send('PATCH', `${URL}${item.id}/`, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: status === 'true', cover_image: item.cover_image, name: item.name });
      expect((await list()).find((i) => i.id === item.id)?.status).toBe(status === 'true');
    }
    const json = await t.as({ method: 'PATCH', url: `${URL}${item.id}/`, payload: { status: true } });
    expect(json.json().status).toBe(true);
  });

  it('refuses a bad status or image on update and changes nothing', async () => {
    const item = await createValid();
    const bad = await send('PATCH', `${URL}${item.id}/`, { status: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('status');
    const badImage = await send('PATCH', `${URL}${item.id}/`, { cover_image: { filename: 'a.jpg', content: Buffer.from('nope') } });
    expect(badImage.json()).toEqual({ cover_image: [COMMON_MESSAGES.imageType] });
    expect((await list()).find((i) => i.id === item.id)).toEqual(item);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['424242', 'x1', '-3']) {
      expect((await send('PATCH', `${URL}${id}/`, { status: 'true' })).statusCode).toBe(404);
      expect((await t.as({ method: 'DELETE', url: `${URL}${id}/` })).statusCode).toBe(404);
    }
  });

  it('deletes an image and its files', async () => {
    const item = await createValid();
    const keys = imageKeys(await storedCover(item.id));
    const res = await t.as({ method: 'DELETE', url: `${URL}${item.id}/` });
    expect(res.statusCode).toBe(204);
    expect((await list()).some((i) => i.id === item.id)).toBe(false);
    expect(await filesExist(keys)).toEqual(keys.map(() => false));
  });

  it('lists in the saved order, a new image last', async () => {
    const a = await createValid();
    const b = await createValid();
    const ids = (await list()).map((i) => i.id);
    expect(ids.slice(-2)).toEqual([a.id, b.id]);
  });
});
