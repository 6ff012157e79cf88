import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CAROUSEL_MESSAGES, COMMON_MESSAGES, type CarouselItem } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, makeImage, multipart, type TestApp, fileStored, rowWithImages } from '../../../test/harness';
import { carouselItems } from '../../db/schema';
import { imageKeys } from '../../media/image-pipeline';

const URL = '/adminportal/manage-carousel/';
let seed = 100;
const image = async (opts: { width?: number; height?: number; format?: 'jpeg' | 'png' } = {}) => ({
  filename: `slide-${seed}.jpg`,
  content: await makeImage({ width: 1400, height: 700, seed: seed++, ...opts }),
  type: 'image/jpeg',
});

describeEachDatabase('carousel', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const create = async (fields: Record<string, unknown>) => {
    const body = await multipart(fields as Parameters<typeof multipart>[0]);
    return t.as({ method: 'POST', url: URL, ...body });
  };
  const createValid = async (header = 'Welcome') => {
    const res = await create({ header, title: 'Our studio', message: 'Weddings and portraits', image: await image() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CarouselItem;
  };
  const list = async () => (await t.as({ method: 'GET', url: URL })).json() as CarouselItem[];
  const storedImage = async (id: number) => {
    const [row] = await t.database.db.select().from(carouselItems).where(eq(carouselItems.id, id));
    return (await rowWithImages(t, row!)).image;
  };
  const filesExist = async (keys: string[]) => Promise.all(keys.map((k) => fileStored(t.app.storage, k)));

  it('requires a signed-in admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
  });

  it('lists nothing at first', async () => {
    const res = await t.as({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('creates an unpublished item from multipart with the image stored and presented', async () => {
    const item = await createValid();
    expect(item).toMatchObject({ header: 'Welcome', title: 'Our studio', message: 'Weddings and portraits', status: false });
    expect(item.image).toMatch(/^\/media\/.+\.webp$/);
    expect(item.image_view).toMatchObject({ url: item.image, width: 1400, height: 700 });
    expect(item.image_view.srcset).toContain('480w');
    expect(item.image_view.placeholder).toMatch(/^data:image\//);
    const keys = imageKeys(await storedImage(item.id));
    expect(await filesExist(keys)).toEqual(keys.map(() => true));
    expect((await list()).map((i) => i.id)).toContain(item.id);
  });

  it('lists in the saved order, a new slide last', async () => {
    const a = await createValid('First');
    const b = await createValid('Second');
    const ids = (await list()).map((i) => i.id);
    expect(ids.slice(-2)).toEqual([a.id, b.id]);
  });

  it('answers a create without fields with every required message', async () => {
    const res = await t.as({ method: 'POST', url: URL, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      header: [CAROUSEL_MESSAGES.headerRequired],
      title: [CAROUSEL_MESSAGES.titleRequired],
      message: [CAROUSEL_MESSAGES.messageRequired],
      image: [CAROUSEL_MESSAGES.imageRequired],
    });
  });

  it('treats blank text as missing', async () => {
    const res = await create({ header: '   ', title: ' ', message: '', image: await image() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      header: [CAROUSEL_MESSAGES.headerRequired],
      title: [CAROUSEL_MESSAGES.titleRequired],
      message: [CAROUSEL_MESSAGES.messageRequired],
    });
  });

  it('enforces the 15/15/40 limits with the spec messages', async () => {
    const res = await create({ header: 'h'.repeat(16), title: 't'.repeat(16), message: 'm'.repeat(41), image: await image() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      header: ['Header can not be more than 15 characters'],
      title: ['Title can not be more than 15 characters'],
      message: ['Favourite name can not be more than 40 characters'],
    });
    expect(await list()).not.toContainEqual(expect.objectContaining({ header: 'h'.repeat(16) }));
  });

  it('accepts text exactly at the limits', async () => {
    const res = await create({ header: 'h'.repeat(15), title: 't'.repeat(15), message: 'm'.repeat(40), image: await image() });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('requires the image on create', async () => {
    const res = await create({ header: 'A', title: 'B', message: 'C' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: [CAROUSEL_MESSAGES.imageRequired] });
  });

  it('refuses a file that is not a JPEG or PNG, whatever its name', async () => {
    const res = await create({
      header: 'A',
      title: 'B',
      message: 'C',
      image: { filename: 'fake.jpg', content: Buffer.from('GIF89a not really'), type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: [COMMON_MESSAGES.imageType] });
  });

  it('refuses an image below the recommended dimensions', async () => {
    const res = await create({ header: 'A', title: 'B', message: 'C', image: await image({ width: 600, height: 300 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: [COMMON_MESSAGES.dimension] });
  });

  it('accepts PNG images', async () => {
    const res = await create({
      header: 'Png',
      title: 'B',
      message: 'C',
      image: { ...(await image({ format: 'png' })), filename: 'a.png' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('updates only the sent text fields and keeps the image', async () => {
    const item = await createValid('Before');
    const res = await t.as({ method: 'PATCH', url: `${URL}${item.id}/`, payload: { title: 'New title' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, header: 'Before', title: 'New title', message: item.message, image: item.image });
    expect((await list()).find((i) => i.id === item.id)?.title).toBe('New title');
  });

  it('treats an empty file part on update as "keep the image"', async () => {
    const item = await createValid();
    const body = await multipart({ header: 'Still', image: { filename: '', content: Buffer.alloc(0) } });
    const res = await t.as({ method: 'PATCH', url: `${URL}${item.id}/`, ...body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ header: 'Still', image: item.image });
  });

  it('replaces the image when a new one is sent and removes the old files', async () => {
    const item = await createValid();
    const oldKeys = imageKeys(await storedImage(item.id));
    const body = await multipart({ header: 'Replaced', title: 'T', message: 'M', image: await image() });
    const res = await t.as({ method: 'PATCH', url: `${URL}${item.id}/`, ...body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().image).not.toBe(item.image);
    expect(await filesExist(oldKeys)).toEqual(oldKeys.map(() => false));
    const newKeys = imageKeys(await storedImage(item.id));
    expect(await filesExist(newKeys)).toEqual(newKeys.map(() => true));
  });

  it('publishes and unpublishes with a multipart status', async () => {
    const item = await createValid();
    for (const status of ['true', 'false']) {
      const body = await multipart({ status });
      const res = await t.as({ method: 'PATCH', url: `${URL}${item.id}/`, ...body });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: status === 'true', header: item.header, image: item.image });
      expect((await list()).find((i) => i.id === item.id)?.status).toBe(status === 'true');
    }
  });

  it('validates updates with the same rules and changes nothing on failure', async () => {
    const item = await createValid('Keep');
    const res = await t.as({ method: 'PATCH', url: `${URL}${item.id}/`, payload: { header: 'x'.repeat(16), message: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ header: [CAROUSEL_MESSAGES.headerMax], message: [CAROUSEL_MESSAGES.messageRequired] });
    const bad = await t.as({ method: 'PATCH', url: `${URL}${item.id}/`, payload: { status: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('status');
    const badImage = await multipart({ image: { filename: 'x.png', content: Buffer.from('nope') } });
    const res2 = await t.as({ method: 'PATCH', url: `${URL}${item.id}/`, ...badImage });
    expect(res2.json()).toEqual({ image: [COMMON_MESSAGES.imageType] });
    expect((await list()).find((i) => i.id === item.id)).toMatchObject({ header: 'Keep', message: item.message, image: item.image });
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '0']) {
      expect((await t.as({ method: 'PATCH', url: `${URL}${id}/`, payload: { header: 'x' } })).statusCode).toBe(404);
      expect((await t.as({ method: 'DELETE', url: `${URL}${id}/` })).statusCode).toBe(404);
    }
  });

  it('deletes an item and its image files', async () => {
    const item = await createValid();
    const keys = imageKeys(await storedImage(item.id));
    const res = await t.as({ method: 'DELETE', url: `${URL}${item.id}/` });
    expect(res.statusCode).toBe(204);
    expect((await list()).some((i) => i.id === item.id)).toBe(false);
    expect(await filesExist(keys)).toEqual(keys.map(() => false));
    expect((await t.as({ method: 'DELETE', url: `${URL}${item.id}/` })).statusCode).toBe(404);
  });

  it('keeps files another item still uses when one of them is deleted', async () => {
    const shared = await image();
    const a = await create({ header: 'A', title: 'A', message: 'A', image: shared });
    const b = await create({ header: 'B', title: 'B', message: 'B', image: shared });
    const keys = imageKeys(await storedImage(a.json().id));
    await t.as({ method: 'DELETE', url: `${URL}${a.json().id}/` });
    expect(await filesExist(keys)).toEqual(keys.map(() => true));
    await t.as({ method: 'DELETE', url: `${URL}${b.json().id}/` });
    expect(await filesExist(keys)).toEqual(keys.map(() => false));
  });
});

describe('carousel form schema', () => {
  it('requires the image on create only', async () => {
    const { carouselFormSchema } = await import('@darkroom/contracts');
    const values = { header: 'A', title: 'B', message: 'C', image: null };
    expect(
      carouselFormSchema('create')
        .safeParse(values)
        .error?.issues.map((i) => i.message),
    ).toEqual([CAROUSEL_MESSAGES.imageRequired]);
    expect(carouselFormSchema('edit').safeParse(values).success).toBe(true);
  });
});
