import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BRANDING_MESSAGES, COMMON_MESSAGES, contrastRatio, DEFAULT_ACCENT, type Branding } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, fileStored, makeImage, mediaKeyOf, multipart, type TestApp } from '../../../test/harness';
import { mailBrandExtras } from './branding.service';

/** A logo as studios make them: a dark mark on a transparent background, wider than tall. */
async function transparentLogo(seed = 1): Promise<Buffer> {
  const svg = `<svg width="600" height="200" xmlns="http://www.w3.org/2000/svg"><rect x="${20 + seed}" y="40" width="160" height="120" fill="#223344"/><circle cx="420" cy="100" r="80" fill="#aa3311"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describeEachDatabase('branding', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://studio.example' } });
  });
  afterAll(() => t.close());

  const URL = '/adminportal/site-settings/branding/';
  const put = async (fields: Parameters<typeof multipart>[0]) => t.as({ method: 'PUT', url: URL, ...(await multipart(fields)) });
  const read = async () => (await t.as({ method: 'GET', url: URL })).json() as Branding;
  const media = (url: string) => t.app.inject({ method: 'GET', url });
  const home = async () => (await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body;

  it('starts with no logo, the site’s accent and system fonts; admins only', async () => {
    expect(await read()).toEqual({
      logo: null,
      logo_width: null,
      logo_height: null,
      favicon_32: null,
      favicon_180: null,
      accent: DEFAULT_ACCENT,
      font_pairing: 'system',
    });
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: URL, payload: { accent: '#000000', font_pairing: 'modern' } })).statusCode).toBe(401);
    const page = await home();
    expect(page).toContain('<link rel="icon" href="data:,"/>');
    expect(page).not.toContain('@font-face');
  });

  it('refuses a bad colour, an unknown pairing and a file that is no logo with 400s naming the fields, writing nothing', async () => {
    const bad = await put({ accent: 'red', font_pairing: 'comic-sans' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ accent: [BRANDING_MESSAGES.accentInvalid], font_pairing: [BRANDING_MESSAGES.fontInvalid] });
    expect((await put({ accent: '#12345', font_pairing: 'modern' })).json()).toMatchObject({ accent: [BRANDING_MESSAGES.accentInvalid] });

    const text = await put({
      accent: '#123456',
      font_pairing: 'modern',
      logo: { filename: 'logo.png', content: Buffer.from('not a png'), type: 'image/png' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ logo: [COMMON_MESSAGES.imageType] });
    const tiny = await put({
      accent: '#123456',
      font_pairing: 'modern',
      logo: { filename: 'logo.png', content: await makeImage({ width: 40, height: 20, format: 'png' }), type: 'image/png' },
    });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json()).toMatchObject({ logo: [COMMON_MESSAGES.dimension] });
    expect((await read()).accent).toBe(DEFAULT_ACCENT);
  });

  let first: Branding;

  it('keeps a transparent logo and makes PNG favicons (32 and 180 px) from it, served publicly', async () => {
    const res = await put({
      accent: '#2A6F97',
      font_pairing: 'editorial',
      logo: { filename: 'logo.png', content: await transparentLogo(), type: 'image/png' },
    });
    expect(res.statusCode, res.body).toBe(200);
    first = res.json() as Branding;
    expect(first).toMatchObject({ accent: '#2a6f97', font_pairing: 'editorial', logo_height: 96, logo_width: 288 });
    expect(await read()).toEqual(first);

    const logo = await media(first.logo!);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    const logoMeta = await sharp(logo.rawPayload).metadata();
    expect(logoMeta.hasAlpha).toBe(true);
    // A corner of the logo is still transparent (a photo's derivation would have made it black).
    const corner = await sharp(logo.rawPayload).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);

    for (const [url, size] of [
      [first.favicon_32!, 32],
      [first.favicon_180!, 180],
    ] as const) {
      const icon = await media(url);
      expect(icon.statusCode, url).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(icon.headers['cache-control']).toContain('immutable');
      const meta = await sharp(icon.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    // Apple's home screen shows transparency as black: its icon is on white.
    const appleCorner = await sharp((await media(first.favicon_180!)).rawPayload)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...appleCorner.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('draws the website with the logo, the favicons, the accent and the chosen fonts', async () => {
    const page = await home();
    expect(page).toContain(`<link rel="icon" type="image/png" sizes="32x32" href="${first.favicon_32}"/>`);
    expect(page).toContain(`<link rel="apple-touch-icon" sizes="180x180" href="${first.favicon_180}"/>`);
    expect(page).toMatch(
      new RegExp(
        `<img class="logo" src="${first.logo}" srcSet="[^"]+ 1x, [^"]+ 2x, [^"]+ 3x" width="144" height="48" alt="Darkroom Studio"`,
      ),
    );
    expect(page).toContain('--accent:#2a6f97');
    expect(page).toContain('@font-face{font-family:"Playfair Display"');
    expect(page).toContain('@font-face{font-family:"Source Sans 3"');
    expect(page.match(/font-display:swap/g)).toHaveLength(2);
    expect(page).toMatch(/unicode-range:U\+0000-00FF/);
    expect(page).toContain('--serif:"Playfair Display"');
    // The heading's face only is preloaded (the body's is found at the first layout of the inline CSS).
    const preloads = page.match(/<link rel="preload" as="font" type="font\/woff2" href="[^"]+" crossorigin="anonymous"\/>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain('playfair-display-latin-500-normal');
    expect(page).not.toContain('data:,');
  });

  it('draws a customer’s delivery page with the same logo, favicons, accent and fonts', async () => {
    const user = await t.as({
      method: 'POST',
      url: '/adminportal/manage-users/',
      payload: { first_name: 'Ines', last_name: 'Quay', email: 'ines@example.test', username: 'ines-brand', phone: '+1 555 0199' },
    });
    expect(user.statusCode, user.body).toBe(201);
    const created = await t.as({
      method: 'POST',
      url: '/adminportal/manage-client-galleries/',
      ...(await multipart({
        title: 'Harbour wedding',
        user: String((user.json() as { id: number }).id),
        status: 'true',
        cover_image: { filename: 'cover.jpg', content: await makeImage({ seed: 41 }), type: 'image/jpeg' },
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = new globalThis.URL((created.json() as { delivery_url: string }).delivery_url, 'https://studio.example');
    const page = await t.app.inject({ method: 'GET', url: link.pathname, headers: { accept: 'text/html' } });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.body).toContain(`<link rel="icon" type="image/png" sizes="32x32" href="${first.favicon_32}"/>`);
    expect(page.body).toContain(`<img class="logo" src="${first.logo}"`);
    expect(page.body).toContain('--accent:#2a6f97');
    expect(page.body).toContain('@font-face{font-family:"Playfair Display"');
  });

  it('darkens a light accent until links and buttons keep 4.5:1', async () => {
    expect((await put({ accent: '#ffe066', font_pairing: 'modern' })).statusCode).toBe(200);
    const page = await home();
    const used = /--accent:(#[0-9a-f]{6})/.exec(page)![1]!;
    expect(used).not.toBe('#ffe066');
    expect(contrastRatio(used, '#faf8f5')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(used, '#efebe5')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(used, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(page).toContain('@font-face{font-family:"Montserrat"');
    // Sent without a file, the logo stays.
    expect((await read()).logo).toBe(first.logo);
  });

  it('gives e-mails the logo as a PNG at the site’s address, and the accent', async () => {
    const extras = await mailBrandExtras(t.ctx, 'https://studio.example');
    expect(extras.accent).toBe('#ffe066');
    expect(extras.logoUrl).toMatch(/^https:\/\/studio\.example\/media\/d\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    const png = await media(extras.logoUrl!.replace('https://studio.example', ''));
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('replaces the logo, releasing the old one’s files, and removes it on request', async () => {
    const oldKeys = [first.logo!, first.favicon_32!, first.favicon_180!].map(mediaKeyOf);
    const res = await put({
      accent: '#2a6f97',
      font_pairing: 'classic',
      logo: { filename: 'l2.png', content: await transparentLogo(7), type: 'image/png' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json() as Branding;
    expect(second.favicon_32).not.toBe(first.favicon_32);
    for (const key of oldKeys) expect(await fileStored(t.app.runtime.storage, key), key).toBe(false);

    const removed = await put({ accent: '#2a6f97', font_pairing: 'classic', remove_logo: 'true' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ logo: null, favicon_32: null, favicon_180: null, font_pairing: 'classic' });
    expect(await fileStored(t.app.runtime.storage, mediaKeyOf(second.favicon_32!))).toBe(false);
    const page = await home();
    expect(page).toContain('<link rel="icon" href="data:,"/>');
    expect(page).toContain('>Darkroom Studio</a>');
  });

  it('keeps the other site settings when the brand is saved, and the brand when they are', async () => {
    const settings = await t.as({ method: 'GET', url: '/adminportal/site-settings/' });
    const saved = await t.as({
      method: 'PUT',
      url: '/adminportal/site-settings/',
      payload: { ...(settings.json() as object), studio_name: 'Harbour Light' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await read()).toMatchObject({ accent: '#2a6f97', font_pairing: 'classic' });
    expect(await home()).toContain('>Harbour Light</a>');
  });

  it('offers the first-run setup until one admin finishes or dismisses it', async () => {
    const status = () => t.as({ method: 'GET', url: '/adminportal/site-settings/setup/' });
    expect((await status()).json()).toEqual({ open: true });
    expect((await t.app.inject({ method: 'POST', url: '/adminportal/site-settings/setup/close/' })).statusCode).toBe(401);
    const closed = await t.as({ method: 'POST', url: '/adminportal/site-settings/setup/close/' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await status()).json()).toEqual({ open: false });
  });
});
