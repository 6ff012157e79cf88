import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  COMMON_MESSAGES,
  DELIVERY_MESSAGES,
  type ClientGallery,
  type DeliveryActivity,
  type DeliveryGallery,
  type GalleryUploadResponse,
} from '@darkroom/contracts';
import {
  createTestApp,
  describeEachDatabase,
  expectThrottled,
  mailSettled,
  makeImage,
  multipart,
  secondProcess,
  type TestApp,
  photosDerived,
} from '../../../test/harness';
import { readZip } from '../../../test/zip-entries';
import { createAccount } from '../../auth/accounts.repository';
import { dayIn, zipNames } from './delivery.service';
import { createLogger } from '../../lib/log';
import { accounts, clientGalleries, galleryPhotos, mediaAssets, outgoingMail } from '../../db/schema';
import { redisRateLimiter } from '../../lib/rate-limiter';
import type { Mailer, OutgoingMail } from '../../mail/mailer';

const ADMIN_BASE = '/adminportal/manage-client-galleries/';
const PASSWORD = 'blue heron 42';

/** The `name=value` of each Set-Cookie, for the Cookie header of the next request. */
const cookieHeader = (res: LightMyRequestResponse) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => String(c).split(';', 1)[0])
    .join('; ');

describeEachDatabase('client delivery', (kind) => {
  let t: TestApp;
  let ada: number;
  const sent: OutgoingMail[] = [];
  let failMail = false;
  const mailer: Mailer = {
    async send(mail) {
      if (failMail) throw new Error('SMTP 554 refused');
      sent.push(mail);
      return { delivered: 'smtp', id: String(sent.length) };
    },
    close() {},
  };
  let seed = 900;
  const image = (name = 'p.jpg', w = 1200, h = 800) =>
    makeImage({ width: w, height: h, seed: seed++ }).then((content) => ({ filename: name, content, type: 'image/jpeg' }));

  /** Originals as uploaded, by photo id. */
  const originals = new Map<number, Buffer>();

  const createGallery = async (title: string, user = ada): Promise<ClientGallery> => {
    const body = await multipart({ title, user, cover_image: await image('cover.jpg') });
    const res = await t.as({ method: 'POST', url: ADMIN_BASE, payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const upload = async (g: ClientGallery, names: string[]) => {
    const files = await Promise.all(names.map((n) => image(n)));
    const body = await multipart({ 'client-gallery': g.id, land_scape_image: files });
    const res = await t.as({ method: 'POST', url: '/adminportal/manage-gallery/', payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    const stored = (res.json() as GalleryUploadResponse).stored;
    for (const p of stored) originals.set(p.id, files.find((f) => f.filename === p.name)!.content);
    // The customer sees them once derived.
    await photosDerived(t);
    return stored;
  };
  const patch = async (g: ClientGallery, payload: Record<string, unknown>) => {
    const res = await t.as({ method: 'PATCH', url: `${ADMIN_BASE}${g.id}/`, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ClientGallery;
  };
  const tokenOf = (g: Pick<ClientGallery, 'delivery_url'>) => /^\/g\/([A-Za-z0-9_-]{43})\/$/.exec(g.delivery_url)![1]!;
  const site = (token: string, rest = '') => `/site/galleries/${token}/${rest}`;
  const get = (url: string, cookie = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const unlock = (token: string, password: string, remoteAddress = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: site(token, 'unlock/'), payload: { password }, remoteAddress });
  const favourites = (token: string, ids: unknown, cookie = '') =>
    t.app.inject({ method: 'PUT', url: site(token, 'favourites/'), payload: { ids }, headers: cookie ? { cookie } : {} });
  const activity = async (g: ClientGallery) =>
    (await t.as({ method: 'GET', url: `${ADMIN_BASE}${g.id}/delivery/activity/` })).json() as DeliveryActivity;

  /** Every line the server logged. */
  const logged: string[] = [];

  beforeAll(async () => {
    const log = createLogger('info', { destination: { write: (line: string) => void logged.push(line) } });
    t = await createTestApp(kind, { mailer, log });
    ada = (
      await createAccount(t.database.db, {
        username: 'ada',
        passwordHash: 'x',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.test',
      })
    ).id;
  });
  afterAll(() => t.close());

  it('gives every client gallery its own unguessable link, shown to the studio', async () => {
    const a = await createGallery('Link A');
    const b = await createGallery('Link B');
    expect(a.delivery_url).toMatch(/^\/g\/[A-Za-z0-9_-]{43}\/$/);
    expect(a.delivery_url).not.toBe(b.delivery_url);
    expect(a).toMatchObject({ delivery_password_set: false, delivery_expires_at: null, allow_download: true, favourites_count: 0 });
    // Unpublished: the link answers the same 404 as an unknown one.
    for (const url of [a.delivery_url, site(tokenOf(a)), site(tokenOf(a), 'download/'), site('A'.repeat(43))]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('sends every answer of a link private, unindexed, without a referrer, and with nothing to revalidate', async () => {
    const g = await createGallery('Headers');
    await upload(g, ['h.jpg']);
    await patch(g, { status: true, delivery_password: 'a garden at dusk' });
    const token = tokenOf(g);
    const cookie = cookieHeader(await unlock(token, 'a garden at dusk')).split('; ')[0]!;
    const answers = {
      open: await get(site(token), cookie),
      // No cache keeps these answers, so a client's validator changes nothing.
      revalidated: await get(site(token), cookie, { 'if-none-match': '*' }),
      head: await t.app.inject({ method: 'HEAD', url: site(token), headers: { cookie } }),
      locked: await get(site(token)),
      missing: await get(site('B'.repeat(43))),
      page: await get(`/g/${token}/`),
    };
    expect(Object.values(answers).map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 404, 200]);
    expect(answers.revalidated.body).toBe(answers.open.body);
    for (const [name, res] of Object.entries(answers)) {
      expect({ name, headers: res.headers }).toMatchObject({
        name,
        headers: {
          'cache-control': 'private, no-store',
          'x-robots-tag': 'noindex, nofollow',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
        },
      });
      expect({ name, etag: res.headers.etag, vary: res.headers.vary }).toEqual({ name, etag: undefined, vary: undefined });
    }
  });

  it('counts a visit once per address and half hour, however often the gallery is opened', async () => {
    const g = await createGallery('Visits');
    await upload(g, ['v.jpg']);
    await patch(g, { status: true });
    const open = (remoteAddress: string) => t.app.inject({ method: 'GET', url: site(tokenOf(g)), remoteAddress });
    // The first visits happen 31 minutes ago (only the clock is moved, and back: nothing this
    // test records may look newer than what later tests record).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 31 * 60_000 });
    try {
      for (let i = 0; i < 3; i++) expect((await open('10.7.0.1')).statusCode).toBe(200);
      expect((await activity(g)).views).toBe(1);
      await open('10.7.0.2');
      await open('10.7.0.2');
      expect((await activity(g)).views).toBe(2);
    } finally {
      vi.useRealTimers();
    }
    // Now, past the half hour, the first address visits again: a new visit, counted once.
    await open('10.7.0.1');
    await open('10.7.0.1');
    expect((await activity(g)).views).toBe(3);
  });

  it("a customer's whole path: link, password wrong then right, favourites, the zip byte for byte, one original", async () => {
    const g = await createGallery('Smith & Jones — wedding');
    const photos = await upload(g, ['IMG_1.jpg', 'img_1.JPG', 'beach.jpg']);
    await patch(g, { status: true });
    const token = tokenOf(g);

    // Open: the JSON lists the photos in the saved order, privately.
    const open = await get(site(token));
    expect(open.statusCode, open.body).toBe(200);
    expect(open.headers['cache-control']).toBe('private, no-store');
    expect(open.headers['x-robots-tag']).toContain('noindex');
    const gallery = open.json() as DeliveryGallery;
    expect(gallery.title).toBe('Smith & Jones — wedding');
    expect(gallery.allow_download).toBe(true);
    expect(gallery.photos.map((p) => p.id)).toEqual(photos.map((p) => p.id));
    expect(gallery.photos[0]).toMatchObject({ name: 'IMG_1.jpg', width: 1200, height: 800, favourite: false });
    // Previews go through the token, never public /media/ (private-previews.test.ts has the rest).
    expect(gallery.photos[0]!.srcset).toMatch(new RegExp(`^/site/galleries/${token}/photos/${photos[0]!.id}/preview/\\d+/ \\d+w`));
    expect(gallery.photos[0]!.url).toMatch(new RegExp(`^/site/galleries/${token}/photos/\\d+/preview/\\d+/$`));
    expect(JSON.stringify(gallery)).not.toContain('/media/');
    // `download_size: "original"` names a choice, not a file.
    // `selection` names its own keys (`require_email`) and only the visitor's own address: none here.
    const { selection, ...rest } = gallery;
    expect(selection.visitor).toBeNull();
    expect(JSON.stringify({ ...rest, download_size: null })).not.toMatch(/sha256|original|user|email/i);

    // The studio sets a password: the link now asks for it.
    const withPassword = await patch(g, { delivery_password: PASSWORD });
    expect(withPassword.delivery_password_set).toBe(true);
    expect(JSON.stringify(withPassword)).not.toContain(PASSWORD);
    for (const url of [site(token), site(token, 'download/'), site(token, `photos/${photos[0]!.id}/original/`)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: DELIVERY_MESSAGES.passwordRequired });
    }
    expect((await favourites(token, [photos[0]!.id])).statusCode).toBe(401);

    const wrong = await unlock(token, 'blue heron 41');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [DELIVERY_MESSAGES.passwordWrong] });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await unlock(token, PASSWORD);
    expect(right.statusCode, right.body).toBe(204);
    const setCookies = [right.headers['set-cookie']].flat().map(String);
    expect(setCookies).toHaveLength(2);
    expect(setCookies.map((c) => /Path=([^;]+)/.exec(c)![1]).sort()).toEqual([`/g/${token}/`, `/site/galleries/${token}/`]);
    for (const c of setCookies) {
      expect(c).toMatch(/; HttpOnly/);
      expect(c).toMatch(/; SameSite=Lax/);
      expect(c).not.toMatch(/Secure/);
      expect(c).not.toContain(PASSWORD);
    }
    const cookie = cookieHeader(right).split('; ')[0]!;
    expect((await get(site(token), cookie)).statusCode).toBe(200);

    // Favourites: two hearts, then the studio sees them (its list was cached with none).
    const before = (await t.as({ method: 'GET', url: ADMIN_BASE })).json() as ClientGallery[];
    expect(before.find((x) => x.id === g.id)!.favourites_count).toBe(0);
    const fav = await favourites(token, [photos[2]!.id, photos[0]!.id, photos[0]!.id], cookie);
    expect(fav.statusCode, fav.body).toBe(200);
    expect(fav.json()).toEqual({ ids: [photos[2]!.id, photos[0]!.id] });
    const marked = (await get(site(token), cookie)).json() as DeliveryGallery;
    expect(marked.photos.map((p) => p.favourite)).toEqual([true, false, true]);
    const listed = (await t.as({ method: 'GET', url: ADMIN_BASE })).json() as ClientGallery[];
    expect(listed.find((x) => x.id === g.id)!.favourites_count).toBe(2);
    expect(((await t.as({ method: 'GET', url: `${ADMIN_BASE}${g.id}/` })).json() as ClientGallery).favourites_count).toBe(2);

    // The whole gallery as a zip: stored, not deflated, every original byte for byte, unique names.
    const zip = await get(site(token, 'download/'), cookie);
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['cache-control']).toBe('private, no-store');
    expect(zip.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Smith & Jones — wedding.zip')}`);
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="Smith & Jones _ wedding\.zip"/);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    const entries = await readZip(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['IMG_1.jpg', 'img_1 (2).JPG', 'beach.jpg']);
    expect(entries.every((e) => e.method === 0)).toBe(true);
    entries.forEach((e, i) => expect(e.data.equals(originals.get(photos[i]!.id)!), e.name).toBe(true));
    // Each entry's checksum is the original's (kept since the upload, not computed again).
    entries.forEach((e) => expect(e.crc32, e.name).toBe(crc32(e.data)));

    // HEAD tells the length without counting a download.
    const head = await t.app.inject({ method: 'HEAD', url: site(token, 'download/'), headers: { cookie } });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(zip.rawPayload.length);

    // The favourites only.
    const favZip = await get(site(token, 'download/?favourites=1'), cookie);
    expect(favZip.statusCode).toBe(200);
    expect(favZip.headers['content-disposition']).toContain(encodeURIComponent('Smith & Jones — wedding - favourites.zip'));
    const favEntries = await readZip(favZip.rawPayload);
    expect(favEntries.map((e) => e.name)).toEqual(['IMG_1.jpg', 'beach.jpg']);
    expect(favEntries[1]!.data.equals(originals.get(photos[2]!.id)!)).toBe(true);

    // One original.
    const one = await get(site(token, `photos/${photos[2]!.id}/original/`), cookie);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('image/jpeg');
    expect(one.headers['content-disposition']).toMatch(/^attachment; filename="beach\.jpg"/);
    expect(one.rawPayload.equals(originals.get(photos[2]!.id)!)).toBe(true);
    // A resumed download of it (a range) is served but not counted again.
    const part = await get(site(token, `photos/${photos[2]!.id}/original/`), cookie, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(originals.get(photos[2]!.id)!.subarray(10, 20))).toBe(true);

    // The page opens with the cookie; without it, it asks for the password.
    expect((await get(g.delivery_url, cookieHeader(right))).statusCode).toBe(200);

    // What the studio sees.
    const seen = await activity(g);
    expect(seen.views).toBeGreaterThanOrEqual(1);
    expect(seen.downloads).toBe(3);
    expect(seen.last_visit).not.toBeNull();
    expect(seen.favourites).toEqual([
      { id: photos[0]!.id, name: 'IMG_1.jpg' },
      { id: photos[2]!.id, name: 'beach.jpg' },
    ]);
    expect(seen.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['view', 'unlock', 'favourites', 'download', 'download-favourites', 'download-photo']),
    );
    expect(seen.events.find((e) => e.kind === 'download')!.detail).toMatch(/^3 photos, [\d.]+ MB$/);
    expect(seen.events.find((e) => e.kind === 'download-photo')!.detail).toBe('beach.jpg');
    // The dashboard lists the latest of them, with the gallery.
    const dashboard = (await t.as({ method: 'GET', url: '/adminportal/dashboard/' })).json() as {
      latest_deliveries: { client_gallery: number; title: string; kind: string }[];
    };
    expect(dashboard.latest_deliveries[0]).toMatchObject({ client_gallery: g.id, title: 'Smith & Jones — wedding' });

    // Clearing the favourites.
    expect((await favourites(token, [], cookie)).json()).toEqual({ ids: [] });
    expect((await activity(g)).favourites).toEqual([]);
    // Several changes in a row are one event.
    const favouriteEvents = async () => (await activity(g)).events.filter((e) => e.kind === 'favourites').length;
    const count = await favouriteEvents();
    await favourites(token, [photos[1]!.id], cookie);
    await favourites(token, [], cookie);
    expect(await favouriteEvents()).toBe(count);

    // A new password makes every earlier cookie worthless; removing it opens the gallery to the link.
    await patch(g, { delivery_password: 'another one' });
    expect((await get(site(token), cookie)).statusCode).toBe(401);
    expect((await patch(g, { delivery_password: '' })).delivery_password_set).toBe(false);
    expect((await get(site(token))).statusCode).toBe(200);
  });

  it('sends originals over real connections closed after each answer once each, logging no error and no token', async () => {
    const g = await patch(await createGallery('Over the wire'), { status: true, allow_download: true });
    const [photo] = await upload(g, ['wire.jpg']);
    const token = tokenOf(g);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    logged.length = 0;
    const download = (abort: boolean) =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: site(token, `photos/${photo!.id}/original/`), headers: { connection: 'close' } },
          (res) => {
            let bytes = 0;
            res.on('data', (c: Buffer) => {
              bytes += c.length;
              if (abort) req.destroy();
            });
            res.on('end', () => resolve(bytes));
            res.on('close', () => resolve(bytes));
          },
        );
        req.on('error', (err) => (abort ? resolve(0) : reject(err)));
      });
    for (let i = 0; i < 20; i++) expect(await download(false)).toBe(originals.get(photo!.id)!.length);
    for (let i = 0; i < 5; i++) await download(true);
    const lines = () => logged.map((l) => JSON.parse(l) as { level: number; msg: string });
    // One line per answer, written once the server has finished sending, which may be after the
    // client has read it; a client that closes first (under load, even after the last byte) is
    // logged by Fastify as a stream closed prematurely, at info.
    await vi.waitFor(() => expect(lines().length).toBeGreaterThanOrEqual(25), { timeout: 60_000 });
    expect(lines().filter((l) => l.level >= 40)).toEqual([]);
    const answered = ['request completed', 'stream closed prematurely'];
    expect(lines().filter((l) => !answered.includes(l.msg))).toEqual([]);
    expect(logged.join('')).not.toContain(token);
  });

  it('answers a zip whose original is missing with a 500 before any byte, rather than a short 200', async () => {
    const g = await patch(await createGallery('Lost original'), { status: true });
    const [photo] = await upload(g, ['kept.jpg', 'lost.jpg']);
    const [row] = await t.database.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photo!.id));
    const [asset] = await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, row!.assetId));
    await t.app.runtime.storage.delete([asset!.variants.original]);
    const zip = await get(site(tokenOf(g), 'download/'));
    expect(zip.statusCode).toBe(500);
    expect(zip.headers['content-type']).toMatch(/^application\/json/);
    expect(zip.json()).toEqual({ detail: 'A photo of this download could not be read. Please let the studio know.' });
  });

  it("no other gallery's photo or original is reachable with one gallery's token or cookie", async () => {
    const a = await createGallery('Guard A');
    const b = await createGallery('Guard B');
    const [pa] = await upload(a, ['a.jpg']);
    const [pb] = await upload(b, ['b.jpg']);
    await patch(a, { status: true, delivery_password: PASSWORD });
    await patch(b, { status: true, delivery_password: PASSWORD });
    const ta = tokenOf(a);
    const tb = tokenOf(b);
    const cookieA = cookieHeader(await unlock(ta, PASSWORD)).split('; ')[0]!;

    // A's cookie does not open B.
    expect((await get(site(tb), cookieA)).statusCode).toBe(401);
    expect((await get(site(tb, 'download/'), cookieA)).statusCode).toBe(401);
    expect((await get(site(tb, `photos/${pb!.id}/original/`), cookieA)).statusCode).toBe(401);
    // B's photo through A's token: not found; favouriting it: refused, nothing stored.
    expect((await get(site(ta, `photos/${pb!.id}/original/`), cookieA)).statusCode).toBe(404);
    const bad = await favourites(ta, [pa!.id, pb!.id], cookieA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ids: [DELIVERY_MESSAGES.idsInvalid] });
    expect((await activity(a)).favourites).toEqual([]);
    // A's zip holds A's photo only.
    const entries = await readZip((await get(site(ta, 'download/'), cookieA)).rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['a.jpg']);
    // A's admin-side original route is not reachable without an admin token.
    expect((await get(`/adminportal/media/originals/x/`)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('revocation: a new link makes the old one a 404 at once, cookies included', async () => {
    const g = await createGallery('Revoke');
    await upload(g, ['r.jpg']);
    await patch(g, { status: true, delivery_password: PASSWORD });
    const old = tokenOf(g);
    const cookie = cookieHeader(await unlock(old, PASSWORD)).split('; ')[0]!;
    expect((await get(site(old), cookie)).statusCode).toBe(200);
    const res = await t.as({ method: 'POST', url: `${ADMIN_BASE}${g.id}/delivery/regenerate/` });
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json() as ClientGallery;
    expect(renewed.delivery_url).not.toBe(g.delivery_url);
    expect(renewed).toMatchObject({ id: g.id, title: 'Revoke', delivery_password_set: true });
    for (const url of [site(old), site(old, 'download/'), g.delivery_url]) expect((await get(url, cookie)).statusCode, url).toBe(404);
    expect((await unlock(old, PASSWORD)).statusCode).toBe(404);
    // The new link needs the password again (the cookie was the old link's).
    const fresh = tokenOf(renewed);
    expect((await get(site(fresh), cookie)).statusCode).toBe(401);
    expect((await unlock(fresh, PASSWORD)).statusCode).toBe(204);
    expect((await t.as({ method: 'POST', url: `${ADMIN_BASE}987654/delivery/regenerate/` })).statusCode).toBe(404);
  });

  it("expiry: the link works through its last day (the studio's), then says it expired; past dates are refused", async () => {
    const g = await createGallery('Expiry');
    await patch(g, { status: true });
    const token = tokenOf(g);
    const today = dayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await patch(g, { delivery_expires_at: day(0) })).delivery_expires_at).toBe(day(0));
    expect((await get(site(token))).statusCode).toBe(200);
    const past = await t.as({ method: 'PATCH', url: `${ADMIN_BASE}${g.id}/`, payload: { delivery_expires_at: day(-1) } });
    expect(past.json()).toEqual({ delivery_expires_at: [DELIVERY_MESSAGES.expiresPast] });
    // A date that has passed since it was set (written directly: the API refuses it).
    await t.database.db
      .update(clientGalleries)
      .set({ deliveryExpiresAt: day(-1) })
      .where(eq(clientGalleries.id, g.id));
    expect((await get(site(token))).statusCode).toBe(410);
    expect((await get(g.delivery_url)).statusCode).toBe(410);
    expect((await patch(g, { delivery_expires_at: '' })).delivery_expires_at).toBeNull();
    expect((await get(site(token))).statusCode).toBe(200);
    for (const bad of ['2025-02-30', 'tomorrow', '2025-1-1', 12]) {
      const res = await t.as({ method: 'PATCH', url: `${ADMIN_BASE}${g.id}/`, payload: { delivery_expires_at: bad } });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toEqual({ delivery_expires_at: [DELIVERY_MESSAGES.expiresInvalid] });
    }
    const long = await t.as({ method: 'PATCH', url: `${ADMIN_BASE}${g.id}/`, payload: { delivery_password: 'x'.repeat(201) } });
    expect(long.json()).toEqual({ delivery_password: [DELIVERY_MESSAGES.passwordTooLong] });
  });

  it("the customer's JSON follows the studio's changes at once: order, deleted photos, title, downloads", async () => {
    const g = await createGallery('Follow');
    const [a, b, c] = await upload(g, ['1.jpg', '2.jpg', '3.jpg']);
    await patch(g, { status: true });
    const token = tokenOf(g);
    const ids = async () => ((await get(site(token))).json() as DeliveryGallery).photos.map((p) => p.id);
    expect(await ids()).toEqual([a!.id, b!.id, c!.id]);
    await t.as({ method: 'PATCH', url: '/adminportal/manage-gallery/order/', payload: { ids: [c!.id, a!.id, b!.id] } });
    expect(await ids()).toEqual([c!.id, a!.id, b!.id]);
    expect((await favourites(token, [a!.id, b!.id])).statusCode).toBe(200);
    await t.as({ method: 'DELETE', url: `/adminportal/manage-gallery/${b!.id}/` });
    expect(await ids()).toEqual([c!.id, a!.id]);
    expect((await activity(g)).favourites.map((f) => f.id)).toEqual([a!.id]);
    await patch(g, { title: 'Followed', allow_download: false });
    expect((await get(site(token))).json()).toMatchObject({ title: 'Followed', allow_download: false });
  });

  it('unpublishing closes the link with the same 404', async () => {
    const g = await createGallery('Unpublish');
    await patch(g, { status: true });
    const token = tokenOf(g);
    expect((await get(site(token))).statusCode).toBe(200);
    await patch(g, { status: false });
    const res = await get(site(token));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: DELIVERY_MESSAGES.notFound });
    expect((await get(site('Z'.repeat(43)))).json()).toEqual(res.json());
  });

  it.runIf(kind === 'postgres')(
    'a change in one process closes the link in another at once: password, downloads, unpublishing, revocation',
    async () => {
      const g = await createGallery('Two processes');
      const [p] = await upload(g, ['two.jpg']);
      await patch(g, { status: true });
      const token = tokenOf(g);
      const other = await secondProcess(t);
      try {
        const there = (url: string, cookie = '') => other.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        // NOTIFY travels between connections: each change lands within milliseconds, not at a cache's age limit.
        const soon = (url: string, cookie = '') =>
          expect.poll(async () => (await there(url, cookie)).statusCode, { timeout: 3000, interval: 20 });
        // The other process holds the open gallery, its page and its original in memory.
        for (const url of [site(token), g.delivery_url, site(token, `photos/${p!.id}/original/`)])
          expect((await there(url)).statusCode, url).toBe(200);

        await patch(g, { delivery_password: PASSWORD });
        await soon(site(token)).toBe(401);
        expect((await there(g.delivery_url)).body).toContain('type="password"');
        const cookie = cookieHeader(await unlock(token, PASSWORD)).split('; ')[0]!;
        expect((await there(site(token), cookie)).statusCode).toBe(200);

        await patch(g, { allow_download: false });
        await soon(site(token, `photos/${p!.id}/original/`), cookie).toBe(403);

        await patch(g, { status: false });
        await soon(site(token), cookie).toBe(404);
        expect((await there(g.delivery_url, cookie)).statusCode).toBe(404);

        await patch(g, { status: true });
        await soon(site(token), cookie).toBe(200);
        const res = await t.as({ method: 'POST', url: `${ADMIN_BASE}${g.id}/delivery/regenerate/` });
        expect(res.statusCode, res.body).toBe(200);
        await soon(site(token), cookie).toBe(404);
        expect((await there(g.delivery_url, cookie)).statusCode).toBe(404);
        expect((await there(site(tokenOf(res.json() as ClientGallery)), cookie)).statusCode).toBe(401);
      } finally {
        await other.close();
      }
    },
  );

  it('downloads off: the gallery still shows, but no zip and no original (403)', async () => {
    const g = await createGallery('No downloads');
    const [p] = await upload(g, ['n.jpg']);
    const off = await patch(g, { status: true, allow_download: 'false' });
    expect(off.allow_download).toBe(false);
    const token = tokenOf(g);
    const open = await get(site(token));
    expect(open.statusCode).toBe(200);
    expect((open.json() as DeliveryGallery).allow_download).toBe(false);
    for (const url of [site(token, 'download/'), site(token, 'download/?favourites=1'), site(token, `photos/${p!.id}/original/`)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ detail: DELIVERY_MESSAGES.downloadsOff });
    }
    expect((await activity(g)).downloads).toBe(0);
  });

  it('throttles password attempts per address and gallery; the right password then waits too', async () => {
    const g = await createGallery('Throttle');
    await patch(g, { status: true, delivery_password: PASSWORD });
    const token = tokenOf(g);
    for (let i = 0; i < t.config.loginMaxFailures; i++) expect((await unlock(token, `guess ${i}`, '10.7.0.1')).statusCode).toBe(400);
    const blocked = await unlock(token, PASSWORD, '10.7.0.1');
    expectThrottled(blocked, COMMON_MESSAGES.tooManyRequests, t.config.loginWindowMs);
    // Another address is not blocked by these.
    expect((await unlock(token, PASSWORD, '10.7.0.2')).statusCode).toBe(204);
  });

  it('lets nobody lock the customer out: guesses from many addresses leave each one try, the right password opens', async () => {
    const g = await createGallery('Throttle spread');
    await patch(g, { status: true, delivery_password: PASSWORD });
    const token = tokenOf(g);
    const max = t.config.loginMaxFailures;
    // 60 refused attempts from one address count as its 5 wrong guesses, no more.
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await unlock(token, `guess ${i}`, '10.17.0.1')).statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(max);
    // Wrong guesses from many addresses pass the gallery's limit (10 x LOGIN_MAX_FAILURES)...
    for (let i = 0; i < max * 10; i++) expect((await unlock(token, 'wrong', `10.18.${i}.1`)).statusCode).toBe(400);
    // ...after which an address that failed gets no second try, while the customer still gets in.
    expect((await unlock(token, 'wrong again', '10.18.0.1')).statusCode).toBe(429);
    expect((await unlock(token, PASSWORD, '10.19.0.1')).statusCode).toBe(204);
  });

  it.runIf(kind === 'postgres' && process.env.TEST_REDIS_URL)('counts password attempts across processes through Redis', async () => {
    const g = await createGallery('Throttle shared');
    await patch(g, { status: true, delivery_password: PASSWORD });
    const token = tokenOf(g);
    const prefix = `darkroom:test:${randomUUID()}:`;
    // Two more processes, each with a limiter of its own on the same Redis.
    const limiters = [0, 1].map(() => redisRateLimiter(process.env.TEST_REDIS_URL!, prefix));
    const processes: Awaited<ReturnType<typeof secondProcess>>[] = [];
    try {
      for (const limiter of limiters) processes.push(await secondProcess(t, { limiter }));
      const attempt = (i: number, password: string) =>
        processes[i % 2]!.app.inject({ method: 'POST', url: site(token, 'unlock/'), payload: { password }, remoteAddress: '10.8.0.1' });
      // The wrong guesses alternate between the two processes, and still add up to the limit.
      for (let i = 0; i < t.config.loginMaxFailures; i++) expect((await attempt(i, `guess ${i}`)).statusCode).toBe(400);
      for (const i of [0, 1]) expectThrottled(await attempt(i, PASSWORD), COMMON_MESSAGES.tooManyRequests, t.config.loginWindowMs);
    } finally {
      for (const p of processes) await p.close();
      for (const limiter of limiters) await limiter.close();
    }
  });

  it('marks the cookie Secure on https (behind a trusted proxy)', async () => {
    const secure = await createTestApp(kind, { env: { TRUST_PROXY: 'true' } });
    try {
      const owner = await createAccount(secure.database.db, { username: 'sec', passwordHash: 'x' });
      const body = await multipart({ title: 'Secure', user: owner.id, status: 'true', cover_image: await image('c.jpg') });
      const g = (
        await secure.as({ method: 'POST', url: ADMIN_BASE, payload: body.payload, headers: body.headers })
      ).json() as ClientGallery;
      await secure.as({ method: 'PATCH', url: `${ADMIN_BASE}${g.id}/`, payload: { delivery_password: PASSWORD } });
      const res = await secure.app.inject({
        method: 'POST',
        url: site(tokenOf(g), 'unlock/'),
        payload: { password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode, res.body).toBe(204);
      for (const c of [res.headers['set-cookie']].flat()) expect(String(c)).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('sends the link to the customer: absolute, says a password is needed without it, with the admin words', async () => {
    const g = await createGallery('Send me');
    const url = `${ADMIN_BASE}${g.id}/delivery/send/`;
    const unpublished = await t.as({ method: 'POST', url, payload: {} });
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json()).toEqual({ detail: DELIVERY_MESSAGES.notPublished });
    await patch(g, { status: true, delivery_password: PASSWORD, delivery_expires_at: '2099-12-31' });
    const before = sent.length;
    const res = await t.as({
      method: 'POST',
      url,
      payload: { message: 'Hi Ada, the password is the one we agreed.' },
      headers: { host: 'studio.example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: DELIVERY_MESSAGES.linkSent });
    await mailSettled(t);
    const mail = sent.at(-1)!;
    expect(sent.length).toBe(before + 1);
    expect(mail.to).toBe('ada@example.test');
    expect(mail.subject).toContain('Send me');
    expect(mail.text).toContain(`http://studio.example.com${g.delivery_url}`);
    expect(mail.text).toContain('Hi Ada, the password is the one we agreed.');
    expect(mail.text).toMatch(/password/i);
    expect(mail.text).toContain('2099-12-31');
    expect(mail.text).not.toContain(PASSWORD);
    expect((await activity(g)).events.some((e) => e.kind === 'sent')).toBe(true);

    // SMTP refuses: the answer does not wait for it; the message ends failed with the reason.
    failMail = true;
    try {
      const queued = await t.as({ method: 'POST', url, payload: {} });
      expect(queued.statusCode).toBe(200);
      await mailSettled(t);
      const [last] = await t.database.db.select().from(outgoingMail).orderBy(desc(outgoingMail.id)).limit(1);
      expect(last).toMatchObject({ kind: 'delivery', toAddress: 'ada@example.test', status: 'failed', error: 'SMTP 554 refused' });
    } finally {
      failMail = false;
    }

    // No e-mail address, then no customer at all.
    const noMail = await createAccount(t.database.db, { username: 'nomail', passwordHash: 'x' });
    const h = await createGallery('No mail', noMail.id);
    await patch(h, { status: true });
    const res2 = await t.as({ method: 'POST', url: `${ADMIN_BASE}${h.id}/delivery/send/`, payload: {} });
    expect(res2.statusCode).toBe(409);
    expect(res2.json()).toEqual({ detail: DELIVERY_MESSAGES.noCustomerEmail });
    await t.database.db.delete(accounts).where(eq(accounts.id, noMail.id));
    const res3 = await t.as({ method: 'POST', url: `${ADMIN_BASE}${h.id}/delivery/send/`, payload: {} });
    expect(res3.statusCode).toBe(409);
    expect(res3.json()).toEqual({ detail: DELIVERY_MESSAGES.noCustomer });
    expect((await t.as({ method: 'POST', url: `${ADMIN_BASE}987654/delivery/send/`, payload: {} })).statusCode).toBe(404);
    // Only admins send and read activity.
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${ADMIN_BASE}${g.id}/delivery/activity/` })).statusCode).toBe(401);
  });

  it('names zip entries safely: no folders, no control or reserved characters, unique whatever the case', () => {
    expect(zipNames(['a.jpg', 'A.JPG', 'a.jpg', '../../etc/passwd', 'x\u0000y:z?.jpg', '', '.hidden.png', 'dir\\win.jpg'])).toEqual([
      'a.jpg',
      'A (2).JPG',
      'a (3).jpg',
      'passwd',
      'xy_z_.jpg',
      'photo',
      'hidden.png',
      'win.jpg',
    ]);
  });

  it('hostile tokens, ids, passwords and favourites never answer 5xx', async () => {
    const g = await createGallery('Hostile');
    const [p] = await upload(g, ['h.jpg']);
    await patch(g, { status: true, delivery_password: PASSWORD });
    const token = tokenOf(g);
    const tokenish = fc.oneof(
      fc.constant(token),
      fc.string({ maxLength: 80 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{20,70}$/),
      fc.constantFrom('%00', '..', '%2e%2e', 'a'.repeat(5000), '__proto__', token.toLowerCase()),
    );
    const idish = fc.oneof(
      fc.constant(String(p!.id)),
      fc.integer().map(String),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('1e9', '-1', '0x10', '2147483648'),
    );
    const anything = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.oneof(fc.integer(), fc.string())),
      fc.object(),
    );
    await fc.assert(
      fc.asyncProperty(tokenish, idish, anything, anything, fc.integer({ min: 0, max: 5 }), async (tok, id, a, b, which) => {
        const path = encodeURIComponent(tok).replace(/%2F/gi, '/');
        // String() throws on objects such as {toString: ''}; JSON text always works.
        const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
        const cookie = `darkroom_gallery=${encodeURIComponent(text(a))}`;
        const calls = [
          () => t.app.inject({ method: 'GET', url: site(path), headers: { cookie } }),
          () =>
            t.app.inject({ method: 'POST', url: site(path, 'unlock/'), payload: { password: a } as object, remoteAddress: '10.99.0.1' }),
          () => t.app.inject({ method: 'PUT', url: site(path, 'favourites/'), payload: { ids: a } as object }),
          () =>
            t.app.inject({
              method: 'PUT',
              url: site(path, 'favourites/'),
              payload: JSON.stringify(b),
              headers: { 'content-type': 'application/json' },
            }),
          () => t.app.inject({ method: 'GET', url: `${site(path, `photos/${encodeURIComponent(id)}/original/`)}` }),
          () => t.app.inject({ method: 'GET', url: `${site(path, 'download/')}?favourites=${encodeURIComponent(text(b))}` }),
        ];
        const res = await calls[which]!();
        expect(res.statusCode, `${which} ${tok} ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    expect((await get(site(token))).statusCode).toBe(401);
  });
});
