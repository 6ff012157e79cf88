import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMON_MESSAGES, SERVICE_PAGE_MESSAGES, type ServicePageContent } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, makeImage, mediaKeyOf, multipart, type TestApp } from '../../../test/harness';
import { servicePage } from '../../db/schema';

const URL = '/adminportal/pages/service-content/';

describeEachDatabase('service page', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const mediaFile = (url: string) => path.join(t.config.mediaDir, mediaKeyOf(url));
  const jpeg = async (seed: number, width = 1200, height = 800) => ({
    filename: `page-${seed}.jpg`,
    content: await makeImage({ width, height, seed }),
    type: 'image/jpeg',
  });
  const post = async (fields: Parameters<typeof multipart>[0]) => {
    const body = await multipart(fields);
    return t.as({ method: 'POST', url: URL, ...body });
  };
  const patch = async (id: number | string, fields: Parameters<typeof multipart>[0]) => {
    const body = await multipart(fields);
    return t.as({ method: 'PATCH', url: `${URL}${id}/`, ...body });
  };
  const list = async () => {
    const res = await t.as({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    return res.json() as ServicePageContent[];
  };

  it('starts empty and needs a token', async () => {
    expect(await list()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: URL, payload: { name: 'x' } })).statusCode).toBe(401);
  });

  it('requires the image (spec message) and the name on create', async () => {
    const res = await post({ description: 'no name, no image' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [SERVICE_PAGE_MESSAGES.nameRequired], image: [SERVICE_PAGE_MESSAGES.imageRequired] });
    const noImage = await t.as({ method: 'POST', url: URL, payload: { name: 'Our services' } });
    expect(noImage.json()).toEqual({ image: [SERVICE_PAGE_MESSAGES.imageRequired] });
    expect(await list()).toEqual([]);
  });

  it('refuses files that are not JPEG or PNG, and images that are too small', async () => {
    const text = await post({
      name: 'Our services',
      image: { filename: 'notes.jpg', content: Buffer.from('just text'), type: 'image/jpeg' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ image: [COMMON_MESSAGES.imageType] });
    const small = await post({ name: 'Our services', image: await jpeg(2, 300, 200) });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ image: [COMMON_MESSAGES.dimension] });
    expect(await list()).toEqual([]);
  });

  it('creates the single record from one upload, then refuses a second create', async () => {
    const res = await post({ name: 'Our services', description: 'Weddings, portraits and events.', image: await jpeg(3) });
    expect(res.statusCode).toBe(201);
    const created = res.json() as ServicePageContent;
    expect(created).toMatchObject({ name: 'Our services', description: 'Weddings, portraits and events.' });
    expect(created.image).toMatch(/^\/media\/d\/.+\.webp$/);
    expect(created.image_view).toMatchObject({ width: 1200, height: 800, url: created.image });
    expect(created.image_view.srcset).toContain('480w');
    expect(fs.existsSync(mediaFile(created.image))).toBe(true);
    expect(await list()).toEqual([created]);

    const second = await post({ name: 'Another', image: await jpeg(4) });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: SERVICE_PAGE_MESSAGES.alreadyExists });
    expect(await list()).toEqual([created]);
    expect(await t.database.db.select().from(servicePage)).toHaveLength(1);
  });

  it('updates only the fields sent; no image keeps the current one', async () => {
    const [current] = await list();
    const res = await patch(current!.id, { name: 'Services we offer', image: { filename: '', content: Buffer.alloc(0) } });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as ServicePageContent;
    expect(updated).toMatchObject({ id: current!.id, name: 'Services we offer', description: current!.description, image: current!.image });

    const json = await t.as({ method: 'PATCH', url: `${URL}${current!.id}/`, payload: { description: 'Now with drone shots.' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ name: 'Services we offer', description: 'Now with drone shots.', image: current!.image });
    expect((await list())[0]).toMatchObject({ name: 'Services we offer', description: 'Now with drone shots.' });
  });

  it('replaces the image and deletes the old files', async () => {
    const [current] = await list();
    const oldFile = mediaFile(current!.image);
    expect(fs.existsSync(oldFile)).toBe(true);
    const res = await patch(current!.id, { image: await jpeg(5, 1600, 900) });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as ServicePageContent;
    expect(updated.image).not.toBe(current!.image);
    expect(updated.name).toBe('Services we offer');
    expect(fs.existsSync(mediaFile(updated.image))).toBe(true);
    expect(fs.existsSync(oldFile)).toBe(false);
    const media = await t.app.inject({ method: 'GET', url: updated.image });
    expect(media.statusCode).toBe(200);
  });

  it('validates an update and keeps the record as it was', async () => {
    const [current] = await list();
    const blank = await patch(current!.id, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: [SERVICE_PAGE_MESSAGES.nameRequired] });
    const bad = await patch(current!.id, { image: { filename: 'x.png', content: Buffer.from('GIF89a...'), type: 'image/png' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ image: [COMMON_MESSAGES.imageType] });
    const long = await patch(current!.id, { name: 'n'.repeat(256), description: 'd'.repeat(5001) });
    expect(long.json()).toEqual({ name: [SERVICE_PAGE_MESSAGES.nameMax], description: [SERVICE_PAGE_MESSAGES.descriptionMax] });
    expect(await list()).toEqual([current]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = await patch(987_654, { name: 'Ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: COMMON_MESSAGES.notFound });
    expect((await patch('abc', { name: 'Ghost' })).statusCode).toBe(404);
  });
});
