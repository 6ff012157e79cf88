import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DELIVERY_MESSAGES, type DeliveryActivity, type DeliveryGallery, type DeliveryPhoto } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { BoundedMap } from '../../lib/bounded-map';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { countAttempt, resetAttempts, type AttemptLimit, type RateLimiter } from '../../lib/rate-limiter';
import { whenReady } from '../../lib/when-ready';
import { verifyPassword } from '../../auth/passwords';
import { displayUrl, imageView } from '../../media/image-pipeline';
import type { StoredImage } from '../../media/stored-image';
import type { ZipEntry } from '../../media/zip';
import { galleryTag } from '../galleries/galleries.service';
import * as repo from './delivery.repository';
import type { DeliveryAccessRow } from './delivery.repository';

/**
 * Client delivery, the customer's side: a client gallery opened from its private link
 * (`/g/<token>/`, `/site/galleries/<token>/...`), optionally unlocked by a password (then a cookie
 * scoped to that gallery's paths), favourites, downloads and what the studio sees of it.
 *
 * Rules: an unknown token, an unpublished gallery and an expired one (past its last day, UTC)
 * are the same 404. A gallery with a password answers 401 until the request carries the cookie
 * `unlock` set; the cookie is an HMAC over the token and the password's hash, so a new password
 * or a new link (regenerate) makes every earlier cookie worthless.
 */

/** Cache tag dropped by every client gallery write (its token, password, expiry, downloads or title changed). */
export const DELIVERY_TAG = 'delivery';
/** Dropped whenever a customer changes their favourites: the portal's client galleries list counts them. */
export const DELIVERY_FAVOURITES_TAG = 'delivery:favourites';
/** One gallery's delivery answers (its JSON, the rendered page): dropped when its favourites change. */
export const deliveryTag = (clientGalleryId: number) => `delivery:${clientGalleryId}`;
/**
 * Every tag a gallery's delivery answers depend on: cache a rendered page under these. The same
 * array for the same gallery, so the response cache joins it only when the gallery changes from
 * one request to the next (a new array per request was joined every time).
 */
export function deliveryCacheTags(clientGalleryId: number): readonly string[] {
  let tags = cacheTagsOf.get(clientGalleryId);
  if (!tags) {
    tags = Object.freeze([DELIVERY_TAG, deliveryTag(clientGalleryId), galleryTag('client-gallery', clientGalleryId)]);
    cacheTagsOf.set(clientGalleryId, tags);
  }
  return tags;
}

const cacheTagsOf = new BoundedMap<number, readonly string[]>(10_000);

/** A new link's token: 32 random bytes (256 bits), base64url, 43 characters. */
export const newDeliveryToken = (): string => randomBytes(32).toString('base64url');
/** The customer's page of a token (relative: the portal and the e-mail prefix their origin). */
export const deliveryUrl = (token: string): string => `/g/${token}/`;

/** The unlock cookie's name; one per gallery path, so galleries never share one. */
export const UNLOCK_COOKIE = 'darkroom_gallery';
/** How long an unlocked browser stays unlocked. */
const UNLOCK_MAX_AGE_S = 30 * 86_400;
/** One visit: views from the same address within this time count once. */
const VISIT_MS = 30 * 60_000;
/** Favourites changes this close together are one event in the activity. */
const FAVOURITES_EVENT_MS = 10 * 60_000;

// The gallery behind a token.

/** Today's date in UTC as YYYY-MM-DD. */
const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Whether a gallery answers its link at all: published, and not past its last day. */
export function isLive(row: Pick<DeliveryAccessRow, 'status' | 'expiresAt'>, now?: Date): boolean {
  // The date is read only for a gallery with a last day (most have none).
  return row.status && (row.expiresAt === null || row.expiresAt >= todayUtc(now));
}

/**
 * The access row of a token, from the response cache (a token lookup per request would cost a
 * query). A row the cache holds is answered at once, without a promise: on a cached gallery's
 * path every promise and await was a step of its own (see `deliveryAccess`).
 */
function accessRow(ctx: AppContext, token: string): DeliveryAccessRow | null | Promise<DeliveryAccessRow | null> {
  const key = `delivery:token:${token}`;
  const text = ctx.cache.peek(DELIVERY_TAG, key);
  return text === undefined ? loadAccessRow(ctx, token, key) : parsedRow(token, text);
}

async function loadAccessRow(ctx: AppContext, token: string, key: string): Promise<DeliveryAccessRow | null> {
  try {
    const text = await ctx.cache.json(DELIVERY_TAG, key, async () => {
      const row = await repo.galleryByToken(ctx.db, token);
      // Unknown tokens are not cached: a flood of guesses must not grow the cache.
      if (!row) throw new MissingToken();
      return row;
    });
    return parsedRow(token, text);
  } catch (err) {
    if (err instanceof MissingToken) return null;
    throw err;
  }
}

/**
 * The cached text parsed once: while the cache hands back the same text, the same parsed row is
 * used (parsing it was a few percent of a cached gallery's answer).
 */
function parsedRow(token: string, text: string): DeliveryAccessRow {
  const parsed = parsedRows.get(token);
  if (parsed?.text === text) return parsed.row;
  const row = JSON.parse(text) as DeliveryAccessRow;
  parsedRows.set(token, { text, row });
  return row;
}
/** Entries each delivery memo keeps; past that the oldest goes (only live tokens are ever added). */
const MEMO_ENTRIES = 10_000;
const parsedRows = new BoundedMap<string, { text: string; row: DeliveryAccessRow }>(MEMO_ENTRIES);
class MissingToken extends Error {}

// The unlock cookie.

const secrets = new WeakMap<Db, Promise<Buffer>>();
const madeSecrets = new WeakMap<Db, Buffer>();
let configuredKey: { text: string; key: Buffer } | undefined;

/**
 * The HMAC key of unlock cookies: DELIVERY_SECRET, else one made once and kept in the database
 * (shared by every process). A promise only until the database's key is read.
 */
function cookieKey(ctx: AppContext): Buffer | Promise<Buffer> {
  const configured = ctx.config.deliverySecret;
  if (configured) {
    if (configuredKey?.text !== configured) configuredKey = { text: configured, key: Buffer.from(configured) };
    return configuredKey.key;
  }
  const made = madeSecrets.get(ctx.db);
  if (made) return made;
  let key = secrets.get(ctx.db);
  if (!key) {
    key = repo
      .serverSecret(ctx.db, 'delivery-cookie', () => randomBytes(32).toString('base64url'))
      .then((s) => {
        const bytes = Buffer.from(s);
        madeSecrets.set(ctx.db, bytes);
        return bytes;
      });
    key.catch(() => secrets.delete(ctx.db));
    secrets.set(ctx.db, key);
  }
  return key;
}

/**
 * The unlock cookie's value for a gallery: an HMAC of its token and password hash, so a new
 * password or link ends every unlocked browser. Kept on the access row it was made for (the same
 * object while the token's cached row is unchanged; a new password or link is a new row) with the
 * key it was made with: an HMAC per request was 7% of a cached gallery's answer, and building its
 * input to look it up in a map was still 2%.
 */
function unlockValue(ctx: AppContext, row: DeliveryAccessRow): UnlockValue | Promise<UnlockValue> {
  return whenReady(cookieKey(ctx), (key) => unlockValueWith(key, row));
}

function unlockValueWith(key: Buffer, row: DeliveryAccessRow): UnlockValue {
  let made = unlockValues.get(row);
  if (made?.key !== key) {
    const value = createHmac('sha256', key)
      .update(`delivery-unlock\0${row.token}\0${row.passwordHash ?? ''}`)
      .digest('base64url');
    unlockValues.set(row, (made = { key, value, bytes: Buffer.from(value) }));
  }
  return made;
}
interface UnlockValue {
  key: Buffer;
  value: string;
  bytes: Buffer;
}
const unlockValues = new WeakMap<DeliveryAccessRow, UnlockValue>();

/** Every value of the unlock cookie in a `Cookie` header (a browser may send more than one). */
export function unlockCookieValues(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const out: string[] = [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === UNLOCK_COOKIE) out.push(part.slice(eq + 1).trim());
  }
  return out;
}

function isUnlocked(ctx: AppContext, row: DeliveryAccessRow, cookieHeader: string | undefined): boolean | Promise<boolean> {
  if (!row.passwordHash) return true;
  const values = unlockCookieValues(cookieHeader);
  if (!values.length) return false;
  return whenReady(unlockValue(ctx, row), (made) => holdsValue(values, made));
}

/** Whether one of the cookie values is the gallery's, compared in constant time. */
function holdsValue(values: string[], made: UnlockValue): boolean {
  return values.some((v) => {
    const got = Buffer.from(v);
    return got.length === made.bytes.length && timingSafeEqual(got, made.bytes);
  });
}

/**
 * The `Set-Cookie` values that keep a gallery unlocked: one for its page (`/g/<token>/`) and one
 * for its API (`/site/galleries/<token>/`), HttpOnly, SameSite=Lax, Secure on https. Scoped by
 * path, a browser sends each gallery's cookie to that gallery only.
 */
export async function unlockCookies(ctx: AppContext, token: string, secure: boolean): Promise<string[]> {
  const row = await accessRow(ctx, token);
  if (!row?.passwordHash) return [];
  const { value } = await unlockValue(ctx, row);
  const attrs = `Max-Age=${UNLOCK_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${UNLOCK_COOKIE}=${value}; Path=/g/${token}/; ${attrs}`, `${UNLOCK_COOKIE}=${value}; Path=/site/galleries/${token}/; ${attrs}`];
}

// Access.

export type DeliveryAccess =
  | { state: 'missing' }
  | { state: 'locked'; galleryId: number; title: string }
  | { state: 'open'; galleryId: number; title: string; allowDownload: boolean; row: DeliveryAccessRow };

/**
 * What a request with this token (and `Cookie` header) may see. Cheap: the token's row comes from
 * the response cache. `view: true` counts a visit (at most one per address per half hour). Each
 * step answers at once when it has what it needs in memory and waits only when it does not, and
 * so does the whole: a cached gallery's access is a value, not a promise (a promise and an await
 * per step were a measurable part of a cached gallery's JSON).
 */
export function deliveryAccess(
  ctx: AppContext,
  token: string,
  cookieHeader: string | undefined,
  opts: { view?: boolean } = {},
): DeliveryAccess | Promise<DeliveryAccess> {
  return whenReady(accessRow(ctx, token), (row) => accessOf(ctx, row, cookieHeader, opts));
}

function accessOf(
  ctx: AppContext,
  row: DeliveryAccessRow | null,
  cookieHeader: string | undefined,
  opts: { view?: boolean },
): DeliveryAccess | Promise<DeliveryAccess> {
  if (!row || !isLive(row)) return { state: 'missing' };
  return whenReady(isUnlocked(ctx, row, cookieHeader), (unlocked) => unlockedAccess(ctx, row, unlocked, opts));
}

function unlockedAccess(
  ctx: AppContext,
  row: DeliveryAccessRow,
  unlocked: boolean,
  opts: { view?: boolean },
): DeliveryAccess | Promise<DeliveryAccess> {
  if (!unlocked) return { state: 'locked', galleryId: row.id, title: row.title };
  const open: DeliveryAccess = { state: 'open', galleryId: row.id, title: row.title, allowDownload: row.allowDownload, row };
  const counting = opts.view ? recordView(ctx, row.id) : undefined;
  return counting ? counting.then(() => open) : open;
}

type OpenAccess = Extract<DeliveryAccess, { state: 'open' }>;

/** The open gallery of a request, or the 404 / 401 its state calls for (at once when its access is). */
function requireOpen(
  ctx: AppContext,
  token: string,
  cookieHeader: string | undefined,
  opts: { view?: boolean } = {},
): OpenAccess | Promise<OpenAccess> {
  return whenReady(deliveryAccess(ctx, token, cookieHeader, opts), openOrThrow);
}

function openOrThrow(access: DeliveryAccess): OpenAccess {
  if (access.state === 'missing') throw notFound(DELIVERY_MESSAGES.notFound);
  if (access.state === 'locked') throw new HttpError(401, DELIVERY_MESSAGES.passwordRequired);
  return access;
}

/** A visit, counted once per address and gallery within half an hour; nothing to wait for when it already is. */
function recordView(ctx: AppContext, galleryId: number): Promise<void> | undefined {
  const key = `delivery-view:${galleryId}:${ctx.ip ?? 'unknown'}`;
  const started = Date.now();
  let counted = visitsCounted.get(ctx.limiter);
  if (!counted) visitsCounted.set(ctx.limiter, (counted = new BoundedMap(MEMO_ENTRIES)));
  if ((counted.get(key) ?? 0) > started) return undefined;
  return countView(ctx, galleryId, key, started, counted);
}

async function countView(
  ctx: AppContext,
  galleryId: number,
  key: string,
  started: number,
  counted: BoundedMap<string, number>,
): Promise<void> {
  const n = await ctx.limiter.hit(key, VISIT_MS);
  if (n !== 1) return;
  // This hit opened the window (it ends VISIT_MS after it, not before `started`): until then
  // every view from here is already counted, without asking the limiter.
  counted.set(key, started + VISIT_MS);
  await repo.insertEvent(ctx.db, galleryId, 'view', '');
}
/**
 * Visits this process counted, per limiter (one per runtime), by gallery and address, with when
 * their window ends: the page and its JSON asked the limiter on every request (a Redis round trip
 * once scaled out) only to hear that the visit was counted already. A visit another process
 * counted is still asked about.
 */
const visitsCounted = new WeakMap<RateLimiter, BoundedMap<string, number>>();

// The gallery as the customer sees it.

function toDeliveryPhoto(row: repo.DeliveryPhotoRow, img: StoredImage): DeliveryPhoto {
  return {
    id: row.id,
    name: row.name,
    width: img.width,
    height: img.height,
    srcset: imageView(img).srcset,
    url: displayUrl(img),
    placeholder: img.placeholder ?? null,
    favourite: row.favourite,
  };
}

/** A gallery's title, cover and photos in the saved order with their favourite marks (uncached: two queries). */
export async function deliveryGallery(ctx: AppContext, galleryId: number): Promise<DeliveryGallery> {
  const row = await repo.galleryAccessById(ctx.db, galleryId);
  if (!row) throw notFound(DELIVERY_MESSAGES.notFound);
  const photos = await repo.deliveryPhotos(ctx.db, galleryId);
  const images = await ctx.assets.images([row.coverAssetId, ...photos.map((p) => p.assetId)]);
  return {
    title: row.title,
    cover: imageView(images.get(row.coverAssetId)!),
    allow_download: row.allowDownload,
    photos: photos.flatMap((p) => {
      const img = images.get(p.assetId);
      return img ? [toDeliveryPhoto(p, img)] : [];
    }),
  };
}

/**
 * Opens a delivery link for the customer's page: the gallery when it may be shown, its title
 * when a password is needed first, or nothing (the 404 page). Counts a visit.
 */
export async function openDelivery(
  ctx: AppContext,
  token: string,
  cookieHeader: string | undefined,
): Promise<
  | { state: 'open'; galleryId: number; gallery: DeliveryGallery; cacheTags: readonly string[] }
  | { state: 'locked'; galleryId: number; title: string }
  | { state: 'missing' }
> {
  const access = await deliveryAccess(ctx, token, cookieHeader, { view: true });
  if (access.state !== 'open') return access;
  return {
    state: 'open',
    galleryId: access.galleryId,
    gallery: await deliveryGallery(ctx, access.galleryId),
    cacheTags: deliveryCacheTags(access.galleryId),
  };
}

/** `GET /site/galleries/<token>/`: the access it was given (the route serves `galleryId`'s cached JSON). */
export function openGalleryJson(ctx: AppContext, token: string, cookieHeader: string | undefined): OpenAccess | Promise<OpenAccess> {
  return requireOpen(ctx, token, cookieHeader, { view: true });
}

// Unlocking.

function unlockLimits(ctx: AppContext, galleryId: number): AttemptLimit[] {
  const max = ctx.config.loginMaxFailures;
  return [
    { key: `delivery-unlock:${galleryId}:${ctx.ip ?? 'unknown'}`, max },
    // Spread over many addresses, guesses still stop (the customer can ask the studio).
    { key: `delivery-unlock-gallery:${galleryId}`, max: max * 10 },
  ];
}

/**
 * Checks a gallery's password. Every attempt is counted (per address and gallery, and per gallery)
 * before the password is checked; past the limit the answer is 429 without checking it. Resolves
 * the `Set-Cookie` values to send; a gallery without a password needs none.
 */
export async function unlockDelivery(ctx: AppContext, token: string, password: string, secure: boolean): Promise<string[]> {
  const row = await accessRow(ctx, token);
  if (!row || !isLive(row)) throw notFound(DELIVERY_MESSAGES.notFound);
  if (!row.passwordHash) return [];
  const limits = unlockLimits(ctx, row.id);
  await countAttempt(ctx.limiter, limits, ctx.config.loginWindowMs);
  if (!(await verifyPassword(row.passwordHash, password))) throw ValidationError.field('password', DELIVERY_MESSAGES.passwordWrong);
  await resetAttempts(ctx.limiter, limits);
  await repo.insertEvent(ctx.db, row.id, 'unlock', '');
  return unlockCookies(ctx, token, secure);
}

// Favourites.

/** `PUT .../favourites/`: the favourites become exactly these photos of the gallery. */
export async function saveFavourites(
  ctx: AppContext,
  token: string,
  cookieHeader: string | undefined,
  ids: number[],
): Promise<{ ids: number[] }> {
  const { galleryId } = await requireOpen(ctx, token, cookieHeader);
  const unique = [...new Set(ids)];
  const owned = new Set(await repo.photoIdsOf(ctx.db, galleryId, unique));
  if (owned.size !== unique.length) throw ValidationError.field('ids', DELIVERY_MESSAGES.idsInvalid);
  await ctx.db.transaction(async (tx) => {
    await repo.replaceFavourites(tx, galleryId, unique);
    await repo.recordFavouritesEvent(tx, galleryId, `${unique.length} favourite${unique.length === 1 ? '' : 's'}`, FAVOURITES_EVENT_MS);
  });
  await ctx.cache.invalidate(deliveryTag(galleryId), DELIVERY_FAVOURITES_TAG);
  return { ids: unique };
}

// Downloads.

/**
 * A zip entry's name: no folders, no control characters nor characters Windows refuses in file
 * names, unique within the zip (case-insensitively, as most file systems compare).
 */
export function zipNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const clean =
      raw
        // eslint-disable-next-line no-control-regex -- control characters are what is removed
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .split(/[/\\]/)
        .pop()!
        .replace(/[<>:"|?*]/g, '_')
        .replace(/^\.+/, '')
        .trim() || 'photo';
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** `Content-Disposition: attachment` for a file name, with an ASCII fallback and the UTF-8 name. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

function requireDownloads(access: { allowDownload: boolean }): void {
  if (!access.allowDownload) throw new HttpError(403, DELIVERY_MESSAGES.downloadsOff);
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * `GET .../download/`: the originals to put in the zip (all, or the favourites), in the saved
 * order, with unique names, and the zip's file name. Records the download.
 */
export async function prepareDownload(
  ctx: AppContext,
  token: string,
  cookieHeader: string | undefined,
  favouritesOnly: boolean,
  opts: { record: boolean } = { record: true },
): Promise<{ filename: string; entries: (ZipEntry & { assetId: number })[] }> {
  const access = await requireOpen(ctx, token, cookieHeader);
  requireDownloads(access);
  const photos = await repo.deliveryPhotos(ctx.db, access.galleryId, favouritesOnly);
  const images = await ctx.assets.images(photos.map((p) => p.assetId));
  const present = photos.filter((p) => images.has(p.assetId));
  const names = zipNames(present.map((p) => p.name));
  const entries = present.map((p, i) => {
    const img = images.get(p.assetId)!;
    return { name: names[i]!, key: img.original, size: img.bytes, mtime: p.timeCreated, crc32: img.crc32, assetId: p.assetId };
  });
  const total = entries.reduce((n, e) => n + e.size, 0);
  if (opts.record)
    await repo.insertEvent(
      ctx.db,
      access.galleryId,
      favouritesOnly ? 'download-favourites' : 'download',
      `${entries.length} photo${entries.length === 1 ? '' : 's'}, ${megabytes(total)}`,
    );
  const title = (access.title.trim() || 'Photos').slice(0, 150);
  return { filename: `${title}${favouritesOnly ? ' - favourites' : ''}.zip`, entries };
}

/**
 * `GET .../photos/<id>/original/`: one original of this gallery (another gallery's photo is
 * not found). Records the download unless it is the rest of one already counted (a range).
 */
export async function prepareOriginal(
  ctx: AppContext,
  token: string,
  cookieHeader: string | undefined,
  photoId: number,
  opts: { record: boolean },
): Promise<{ assetId: number; filename: string }> {
  const access = await requireOpen(ctx, token, cookieHeader);
  requireDownloads(access);
  const photo = await repo.deliveryPhoto(ctx.db, access.galleryId, photoId);
  if (!photo) throw notFound(DELIVERY_MESSAGES.notFound);
  if (opts.record) await repo.insertEvent(ctx.db, access.galleryId, 'download-photo', photo.name);
  return { assetId: photo.assetId, filename: zipNames([photo.name])[0]! };
}

// The studio's side.

/**
 * `POST .../delivery/send/`: e-mails the assigned customer the link (absolute, on `origin`), with
 * the admin's words above it. Says a password is needed, never which (the server has only its
 * hash): the admin may write it in the message. 400 without a customer or an e-mail address, or
 * while the gallery is unpublished; 502 when the mail server refuses.
 */
export async function sendDeliveryLink(
  ctx: AppContext,
  clientGalleryId: number,
  message: string,
  origin: string,
): Promise<{ detail: string }> {
  const g = await repo.galleryWithCustomer(ctx.db, clientGalleryId);
  if (!g) throw notFound();
  // The request is fine; the gallery's state refuses it (409, with the reason to show).
  if (g.accountId === null) throw new HttpError(409, DELIVERY_MESSAGES.noCustomer);
  if (!g.email?.trim()) throw new HttpError(409, DELIVERY_MESSAGES.noCustomerEmail);
  if (!g.status) throw new HttpError(409, DELIVERY_MESSAGES.notPublished);
  const link = `${origin}${deliveryUrl(g.token)}`;
  const greeting = g.firstName?.trim() ? `Hello ${g.firstName.trim()},` : 'Hello,';
  const text = [
    greeting,
    '',
    ...(message.trim() ? [message.trim(), ''] : []),
    `Your photos "${g.title}" are ready:`,
    link,
    '',
    ...(g.passwordHash ? ['The gallery is protected by a password, which the studio gives you.', ''] : []),
    ...(g.expiresAt ? [`The link works until ${g.expiresAt} (inclusive).`, ''] : []),
    'Keep this link to yourself: anyone who has it can see the gallery.',
  ].join('\n');
  try {
    await ctx.mailer.send({ to: g.email.trim(), subject: `Your photos: ${g.title}`, text });
  } catch (err) {
    ctx.log.warn({ err, clientGalleryId }, 'could not e-mail the delivery link');
    throw new HttpError(502, DELIVERY_MESSAGES.sendFailed);
  }
  await repo.insertEvent(ctx.db, clientGalleryId, 'sent', g.email.trim());
  return { detail: DELIVERY_MESSAGES.linkSent };
}

const ACTIVITY_EVENTS = 50;
const DOWNLOAD_KINDS = ['download', 'download-favourites', 'download-photo'];

/** `GET .../delivery/activity/`: views, downloads, last visit, the favourites and the latest events. */
export async function deliveryActivity(ctx: AppContext, clientGalleryId: number): Promise<DeliveryActivity> {
  if (!(await repo.galleryAccessById(ctx.db, clientGalleryId))) throw notFound();
  const [summary, favourites, events] = await Promise.all([
    repo.eventSummary(ctx.db, clientGalleryId),
    repo.deliveryPhotos(ctx.db, clientGalleryId, true),
    repo.recentEvents(ctx.db, clientGalleryId, ACTIVITY_EVENTS),
  ]);
  return {
    views: summary.kinds.get('view') ?? 0,
    downloads: DOWNLOAD_KINDS.reduce((n, k) => n + (summary.kinds.get(k) ?? 0), 0),
    last_visit: summary.last?.toISOString() ?? null,
    favourites: favourites.map((p) => ({ id: p.id, name: p.name })),
    events: events.map((e) => ({ at: e.at.toISOString(), kind: e.kind, detail: e.detail })),
  };
}

/** The latest delivery events of every gallery (the dashboard). */
export async function latestDeliveryEvents(ctx: AppContext, limit = 10) {
  return (await repo.latestEvents(ctx.db, limit)).map((e) => ({
    at: e.at.toISOString(),
    kind: e.kind,
    detail: e.detail,
    client_gallery: e.galleryId,
    title: e.title,
  }));
}
