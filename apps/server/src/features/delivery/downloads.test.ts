import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { COMMON_MESSAGES, DELIVERY_MESSAGES, type ClientGallery, type DeliveryGallery } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, expectThrottled, makeImage, photosDerived, type TestApp } from '../../../test/harness';
import { CLIENT_GALLERIES, createClientGallery, uploadClientPhotos } from '../../../test/client-gallery-fixtures';
import { readZip } from '../../../test/zip-entries';
import { createAccount } from '../../auth/accounts.repository';

const cookieOf = (res: LightMyRequestResponse) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => String(c).split(';', 1)[0])
    .join('; ');

/** A camera-like JPEG: 3000 x 2000 with EXIF (camera, GPS) and an ICC profile. */
async function cameraJpeg(seed: number): Promise<Buffer> {
  const base = await makeImage({ width: 3000, height: 2000, seed });
  return sharp(base)
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Testcam', Model: 'T-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describeEachDatabase('client delivery downloads: sizes and PIN', (kind) => {
  let t: TestApp;
  let gallery: ClientGallery;
  let token: string;
  let photoIds: number[];

  const patch = async (payload: Record<string, unknown>) => t.as({ method: 'PATCH', url: `${CLIENT_GALLERIES}${gallery.id}/`, payload });
  const site = (rest = '') => `/site/galleries/${token}/${rest}`;
  const get = (url: string, cookie = '') => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const enterPin = (pin: string, remoteAddress = '10.2.0.1') =>
    t.app.inject({ method: 'POST', url: site('download-pin/'), payload: { pin }, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ada = await createAccount(t.database.db, {
      username: 'ada',
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'L',
      email: 'ada@example.test',
    });
    ({ gallery, token } = await createClientGallery(t, { title: 'Sizes', customerId: ada.id, coverSeed: 4001 }));
    await patch({ status: true });
    const files = await Promise.all(
      ['one.jpg', 'two.jpeg'].map(async (filename, i) => ({ filename, content: await cameraJpeg(4100 + i) })),
    );
    photoIds = await uploadClientPhotos(t, gallery.id, files);
    // Visitors see a photo once its derivation job has made its files.
    await photosDerived(t);
  });
  afterAll(() => t?.close());

  it('keeps download rules per gallery, the PIN write only, and names a field with a bad value', async () => {
    expect(gallery.download_size).toBe('original');
    expect(gallery.download_pin_set).toBe(false);
    const bad = await patch({ download_size: 'huge', download_pin: '12a4' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().download_size).toEqual([DELIVERY_MESSAGES.downloadSizeInvalid]);
    expect(bad.json().download_pin).toEqual([DELIVERY_MESSAGES.pinInvalid]);
    const ok = await patch({ download_size: 'web', download_pin: '4821' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ download_size: 'web', download_pin_set: true });
    expect(ok.body).not.toContain('4821');
    const seen = (await get(site())).json() as DeliveryGallery;
    expect(seen).toMatchObject({ download_size: 'web', download_pin: true });
    expect((await get(site(`download/?size=huge`))).json().size).toEqual([DELIVERY_MESSAGES.sizeInvalid]);
  });

  it('asks the PIN (401), refuses a wrong one (400), throttles guesses (429) and remembers the right one', async () => {
    const needPin = await get(site(`photos/${photoIds[0]}/download/?size=web`));
    expect(needPin.statusCode).toBe(401);
    expect(needPin.json().detail).toBe(DELIVERY_MESSAGES.pinRequired);
    expect((await get(site('download/?size=web'))).statusCode).toBe(401);

    const wrong = await enterPin('0000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().pin).toEqual([DELIVERY_MESSAGES.pinWrong]);
    for (let i = 1; i < t.config.loginMaxFailures; i++) expect((await enterPin(String(1000 + i), '10.2.0.9')).statusCode).toBe(400);
    for (let i = 1; i < t.config.loginMaxFailures; i++) expect((await enterPin(String(2000 + i))).statusCode).toBe(400);
    expectThrottled(await enterPin('4821'), COMMON_MESSAGES.tooManyRequests, t.config.loginWindowMs);

    const right = await enterPin('4821', '10.2.0.2');
    expect(right.statusCode, right.body).toBe(204);
    const cookies = [right.headers['set-cookie']].flat().map(String);
    expect(cookies.some((c) => c.includes(`Path=/site/galleries/${token}/`) && /HttpOnly/i.test(c))).toBe(true);
    const cookie = cookieOf(right);
    expect((await get(site(`photos/${photoIds[0]}/download/?size=web`), cookie)).statusCode).toBe(200);
    // A new PIN makes the old cookie worthless.
    await patch({ download_pin: '7777' });
    expect((await get(site(`photos/${photoIds[0]}/download/?size=web`), cookie)).statusCode).toBe(401);
    await patch({ download_pin: '' });
    expect((await get(site(`photos/${photoIds[0]}/download/?size=web`))).statusCode).toBe(200);
  });

  it('makes the web size a 2048 px JPEG in sRGB without EXIF, GPS or profile, and refuses sizes not offered', async () => {
    const res = await get(site(`photos/${photoIds[0]}/download/?size=web`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(String(res.headers['content-disposition'])).toContain('one.jpg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2048, height: 1365, space: 'srgb' });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from('Testcam'))).toBe(false);

    // web only: originals are refused, by either path.
    const refused = await get(site(`photos/${photoIds[0]}/download/?size=original`));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(DELIVERY_MESSAGES.sizeNotOffered);
    expect((await get(site(`photos/${photoIds[0]}/original/`))).statusCode).toBe(403);
    expect((await get(site('download/?size=original'))).statusCode).toBe(403);

    await patch({ download_size: 'original' });
    expect((await get(site(`photos/${photoIds[0]}/download/?size=web`))).statusCode).toBe(403);
    const original = await get(site(`photos/${photoIds[0]}/download/`));
    expect(original.statusCode).toBe(200);
    expect((await sharp(original.rawPayload).metadata()).exif).toBeDefined();

    await patch({ download_size: 'both' });
    expect((await get(site(`photos/${photoIds[1]}/download/?size=web`))).statusCode).toBe(200);
    expect((await get(site(`photos/${photoIds[1]}/download/?size=original`))).statusCode).toBe(200);
    await patch({ allow_download: false });
    expect((await get(site(`photos/${photoIds[1]}/download/?size=web`))).statusCode).toBe(403);
    await patch({ allow_download: true });
  });

  it('streams a zip of web sizes made one by one, with .jpg names', async () => {
    const res = await get(site('download/?size=web'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-length']).toBeUndefined();
    const entries = await readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['one.jpg', 'two.jpg']);
    for (const e of entries) {
      const meta = await sharp(e.data).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 2048 });
      expect(meta.exif).toBeUndefined();
    }
  });
});
