import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMON_MESSAGES, PAGE_IMAGE_MESSAGES, PAGES, pageImageRequiredMessage, type PageImage } from '@darkroom/contracts';
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
import { pageImages } from '../../db/schema';
import { imageKeys } from '../../media/image-pipeline';
import type { StoredImage } from '../../media/stored-image';

const URL = '/adminportal/pages-images/';

describeEachDatabase('page images', (kind) => {
  let t: TestApp;
  let seed = 300;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const jpeg = async (width = 1600, height = 900) => ({
    filename: 'page.jpg',
    content: await makeImage({ width, height, seed: seed++ }),
    type: 'image/jpeg',
  });
  const send = async (method: 'POST' | 'PATCH', url: string, fields: Record<string, FormValue>) => {
    const { payload, headers } = await multipart(fields);
    return t.as({ method, url, payload, headers });
  };
  const create = async (page = 2) => {
    const res = await send('POST', URL, { page: String(page), image: await jpeg() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PageImage;
  };
  const rowOf = async (id: number) => {
    const [row] = await t.database.db.select().from(pageImages).where(eq(pageImages.id, id));
    return row && rowWithImages(t, row);
  };
  const filesExist = async (img: StoredImage) => Promise.all(imageKeys(img).map((k) => fileStored(t.app.storage, k)));
  const list = async () => (await t.as({ method: 'GET', url: URL })).json() as PageImage[];

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/adminportal/page-types/' })).statusCode).toBe(401);
  });

  it('lists the seven page types, 5 being Services', async () => {
    const res = await t.as({ method: 'GET', url: '/adminportal/page-types/' });
    expect(res.statusCode).toBe(200);
    const types = res.json() as { id: number; name: string }[];
    expect(types.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(types.map((p) => p.name)).toEqual(PAGES.map((p) => p.name));
    expect(types.find((p) => p.id === 5)?.name).toBe('Services');
  });

  it('lists nothing at first', async () => {
    expect(await list()).toEqual([]);
  });

  it('creates a page image, unpublished, with its 16:9 image', async () => {
    const res = await send('POST', URL, { page: '5', image: await jpeg() });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as PageImage;
    expect(body).toMatchObject({ page: 5, page_name: 'Services', status: false });
    expect(body.image).toMatch(/^\/media\/d\/.+\.webp$/);
    expect(body.image_view).toMatchObject({ width: 1600, height: 900 });
    expect((await filesExist((await rowOf(body.id))!.image)).every(Boolean)).toBe(true);
    expect((await list())[0]!.id).toBe(body.id);
  });

  it('requires the page with the spec message', async () => {
    const res = await send('POST', URL, { image: await jpeg() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ page: [PAGE_IMAGE_MESSAGES.pageRequired] });
    const blank = await send('POST', URL, { page: '', image: await jpeg() });
    expect(blank.json()).toEqual({ page: [PAGE_IMAGE_MESSAGES.pageRequired] });
  });

  it('rejects pages outside 1-7', async () => {
    for (const page of ['0', '8', 'home', '2.5']) {
      const res = await send('POST', URL, { page, image: await jpeg() });
      expect(res.statusCode).toBe(400);
      expect(res.json().page).toEqual([PAGE_IMAGE_MESSAGES.pageInvalid]);
    }
  });

  it.each([
    [2, 'Home image is required'],
    [1, 'Contact info image is required'],
    [5, 'Service image page is required'],
    [4, 'Love story page image is required'],
  ])('requires the image of page %i with "%s"', async (page, message) => {
    const res = await send('POST', URL, { page: String(page) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: [message] });
    expect(pageImageRequiredMessage(page)).toBe(message);
  });

  it('reports a missing page and image together', async () => {
    const res = await t.as({ method: 'POST', url: URL, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ page: [PAGE_IMAGE_MESSAGES.pageRequired], image: ['Page image is required'] });
  });

  it('checks the image type and dimensions', async () => {
    const small = await send('POST', URL, { page: '2', image: await jpeg(1200, 675) });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ image: [COMMON_MESSAGES.dimension] });
    const text = await send('POST', URL, { page: '2', image: { filename: 'a.png', content: Buffer.from('hello'), type: 'image/png' } });
    expect(text.json()).toEqual({ image: [COMMON_MESSAGES.imageType] });
  });

  it('publishes and unpublishes', async () => {
    const p = await create();
    const on = await t.as({
      method: 'PATCH',
      url: `${URL}${p.id}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=true',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: true, page: p.page, image: p.image });
    expect((await list()).find((x) => x.id === p.id)?.status).toBe(true);
    const off = await send('PATCH', `${URL}${p.id}/`, { status: 'false' });
    expect(off.json().status).toBe(false);
  });

  it('updates the page and keeps the image when it is omitted or empty', async () => {
    const p = await create(3);
    const res = await send('PATCH', `${URL}${p.id}/`, { page: '7', image: { filename: '', content: Buffer.alloc(0) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ page: 7, page_name: 'About us', image: p.image });
    const bad = await send('PATCH', `${URL}${p.id}/`, { page: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ page: [PAGE_IMAGE_MESSAGES.pageRequired] });
  });

  it('replaces the image and deletes the old files', async () => {
    const p = await create();
    const old = (await rowOf(p.id))!.image;
    const res = await send('PATCH', `${URL}${p.id}/`, { page: '2', image: await jpeg(1920, 1080) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().image).not.toBe(p.image);
    expect((await filesExist(old)).some(Boolean)).toBe(false);
    const small = await send('PATCH', `${URL}${p.id}/`, { image: await jpeg(640, 360) });
    expect(small.json()).toEqual({ image: [COMMON_MESSAGES.dimension] });
  });

  it('deletes a page image and its files', async () => {
    const p = await create();
    const img = (await rowOf(p.id))!.image;
    expect((await t.as({ method: 'DELETE', url: `${URL}${p.id}/` })).statusCode).toBe(204);
    expect(await rowOf(p.id)).toBeUndefined();
    expect((await filesExist(img)).some(Boolean)).toBe(false);
    expect((await list()).some((x) => x.id === p.id)).toBe(false);
  });

  it('answers unknown ids with 404', async () => {
    for (const id of ['424242', 'x1']) {
      expect((await t.as({ method: 'GET', url: `${URL}${id}/` })).statusCode).toBe(404);
      expect((await t.as({ method: 'PATCH', url: `${URL}${id}/`, payload: { status: true } })).statusCode).toBe(404);
      expect((await t.as({ method: 'DELETE', url: `${URL}${id}/` })).statusCode).toBe(404);
    }
  });
});
