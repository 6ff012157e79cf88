import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES, MAX_IMAGE_PIXELS, originalUrl } from '@darkroom/contracts';
import { assetIdOf, createTestApp, describeEachDatabase, makeImage, type TestApp } from '../../test/harness';
import { pngBomb } from '../../test/image-fixtures';
import { ValidationError } from '../lib/errors';
import type { IncomingFile as UploadedFile } from './image-pipeline';
import { derivedKey, imageKeys, imageView, processImage } from './image-pipeline';
import { createLimiter } from './limiter';
import { isSafeKey, diskStorage, type MediaStorage } from './storage';
import type { StoredImage } from './stored-image';
import { describeEachStorage } from '../../test/s3';

const sha = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** A JPEG with EXIF orientation and GPS position, as phones write them. */
async function phonePhoto(orientation: number): Promise<Buffer> {
  return sharp(await makeImage({ width: 1600, height: 1000, seed: 42 }))
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation })
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe('image pipeline', () => {
  let root: string;
  let tmp: string;
  let storage: MediaStorage;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-media-'));
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-in-'));
    storage = diskStorage(root);
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  let n = 0;
  const upload = (content: Buffer, filename = 'photo.jpg'): UploadedFile => {
    const p = path.join(tmp, `in-${n++}`);
    fs.writeFileSync(p, content);
    return { field: 'image', filename, mimetype: 'image/jpeg', path: p, bytes: content.length };
  };
  const rejects = async (content: Buffer, message: string) => {
    const before = await storage.usage();
    const err = await processImage(storage, upload(content), { field: 'image', use: 'galleryPhoto' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fields).toEqual({ image: [message] });
    expect(await storage.usage()).toEqual(before);
  };

  it('keeps the original byte for byte and derives WebP widths, crops, size and placeholder', async () => {
    const jpeg = await makeImage({ width: 3000, height: 2000, seed: 1 });
    const img = await processImage(storage, upload(jpeg), { field: 'image', use: 'galleryPhoto' });
    expect(img).toMatchObject({ mime: 'image/jpeg', width: 3000, height: 2000, bytes: jpeg.length, sha256: sha(jpeg) });
    expect(fs.readFileSync(path.join(root, img.original)).equals(jpeg)).toBe(true);
    expect(img.variants.map((v) => v.width)).toEqual([480, 720, 960, 1600, 2400]);
    for (const v of img.variants) {
      const meta = await sharp(path.join(root, v.key)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: v.width, height: v.height });
      expect(v.height).toBe(Math.round((v.width * 2) / 3));
    }
    expect(await sharp(path.join(root, img.square!)).metadata()).toMatchObject({ width: 800, height: 800 });
    expect(await sharp(path.join(root, img.wide!)).metadata()).toMatchObject({ width: 1600, height: 900 });
    expect(img.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(img.placeholder!.length).toBeLessThan(1200);
    expect(Buffer.from(img.thumbhash!, 'base64').length).toBeGreaterThan(10);
    const view = imageView(img);
    expect(view.srcset.split(', ')).toHaveLength(5);
    expect(view.url).toBe(`/media/${img.variants[3]!.key}`);
  });

  it('makes each width as sharp as a resize of the working copy, though each comes from the next larger', async () => {
    // Fine detail (checkers of 2 and 8 px) is where a cheap cascade blurs or aliases.
    const w = 3000;
    const h = 2000;
    const px = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const v = y < h / 2 ? ((x >> 3) + (y >> 3)) % 2 : ((x >> 1) + (y >> 1)) % 2;
        px.fill(v ? 230 : 25, (y * w + x) * 3, (y * w + x) * 3 + 3);
      }
    const jpeg = await sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const img = await processImage(storage, upload(jpeg), { field: 'image', use: 'galleryPhoto' });
    // The truth: one lanczos3 resize of the full-size pixels. The cascade is as close to it as one
    // resize of the 2400 px working copy (the way before it), encoded alike, is.
    const raw = { raw: { width: w, height: h, channels: 3 } } as const;
    const base = await sharp(jpeg).resize({ width: 2400 }).raw().toBuffer({ resolveWithObject: true });
    const distance = (a: Buffer, b: Buffer) => {
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
      return sum / a.length;
    };
    for (const v of img.variants) {
      const truth = await sharp(px, raw).resize({ width: v.width }).raw().toBuffer();
      const ours = await sharp(path.join(root, v.key)).raw().toBuffer();
      const once = await sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: 3 } })
        .resize({ width: v.width })
        .webp({ quality: 80, effort: 0 })
        .toBuffer();
      const before = await sharp(once).raw().toBuffer();
      expect(distance(ours, truth), `width ${v.width}`).toBeLessThan(distance(before, truth) * 1.1);
    }
  });

  it('cuts the square where the subject is, at either edge of a wide or a tall photo', async () => {
    // A red disc on grey, near one edge: the square must hold it whole.
    const red = (data: Buffer, channels: number) => {
      let n = 0;
      for (let i = 0; i < data.length; i += channels) if (data[i]! > 180 && data[i + 1]! < 100) n++;
      return n;
    };
    for (const [w, h, cx, cy] of [
      [3000, 2000, 2550, 1000],
      [3000, 2000, 450, 1000],
      [2000, 3000, 1000, 2550],
    ] as const) {
      const svg = `<svg width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#777"/><circle cx="${cx}" cy="${cy}" r="300" fill="#e22"/></svg>`;
      const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
      const img = await processImage(storage, upload(jpeg), { field: 'image', use: 'galleryPhoto' });
      const square = await sharp(path.join(root, img.square!)).raw().toBuffer({ resolveWithObject: true });
      // The disc's area at the square's scale (800 px of the photo's shorter 2000), within 10%.
      const disc = Math.PI * (300 * (800 / 2000)) ** 2;
      expect(red(square.data, square.info.channels) / disc).toBeGreaterThan(0.9);
    }
  });

  it('never enlarges a small photo: one variant at its own width, crops scaled down to fit it', async () => {
    const jpeg = await makeImage({ width: 240, height: 200, seed: 3 });
    const img = await processImage(storage, upload(jpeg), { field: 'image', use: 'galleryPhoto' });
    expect(img.variants.map((v) => [v.width, v.height])).toEqual([[240, 200]]);
    expect(await sharp(path.join(root, img.square!)).metadata()).toMatchObject({ width: 200, height: 200 });
    expect(await sharp(path.join(root, img.wide!)).metadata()).toMatchObject({ width: 240, height: 135 });
    expect(img.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it('names derived files by their content, so processing again adds nothing', async () => {
    const png = await makeImage({ width: 900, height: 700, format: 'png', seed: 2 });
    const first = await processImage(storage, upload(png, 'a.png'), { field: 'image', use: 'galleryPhoto' });
    expect(first.mime).toBe('image/png');
    expect(first.original).toBe(`o/${first.sha256.slice(0, 2)}/${first.sha256}.png`);
    for (const key of imageKeys(first).filter((k) => k.startsWith('d/'))) {
      expect(derivedKey(fs.readFileSync(path.join(root, key)))).toBe(key);
    }
    // A small image is never upscaled: the widths below its own, then its own width.
    expect(first.variants.map((v) => v.width)).toEqual([480, 720, 900]);
    const usage = await storage.usage();
    const again = await processImage(storage, upload(png, 'b.png'), { field: 'image', use: 'galleryPhoto' });
    expect(imageKeys(again)).toEqual(imageKeys(first));
    expect(await storage.usage()).toEqual(usage);
  });

  it('applies EXIF orientation and strips metadata (GPS) from every derived file', async () => {
    const photo = await phonePhoto(6);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const img = await processImage(storage, upload(photo), { field: 'image', use: 'galleryPhoto' });
    // Orientation 6 is a 90° turn: the stored size is portrait.
    expect([img.width, img.height]).toEqual([1000, 1600]);
    const largest = img.variants[img.variants.length - 1]!;
    expect([largest.width, largest.height]).toEqual([1000, 1600]);
    for (const key of imageKeys(img).filter((k) => k.startsWith('d/'))) {
      const buf = fs.readFileSync(path.join(root, key));
      const meta = await sharp(buf).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(buf.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    // The original is kept untouched (it is never listed by the API).
    expect(fs.readFileSync(path.join(root, img.original)).equals(photo)).toBe(true);
  });

  it('recognises the type by content: a JPEG named .png is fine, a GIF named .jpg is not', async () => {
    const jpeg = await makeImage({ width: 400, height: 400, seed: 3 });
    const ok = await processImage(storage, upload(jpeg, 'looks-like.png'), { field: 'image', use: 'galleryPhoto' });
    expect(ok.mime).toBe('image/jpeg');
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    await rejects(gif, COMMON_MESSAGES.imageType);
    await rejects(Buffer.from('%PDF-1.7 not an image at all'), COMMON_MESSAGES.imageType);
    await rejects(Buffer.alloc(0), COMMON_MESSAGES.imageType);
    const webp = await sharp(jpeg).webp().toBuffer();
    await rejects(webp, COMMON_MESSAGES.imageType);
  });

  it('rejects a corrupt JPEG and leaves nothing behind', async () => {
    const jpeg = await makeImage({ width: 1200, height: 900, seed: 4 });
    await rejects(jpeg.subarray(0, Math.floor(jpeg.length / 2)), COMMON_MESSAGES.imageCorrupt);
    const noise = Buffer.concat([jpeg.subarray(0, 700), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251))]);
    await rejects(noise, COMMON_MESSAGES.imageCorrupt);
    await rejects(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), COMMON_MESSAGES.imageCorrupt);
  });

  it('rejects a pixel bomb from its header, before decoding', async () => {
    const bomb = pngBomb(12_000, 12_000);
    expect(12_000 * 12_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(bomb.length).toBeLessThan(100_000);
    await rejects(bomb, COMMON_MESSAGES.imageTooLarge);
  });

  it('handles CMYK, 16-bit, greyscale and transparent images', async () => {
    const base = await makeImage({ width: 640, height: 480, seed: 6 });
    const inputs = [
      await sharp(base).toColourspace('cmyk').jpeg().toBuffer(),
      await sharp(base).toColourspace('rgb16').png().toBuffer(),
      await sharp(base).greyscale().jpeg().toBuffer(),
      await sharp(base).ensureAlpha(0.5).png().toBuffer(),
    ];
    for (const input of inputs) {
      const img = await processImage(storage, upload(input), { field: 'image', use: 'galleryPhoto' });
      expect([img.width, img.height]).toEqual([640, 480]);
      const meta = await sharp(path.join(root, img.variants[0]!.key)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 480, height: 360 });
    }
  });

  it('enforces the minimum dimensions per use', async () => {
    await rejects(await makeImage({ width: 150, height: 150, seed: 5 }), COMMON_MESSAGES.dimension);
    const err = await processImage(storage, upload(await makeImage({ width: 800, height: 500, seed: 5 })), {
      field: 'cover_image',
      use: 'pageImage',
    }).catch((e: unknown) => e);
    expect((err as ValidationError).fields).toEqual({ cover_image: [COMMON_MESSAGES.dimension] });
  });
});

describe('media storage', () => {
  it('refuses keys that leave the media root or name dot files', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-keys-'));
    const storage = diskStorage(root);
    for (const bad of ['../x', 'd/../../x', '/etc/passwd', 'd/.hidden', '', 'a\0b', 'd\\..\\x', 'd//x']) {
      expect(isSafeKey(bad)).toBe(false);
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid media key/);
      expect(await storage.stat(bad)).toBeNull();
      expect(await storage.read(bad)).toBeNull();
    }
    expect(isSafeKey('d/ab/abc.webp')).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('bounds concurrent work', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 8 }, () => limit(task)));
    expect(peak).toBe(2);
  });
});

describeEachStorage('/media/ serving', (storageKind, storageEnv) =>
  describeEachDatabase('', (kind) => {
    let t: TestApp;
    let jpegKey: string;
    let sha: string;
    let webpKey: string;
    let original: Buffer;
    beforeAll(async () => {
      t = await createTestApp(kind, { env: storageEnv() });
      original = await makeImage({ width: 1000, height: 800, seed: 9 });
      const p = path.join(t.config.dataDir, 'upload.tmp');
      fs.writeFileSync(p, original);
      const img = await processImage(
        t.app.storage,
        { field: 'x', filename: 'x.jpg', mimetype: '', path: p, bytes: original.length },
        {
          field: 'x',
          use: 'galleryPhoto',
        },
      );
      // Originals are served only for recorded images.
      await assetIdOf(t, img);
      jpegKey = img.original;
      sha = img.sha256;
      webpKey = img.variants[0]!.key;
      // Things that must never be served: a secret next to the media folder, a stray file inside it.
      fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'top secret');
      await t.app.storage.put('notes.txt', Buffer.from('stray'));
    });
    afterAll(() => t.close());

    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

    it('serves derived WebP, immutable for a year, without a token; originals only to an admin', async () => {
      const webp = await get(`/media/${webpKey}`);
      expect(webp.statusCode).toBe(200);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(webp.headers['x-content-type-options']).toBe('nosniff');
      expect(webp.headers['accept-ranges']).toBe('bytes');
      // Originals keep their camera data (GPS): never public, whatever the path.
      expect((await get(`/media/${jpegKey}`)).statusCode).toBe(404);
      expect((await get(originalUrl(sha))).statusCode).toBe(401);
      const jpeg = await t.as({ method: 'GET', url: originalUrl(sha) });
      expect(jpeg.statusCode).toBe(200);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(jpeg.headers['cache-control']).toBe('private, max-age=3600');
      expect(jpeg.rawPayload.equals(original)).toBe(true);
      const head = await t.app.inject({ method: 'HEAD', url: `/media/${webpKey}` });
      expect(head.statusCode).toBe(200);
    });

    it('answers range requests with 206 and the asked bytes', async () => {
      const ranged = (range: string) => t.as({ method: 'GET', url: originalUrl(sha), headers: { range } });
      const res = await ranged('bytes=100-199');
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 100-199/${original.length}`);
      expect(res.rawPayload.equals(original.subarray(100, 200))).toBe(true);
      const tail = await ranged('bytes=-10');
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(original.subarray(original.length - 10))).toBe(true);
      const beyond = await ranged(`bytes=${original.length + 10}-`);
      expect(beyond.statusCode).toBe(416);
    });

    it('never leaves the media folder, whatever the spelling', async () => {
      const attempts = [
        '/media/../secret.txt',
        '/media/%2e%2e/secret.txt',
        '/media/%2E%2E%2Fsecret.txt',
        '/media/..%2fsecret.txt',
        '/media/d/%2e%2e/%2e%2e/secret.txt',
        '/media/..%5csecret.txt',
        '/media/%252e%252e/secret.txt',
        '/media/d/..%00/secret.txt',
        '/media//etc/passwd',
        '/media/notes.txt',
        '/media/',
        '/media/d',
        '/media/d/',
        `/media/${webpKey.replace('.webp', '.WEBP')}`,
      ];
      for (const url of attempts) {
        const res = await get(url);
        expect([400, 403, 404], url).toContain(res.statusCode);
        expect(res.body).not.toContain('top secret');
        expect(res.body).not.toContain('stray');
      }
    });

    it('answers 404 for a well-formed key that does not exist', async () => {
      const res = await get(`/media/d/00/${'0'.repeat(64)}.webp`);
      expect(res.statusCode).toBe(404);
    });

    it('keeps every file in the configured storage: nothing under the media folder with a bucket', async () => {
      expect(await t.app.storage.stat(webpKey)).not.toBeNull();
      expect(fs.existsSync(path.join(t.config.mediaDir, webpKey))).toBe(storageKind === 'disk');
      if (storageKind === 's3') expect(fs.existsSync(t.config.mediaDir)).toBe(false);
    });
  }),
);

describeEachStorage('/media/ by redirect', (storageKind, storageEnv) => {
  let t: TestApp;
  let img: StoredImage;
  let original: Buffer;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: { ...storageEnv(), MEDIA_PUBLIC_URL: 'https://cdn.studio.test/media/', S3_REDIRECT_ORIGINALS: 'true' },
    });
    original = await makeImage({ width: 900, height: 700, seed: 12 });
    const p = path.join(t.config.dataDir, 'upload.tmp');
    fs.writeFileSync(p, original);
    img = await processImage(
      t.app.storage,
      { field: 'x', filename: 'x.jpg', mimetype: '', path: p, bytes: original.length },
      { field: 'x', use: 'galleryPhoto' },
    );
    await assetIdOf(t, img);
  });
  afterAll(() => t.close());

  it('sends derived files to MEDIA_PUBLIC_URL, and lets pages load images from there', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/media/${img.variants[0]!.key}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://cdn.studio.test/media/${img.variants[0]!.key}`);
    expect((await t.app.inject({ method: 'GET', url: `/media/${img.original}` })).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/adminportal/' });
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://cdn.studio.test");
  });

  it('redirects an admin to a presigned link to the original that works for minutes (from a bucket)', async () => {
    const res = await t.as({ method: 'GET', url: originalUrl(img.sha256) });
    if (storageKind === 'disk') {
      // The disk has no links to hand out: the bytes come through the server.
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(original)).toBe(true);
      return;
    }
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const link = new URL(res.headers.location as string);
    expect(Number(link.searchParams.get('X-Amz-Expires'))).toBe(300);
    const fetched = await fetch(link);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(original)).toBe(true);
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.app.inject({ method: 'GET', url: originalUrl(img.sha256) })).statusCode).toBe(401);
    expect((await t.as({ method: 'GET', url: originalUrl('0'.repeat(64)) })).statusCode).toBe(404);
  });
});
