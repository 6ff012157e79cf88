import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ABOUT_MESSAGES, COMMON_MESSAGES, type AboutContent } from '@darkroom/contracts';
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
import { aboutContent } from '../../db/schema';
import { imageKeys } from '../../media/image-pipeline';
import type { StoredImage } from '../../media/stored-image';

const URL = '/adminportal/pages/about-content/';

describeEachDatabase('about content', (kind) => {
  let t: TestApp;
  let seed = 500;
  let about: AboutContent;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const jpeg = async (width = 1000, height = 800) => ({
    filename: 'about.jpg',
    content: await makeImage({ width, height, seed: seed++ }),
    type: 'image/jpeg',
  });
  const send = async (method: 'POST' | 'PATCH', url: string, fields: Record<string, FormValue>) => {
    const { payload, headers } = await multipart(fields);
    return t.as({ method, url, payload, headers });
  };
  const rowOf = async (id: number) =>
    rowWithImages(t, (await t.database.db.select().from(aboutContent).where(eq(aboutContent.id, id)))[0]!);
  const filesExist = async (img: StoredImage | null) => Promise.all(imageKeys(img).map((k) => fileStored(t.app.storage, k)));
  const list = async () => (await t.as({ method: 'GET', url: URL })).json() as AboutContent[];

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('is an empty list before any content exists', async () => {
    expect(await list()).toEqual([]);
  });

  it('answers missing fields with the spec messages', async () => {
    const res = await send('POST', URL, { header_text: ' ', info_text1: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      header_text: [ABOUT_MESSAGES.headerRequired],
      info_text1: [ABOUT_MESSAGES.info1Required],
      info_image: [ABOUT_MESSAGES.infoImageRequired],
    });
  });

  it('checks both images', async () => {
    const small = await send('POST', URL, { header_text: 'H', info_text1: 'I', info_image: await jpeg(300, 200) });
    expect(small.json()).toEqual({ info_image: [COMMON_MESSAGES.dimension] });
    const bad = await send('POST', URL, {
      header_text: 'H',
      info_text1: 'I',
      info_image: await jpeg(),
      page_image: { filename: 'x.jpg', content: Buffer.from('nope'), type: 'image/jpeg' },
    });
    expect(bad.json()).toEqual({ page_image: [COMMON_MESSAGES.imageType] });
    expect(await list()).toEqual([]);
  });

  it('creates the content with both images', async () => {
    const res = await send('POST', URL, {
      header_text: 'We tell love stories',
      info_text1: 'Ten years of weddings',
      info_text2: '',
      info_image: await jpeg(),
      page_image: await jpeg(1920, 1080),
    });
    expect(res.statusCode, res.body).toBe(201);
    about = res.json() as AboutContent;
    expect(about).toMatchObject({ header_text: 'We tell love stories', info_text1: 'Ten years of weddings', info_text2: '' });
    expect(about.info_image).toMatch(/^\/media\/d\/.+\.webp$/);
    expect(about.page_image).toMatch(/^\/media\/d\/.+\.webp$/);
    expect(about.info_image_view).toMatchObject({ width: 1000, height: 800 });
    expect(await list()).toEqual([about]);
  });

  it('refuses a second create: there is one about content', async () => {
    const res = await send('POST', URL, { header_text: 'Again', info_text1: 'x', info_image: await jpeg() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: ABOUT_MESSAGES.alreadyExists });
    expect(await list()).toHaveLength(1);
  });

  it('updates texts only, keeping images omitted or sent empty', async () => {
    const res = await send('PATCH', `${URL}${about.id}/`, {
      header_text: 'New header',
      info_text2: 'Second paragraph',
      info_image: { filename: '', content: Buffer.alloc(0) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      header_text: 'New header',
      info_text1: 'Ten years of weddings',
      info_text2: 'Second paragraph',
      info_image: about.info_image,
      page_image: about.page_image,
    });
    expect((await list())[0]!.header_text).toBe('New header');
  });

  it('validates sent fields on update', async () => {
    const res = await send('PATCH', `${URL}${about.id}/`, { header_text: '', info_text1: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ header_text: [ABOUT_MESSAGES.headerRequired], info_text1: [ABOUT_MESSAGES.info1Required] });
    const small = await send('PATCH', `${URL}${about.id}/`, { page_image: await jpeg(200, 200) });
    expect(small.json()).toEqual({ page_image: [COMMON_MESSAGES.dimension] });
  });

  it('replaces an image and deletes the old files, keeping the other', async () => {
    const before = await rowOf(about.id);
    const res = await send('PATCH', `${URL}${about.id}/`, { info_image: await jpeg(1200, 900) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().info_image).not.toBe(about.info_image);
    expect(res.json().page_image).toBe(about.page_image);
    expect((await filesExist(before.infoImage)).some(Boolean)).toBe(false);
    expect((await filesExist(before.pageImage)).every(Boolean)).toBe(true);
  });

  it('keeps its own SEO title and description, which the About page uses', async () => {
    const long = await send('PATCH', `${URL}${about.id}/`, { seo_title: 'x'.repeat(71), seo_description: 'y'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json() as object).sort()).toEqual(['seo_description', 'seo_title']);
    const res = await send('PATCH', `${URL}${about.id}/`, {
      seo_title: 'Wedding photographers in Seaview',
      seo_description: 'Two photographers, ten years of unhurried weddings.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ seo_title: 'Wedding photographers in Seaview', header_text: 'New header' });
    const html = (await t.app.inject({ method: 'GET', url: '/about/' })).body;
    expect(html).toContain('<title>Wedding photographers in Seaview |');
    expect(html).toContain('<meta name="description" content="Two photographers, ten years of unhurried weddings."/>');
    expect(html).toContain('<meta property="og:title" content="Wedding photographers in Seaview |');
    expect(html).toContain('<meta property="og:description" content="Two photographers, ten years of unhurried weddings."/>');
    // Emptied: the page's title and description come from its text again.
    await send('PATCH', `${URL}${about.id}/`, { seo_title: '', seo_description: '' });
    const plain = (await t.app.inject({ method: 'GET', url: '/about/' })).body;
    expect(plain).toContain('<title>About us |');
    expect(plain).toContain('<meta name="description" content="Ten years of weddings"/>');
  });

  it('answers unknown ids with 404', async () => {
    expect((await t.as({ method: 'PATCH', url: `${URL}777/`, payload: { header_text: 'x' } })).statusCode).toBe(404);
    expect((await t.as({ method: 'PATCH', url: `${URL}nope/`, payload: { header_text: 'x' } })).statusCode).toBe(404);
  });
});
