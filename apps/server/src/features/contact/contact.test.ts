import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMON_MESSAGES, CONTACT_MESSAGES, type ContactInfo, type ContactUsContent } from '@darkroom/contracts';
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
import { contactUsContent } from '../../db/schema';
import { imageKeys } from '../../media/image-pipeline';

const INFO = '/adminportal/manage-contact-us-info/';
const CONTENT = '/adminportal/pages/contact-us-content/';
const SPEC_UPDATE = '/adminportal/pages/contact-content/';
let seed = 500;
const navImage = async (opts: { width?: number; height?: number } = {}) => ({
  filename: `nav-${seed}.jpg`,
  content: await makeImage({ width: 1600, height: 900, seed: seed++, ...opts }),
  type: 'image/jpeg',
});
const studio = { email: 'hello@studio.test', phone: '+1 555 0101', address: '1 Lens Street', description: 'Open on weekdays' };

describeEachDatabase('contact information', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const list = async () => (await t.as({ method: 'GET', url: INFO })).json() as ContactInfo[];
  const createValid = async (fields: Record<string, FormValue> = {}) => {
    const res = await t.as({ method: 'POST', url: INFO, ...(await multipart({ ...studio, ...fields })) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContactInfo;
  };

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: INFO })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: CONTENT })).statusCode).toBe(401);
  });

  it('lists nothing at first', async () => {
    expect((await t.as({ method: 'GET', url: INFO })).json()).toEqual([]);
  });

  it('creates from multipart, filling name from the email', async () => {
    const item = await createValid();
    expect(item).toMatchObject({ ...studio, name: studio.email });
    expect(Date.parse(item.time_created)).not.toBeNaN();
    expect((await list())[0]).toEqual(item);
  });

  it('keeps a name that is sent, and accepts JSON with optional fields left out', async () => {
    const res = await t.as({ method: 'POST', url: INFO, payload: { name: 'Front desk', email: 'desk@studio.test', phone: '0123' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Front desk', email: 'desk@studio.test', phone: '0123', address: '', description: '' });
  });

  it('answers missing email and phone with the spec messages', async () => {
    const res = await t.as({ method: 'POST', url: INFO, payload: { address: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [CONTACT_MESSAGES.emailRequired], phone: [CONTACT_MESSAGES.phoneRequired] });
    const blank = await t.as({ method: 'POST', url: INFO, ...(await multipart({ email: '  ', phone: ' ' })) });
    expect(blank.json()).toEqual({ email: ['Email is required'], phone: ['Phone number is required'] });
  });

  it('refuses a malformed email and an over-long phone', async () => {
    const res = await t.as({ method: 'POST', url: INFO, payload: { email: 'not-an-email', phone: '1'.repeat(41) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [CONTACT_MESSAGES.emailInvalid], phone: [CONTACT_MESSAGES.phoneMax] });
  });

  it('updates only the sent fields', async () => {
    const item = await createValid();
    const res = await t.as({
      method: 'PATCH',
      url: `${INFO}${item.id}/`,
      ...(await multipart({ phone: '999', description: 'Closed Sundays' })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...studio, phone: '999', description: 'Closed Sundays', name: studio.email });
    expect((await list()).find((i) => i.id === item.id)?.phone).toBe('999');
  });

  it('keeps a mirrored name in step with a new email', async () => {
    const item = await createValid();
    const res = await t.as({ method: 'PATCH', url: `${INFO}${item.id}/`, payload: { email: 'new@studio.test' } });
    expect(res.json()).toMatchObject({ email: 'new@studio.test', name: 'new@studio.test' });
  });

  it('validates updates with the same messages and changes nothing on failure', async () => {
    const item = await createValid();
    const res = await t.as({ method: 'PATCH', url: `${INFO}${item.id}/`, payload: { email: '', phone: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [CONTACT_MESSAGES.emailRequired], phone: [CONTACT_MESSAGES.phoneRequired] });
    const bad = await t.as({ method: 'PATCH', url: `${INFO}${item.id}/`, payload: { email: 'nope@' } });
    expect(bad.json()).toEqual({ email: [CONTACT_MESSAGES.emailInvalid] });
    expect((await list()).find((i) => i.id === item.id)).toEqual(item);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['31337', 'abc']) {
      expect((await t.as({ method: 'PATCH', url: `${INFO}${id}/`, payload: { phone: '1' } })).statusCode).toBe(404);
      expect((await t.as({ method: 'DELETE', url: `${INFO}${id}/` })).statusCode).toBe(404);
    }
  });

  it('deletes a row', async () => {
    const item = await createValid();
    expect((await t.as({ method: 'DELETE', url: `${INFO}${item.id}/` })).statusCode).toBe(204);
    expect((await list()).some((i) => i.id === item.id)).toBe(false);
  });
});

describeEachDatabase('contact-us page content', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const list = async () => (await t.as({ method: 'GET', url: CONTENT })).json() as ContactUsContent[];
  const storedNav = async (id: number) => {
    const [row] = await t.database.db.select().from(contactUsContent).where(eq(contactUsContent.id, id));
    return (await rowWithImages(t, row!)).navImage;
  };
  const filesExist = async (keys: string[]) => Promise.all(keys.map((k) => fileStored(t.app.storage, k)));

  it('is empty at first', async () => {
    const res = await t.as({ method: 'GET', url: CONTENT });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('validates a create with the spec messages', async () => {
    const res = await t.as({ method: 'POST', url: CONTENT, ...(await multipart({ address: 'x' })) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [CONTACT_MESSAGES.emailRequired], phone: [CONTACT_MESSAGES.phoneRequired] });
    const bad = await t.as({ method: 'POST', url: CONTENT, payload: { email: 'studio', phone: '1' } });
    expect(bad.json()).toEqual({ email: [CONTACT_MESSAGES.emailInvalid] });
    expect(await list()).toEqual([]);
  });

  it('creates without a nav image (it is optional)', async () => {
    const res = await t.as({ method: 'POST', url: CONTENT, ...(await multipart({ ...studio, name: studio.email })) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ...studio, name: studio.email, nav_image: null, nav_image_view: null });
    expect(await list()).toHaveLength(1);
  });

  it('a second create updates the one record instead of adding another', async () => {
    const [first] = await list();
    const res = await t.as({
      method: 'POST',
      url: CONTENT,
      ...(await multipart({ ...studio, phone: '777', nav_image: await navImage() })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first!.id, phone: '777' });
    expect(res.json().nav_image).toMatch(/^\/media\/.+\.webp$/);
    expect(await list()).toHaveLength(1);
  });

  it('updates at the spec path and at the consistent path', async () => {
    const [item] = await list();
    const spec = await t.as({ method: 'PATCH', url: `${SPEC_UPDATE}${item!.id}/`, ...(await multipart({ description: 'Via spec path' })) });
    expect(spec.statusCode, spec.body).toBe(200);
    expect(spec.json()).toMatchObject({ description: 'Via spec path', email: studio.email, nav_image: item!.nav_image });
    const same = await t.as({ method: 'PATCH', url: `${CONTENT}${item!.id}/`, payload: { address: 'Via list path' } });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ description: 'Via spec path', address: 'Via list path' });
    expect((await list())[0]).toMatchObject({ description: 'Via spec path', address: 'Via list path' });
  });

  it('validates updates with the same messages', async () => {
    const [item] = await list();
    const res = await t.as({ method: 'PATCH', url: `${SPEC_UPDATE}${item!.id}/`, payload: { email: '', phone: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [CONTACT_MESSAGES.emailRequired], phone: [CONTACT_MESSAGES.phoneRequired] });
    expect((await list())[0]).toEqual(item);
  });

  it('replaces the nav image on update and removes the old files; a bad or small file is refused', async () => {
    const [item] = await list();
    const oldKeys = imageKeys(await storedNav(item!.id));
    expect(oldKeys.length).toBeGreaterThan(0);
    const fake = await t.as({
      method: 'PATCH',
      url: `${SPEC_UPDATE}${item!.id}/`,
      ...(await multipart({ nav_image: { filename: 'a.jpg', content: Buffer.from('text') } })),
    });
    expect(fake.json()).toEqual({ nav_image: [COMMON_MESSAGES.imageType] });
    const small = await t.as({
      method: 'PATCH',
      url: `${SPEC_UPDATE}${item!.id}/`,
      ...(await multipart({ nav_image: await navImage({ width: 300, height: 200 }) })),
    });
    expect(small.json()).toEqual({ nav_image: [COMMON_MESSAGES.dimension] });
    const res = await t.as({ method: 'PATCH', url: `${SPEC_UPDATE}${item!.id}/`, ...(await multipart({ nav_image: await navImage() })) });
    expect(res.statusCode).toBe(200);
    expect(res.json().nav_image).not.toBe(item!.nav_image);
    expect(await filesExist(oldKeys)).toEqual(oldKeys.map(() => false));
  });

  it('answers 404 for an unknown id on both update paths', async () => {
    for (const base of [SPEC_UPDATE, CONTENT]) {
      expect((await t.as({ method: 'PATCH', url: `${base}9999/`, payload: { phone: '1' } })).statusCode).toBe(404);
      expect((await t.as({ method: 'PATCH', url: `${base}nope/`, payload: { phone: '1' } })).statusCode).toBe(404);
    }
  });
});

describe('contact form schemas', () => {
  it('use the spec messages', async () => {
    const { contactInfoFormSchema, contactUsFormSchema } = await import('@darkroom/contracts');
    const empty = { email: '', phone: '', address: '', description: '' };
    expect(contactInfoFormSchema.safeParse(empty).error?.issues.map((i) => i.message)).toEqual([
      'Email is required',
      'Phone number is required',
    ]);
    expect(contactUsFormSchema().safeParse({ ...studio, nav_image: null }).success).toBe(true);
  });
});
