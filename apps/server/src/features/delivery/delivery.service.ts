import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CLIENT_GALLERY_REQUESTS_PER_EMAIL_PER_HOUR,
  DELIVERY_JSON_PAGE_SIZE,
  DELIVERY_MESSAGES,
  type DeliveryActivity,
  type DeliveryGallery,
  type DeliveryPhoto,
  type DownloadSize,
  SELECTION_MESSAGES,
  selectionFullMessage,
  type DeliverySelection,
} from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { attemptPassword, countAttempt, type PasswordLimits } from '../../lib/rate-limiter';
import type { JobQueue } from '../../jobs/queue';
import { verifyPassword } from '../../auth/passwords';
import type { StoredImage } from '../../media/stored-image';
import type { ZipEntry } from '../../media/zip';
import { webSizeName } from '../../media/web-size';
import { longDate, type MailContent } from '../../mail/content';
import { queueMail } from '../emails/outgoing.service';
import { galleryTag } from '../galleries/galleries.service';
import { getSiteSettings } from '../site/site-settings.service';
import * as repo from './delivery.repository';
import { chosenSet, setLabel, setTabs } from './delivery-sets';
import * as lists from './selections.repository';
import { alertFirst } from './studio-alerts';
import type { DeliveryAccessRow } from './delivery.repository';

/**
 * Client delivery, the customer's side: a client gallery opened from its private link
 * (`/g/<token>/`, `/site/galleries/<token>/...`), optionally unlocked by a password (then a cookie
 * scoped to that gallery's paths), favourites, downloads and what the studio sees of it.
 *
 * Rules: an unknown token, an unpublished gallery and an expired one (past its last day, UTC)
 * are the same 404, reached the same way (one query by token), so an old link cannot be told from
 * a made-up one. A gallery with a password answers 401 until the request carries the unlock
 * value: an HMAC over the token and the password's hash, so a new password or a new link makes
 * every earlier cookie worthless.
 */

/** Cache tag dropped by every client gallery write (its token, password, expiry, downloads or title changed). */
export const DELIVERY_TAG = 'delivery';
/** Dropped whenever a customer changes their favourites: the portal's client galleries list counts them. */
export const DELIVERY_FAVOURITES_TAG = 'delivery:favourites';
/** One gallery's delivery answers (its JSON, the rendered page): dropped when its favourites change. */
export const deliveryTag = (clientGalleryId: number) => `delivery:${clientGalleryId}`;
/** Every tag a gallery's delivery answers depend on. */
export const deliveryCacheTags = (clientGalleryId: number): string[] => [
  DELIVERY_TAG,
  deliveryTag(clientGalleryId),
  galleryTag('client-gallery', clientGalleryId),
];

/** A new link's token: 32 random bytes (256 bits), base64url, 43 characters. */
export const newDeliveryToken = (): string => randomBytes(32).toString('base64url');
/** The customer's page of a token (relative: the portal and the e-mail prefix their origin). */
export const deliveryUrl = (token: string): string => `/g/${token}/`;

/** One visit: views from the same address within this time count once. */
const VISIT_MS = 30 * 60_000;
/** Favourites changes this close together are one event in the activity. */
const FAVOURITES_EVENT_MS = 10 * 60_000;
const DOWNLOAD_KINDS = ['download', 'download-favourites', 'download-photo'];
const ACTIVITY_EVENTS = 50;

/** The calendar day `now` falls on in `zone`, as YYYY-MM-DD. */
export const dayIn = (zone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** Today in the studio's time zone (a Site setting, the server's by default), as YYYY-MM-DD. */
export async function studioToday(ctx: AppContext, now = new Date()): Promise<string> {
  return dayIn((await getSiteSettings(ctx)).time_zone, now);
}

/** Whether a gallery's last day (inclusive, in the studio's time zone) is behind `today`. */
const isExpired = (row: Pick<DeliveryAccessRow, 'expiresAt'>, today: string): boolean => row.expiresAt !== null && row.expiresAt < today;

export type DeliveryAccess =
  | { state: 'missing' }
  | { state: 'expired' }
  | { state: 'locked'; galleryId: number; title: string }
  | {
      state: 'open';
      galleryId: number;
      title: string;
      allowDownload: boolean;
      downloadSize: DownloadSize;
      /** Set when the download PIN's cookie is needed and the request does not hold it. */
      pinMissing: boolean;
      /** Proofing: each visitor gives a name and e-mail and keeps their own list. */
      requireEmail: boolean;
      selectionLimit: number | null;
      /** The visitor whose cookie the request holds (null: none). */
      visitorId: number | null;
      /** The list the favourites are read from: the visitor's, or the shared one (null while none exists). */
      listId: number | null;
      /** The customer sees watermarked previews and web sizes only. */
      watermark: boolean;
      coverAssetId: number;
    };

/** The size a download is made in. */
export type FileSize = 'original' | 'web';

export type OpenAccess = Extract<DeliveryAccess, { state: 'open' }>;

/** Which page of a gallery's JSON: its number, whether of the favourites only, and whose list. */
export interface GalleryPageQuery {
  page: number;
  favourites: boolean;
  /** Only this set's photos (`?set=<id>`). */
  set?: number;
  list: number | null;
}

/** The cookies a request may hold for a gallery: unlock (password), download PIN and visitor. */
export interface AccessOptions {
  view?: boolean;
  pinValues?: string[];
  visitorValues?: string[];
  /** Open without a visitor even when the gallery asks for one (the visitor form itself). */
  anonymous?: boolean;
}

/**
 * The customer's side of client delivery, built once per process (runtime.ts): it keeps the key
 * of the unlock cookies, which is read from the configuration or the database on first use.
 */
export class DeliveryService {
  private key: Promise<Buffer> | null = null;

  /**
   * What a request with this token (and these unlock cookie values) may see. `view: true` counts
   * a visit (at most one per address per half hour).
   */
  async access(ctx: AppContext, token: string, unlockValues: string[], opts: AccessOptions = {}): Promise<DeliveryAccess> {
    const row = await repo.galleryByToken(ctx.db, token);
    if (!row || !row.status) return { state: 'missing' };
    if (isExpired(row, await studioToday(ctx))) return { state: 'expired' };
    if (row.passwordHash && !(await this.holdsUnlock(ctx, row, unlockValues)))
      return { state: 'locked', galleryId: row.id, title: row.title };
    if (opts.view) await recordView(ctx, row);
    const pinMissing = row.downloadPinHash !== null && !(await this.holds(ctx, this.pinValue(ctx, row), opts.pinValues ?? []));
    const visitorId = await this.visitorOf(ctx, row, opts.visitorValues ?? []);
    const listId = row.requireEmail ? visitorId : await lists.sharedListId(ctx.db, row.id, false);
    return {
      state: 'open',
      galleryId: row.id,
      title: row.title,
      allowDownload: row.allowDownload,
      downloadSize: row.downloadSize,
      pinMissing,
      requireEmail: row.requireEmail,
      selectionLimit: row.selectionLimit,
      visitorId,
      listId,
      watermark: row.watermark,
      coverAssetId: row.coverAssetId,
    };
  }

  /** The open gallery of a request, or the 404 / 401 its state calls for. */
  async open(ctx: AppContext, token: string, unlockValues: string[], opts: AccessOptions = {}): Promise<OpenAccess> {
    const access = await this.access(ctx, token, unlockValues, opts);
    if (access.state === 'missing') throw notFound(DELIVERY_MESSAGES.notFound);
    if (access.state === 'expired') throw new HttpError(410, DELIVERY_MESSAGES.expired);
    if (access.state === 'locked') throw new HttpError(401, DELIVERY_MESSAGES.passwordRequired);
    if (access.requireEmail && access.visitorId === null && !opts.anonymous) throw new HttpError(401, SELECTION_MESSAGES.visitorRequired);
    return access;
  }

  /**
   * Checks a gallery's password and answers the value of its unlock cookie (null for a gallery
   * without one). Throttled per address and gallery; wrong passwords from many addresses narrow
   * every address to one try, while the right one still opens it (`attemptPassword`).
   */
  async unlock(ctx: AppContext, token: string, password: string): Promise<string | null> {
    const row = await repo.galleryByToken(ctx.db, token);
    if (!row || !row.status) throw notFound(DELIVERY_MESSAGES.notFound);
    if (isExpired(row, await studioToday(ctx))) throw new HttpError(410, DELIVERY_MESSAGES.expired);
    const hash = row.passwordHash;
    if (!hash) return null;
    const ok = await attemptPassword(ctx.limiter, unlockLimits(ctx, row.id), () => verifyPassword(hash, password));
    if (!ok) throw ValidationError.field('password', DELIVERY_MESSAGES.passwordWrong);
    await repo.insertEvent(ctx.db, row.id, 'unlock', '');
    return this.unlockValue(ctx, row);
  }

  /**
   * Checks a gallery's download PIN (the gallery must be open to this request) and answers the
   * value of its PIN cookie (null for a gallery without one). Throttled as the password is.
   */
  async unlockPin(ctx: AppContext, token: string, unlockValues: string[], pin: string): Promise<string | null> {
    // The PIN needs no visitor: it guards downloads, which ask for one themselves.
    await this.open(ctx, token, unlockValues, { anonymous: true });
    const row = (await repo.galleryByToken(ctx.db, token))!;
    const hash = row.downloadPinHash;
    if (!hash) return null;
    const ok = await attemptPassword(ctx.limiter, pinLimits(ctx, row.id), () => verifyPassword(hash, pin));
    if (!ok) throw ValidationError.field('pin', DELIVERY_MESSAGES.pinWrong);
    await repo.insertEvent(ctx.db, row.id, 'download-pin', '');
    return this.pinValue(ctx, row);
  }

  private async holdsUnlock(ctx: AppContext, row: DeliveryAccessRow, values: string[]): Promise<boolean> {
    return this.holds(ctx, this.unlockValue(ctx, row), values);
  }

  private async holds(ctx: AppContext, expecting: Promise<string>, values: string[]): Promise<boolean> {
    if (!values.length) return false;
    const expected = Buffer.from(await expecting);
    return values.some((v) => {
      const got = Buffer.from(v);
      return got.length === expected.length && timingSafeEqual(got, expected);
    });
  }

  private async unlockValue(ctx: AppContext, row: DeliveryAccessRow): Promise<string> {
    return createHmac('sha256', await this.cookieKey(ctx))
      .update(`delivery-unlock\0${row.token}\0${row.passwordHash ?? ''}`)
      .digest('base64url');
  }

  /** The PIN cookie's value: changes with the link and the PIN, so either change asks it again. */
  private async pinValue(ctx: AppContext, row: DeliveryAccessRow): Promise<string> {
    return createHmac('sha256', await this.cookieKey(ctx))
      .update(`delivery-pin\0${row.token}\0${row.downloadPinHash ?? ''}`)
      .digest('base64url');
  }

  /**
   * The visitor cookie's value: the visitor's id and an HMAC over it and the link, so it names
   * one visitor of one gallery and dies with the link.
   */
  async visitorValue(ctx: AppContext, token: string, visitorId: number): Promise<string> {
    const mac = createHmac('sha256', await this.cookieKey(ctx))
      .update(`delivery-visitor\0${token}\0${visitorId}`)
      .digest('base64url');
    return `${visitorId}.${mac}`;
  }

  private async visitorOf(ctx: AppContext, row: DeliveryAccessRow, values: string[]): Promise<number | null> {
    for (const value of values) {
      const m = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{43}$/.exec(value);
      if (!m) continue;
      const id = Number(m[1]);
      if (await this.holds(ctx, this.visitorValue(ctx, row.token, id), [value])) return id;
    }
    return null;
  }

  /** DELIVERY_SECRET, else a key made once and kept in the database, so every process shares it. */
  private cookieKey(ctx: AppContext): Promise<Buffer> {
    if (ctx.config.deliverySecret) return Promise.resolve(Buffer.from(ctx.config.deliverySecret));
    if (!this.key) {
      const reading = repo.serverSecret(ctx.db, 'delivery-cookie', () => randomBytes(32).toString('base64url')).then((s) => Buffer.from(s));
      reading.catch(() => (this.key = null));
      this.key = reading;
    }
    return this.key;
  }
}

function unlockLimits(ctx: AppContext, galleryId: number): PasswordLimits {
  const max = ctx.config.loginMaxFailures;
  return {
    own: [{ key: `delivery-unlock:${galleryId}:${ctx.ip ?? 'unknown'}`, max }],
    // Spread over many addresses, guesses still slow down (the customer can ask the studio).
    shared: [{ key: `delivery-unlock-gallery:${galleryId}`, max: max * 10 }],
    windowMs: ctx.config.loginWindowMs,
  };
}

function pinLimits(ctx: AppContext, galleryId: number): PasswordLimits {
  const max = ctx.config.loginMaxFailures;
  return {
    own: [{ key: `delivery-pin:${galleryId}:${ctx.ip ?? 'unknown'}`, max }],
    shared: [{ key: `delivery-pin-gallery:${galleryId}`, max: max * 10 }],
    windowMs: ctx.config.loginWindowMs,
  };
}

/** A visit, counted once per address and gallery within half an hour; the first one may alert the studio. */
async function recordView(ctx: AppContext, row: DeliveryAccessRow): Promise<void> {
  const n = await ctx.limiter.hit(`delivery-view:${row.id}:${ctx.ip ?? 'unknown'}`, VISIT_MS);
  if (n !== 1) return;
  await repo.insertEvent(ctx.db, row.id, 'view', '');
  await alertFirst(ctx, row.id, row.title, 'opened');
}

// The gallery as the customer sees it.

/** A photo's preview (`width` px) through its gallery's token: never a public /media/ address. */
export const previewUrl = (token: string, photoId: number, width: number): string =>
  `/site/galleries/${token}/photos/${photoId}/preview/${width}/`;
const coverUrl = (token: string, width: number): string => `/site/galleries/${token}/cover/${width}/`;

type Widths = { width: number }[];
/** The display width: the largest up to 1600 px (as `displayUrl` picks it). */
const displayWidth = (widths: Widths): number => ([...widths].reverse().find((v) => v.width <= 1600) ?? widths[0])?.width ?? 0;
const srcsetOf = (widths: Widths, url: (w: number) => string) => widths.map((v) => `${url(v.width)} ${v.width}w`).join(', ');

function toDeliveryPhoto(row: repo.DeliveryPhotoRow, img: StoredImage, token: string, watermark: boolean): DeliveryPhoto {
  const widths = watermark ? (img.watermarked?.widths ?? []) : img.variants;
  const url = (w: number) => previewUrl(token, row.id, w);
  return {
    id: row.id,
    name: row.name,
    width: img.width,
    height: img.height,
    srcset: srcsetOf(widths, url),
    url: url(displayWidth(widths)),
    placeholder: img.placeholder ?? null,
    favourite: row.favourite,
  };
}

/**
 * The cover's view through the token (its crops are not used by the customer's page): in a
 * watermarked gallery from its watermarked copy, and none until that exists (never the plain one).
 */
function coverView(img: StoredImage | undefined, token: string, watermark: boolean): DeliveryGallery['cover'] {
  const widths = watermark ? (img?.watermarked?.widths ?? []) : (img?.variants ?? []);
  if (!img || !widths.length) return null;
  const url = (w: number) => coverUrl(token, w);
  return {
    url: url(displayWidth(widths)),
    width: img.width,
    height: img.height,
    srcset: srcsetOf(widths, url),
    placeholder: img.placeholder ?? null,
    square: null,
    wide: null,
  };
}

/**
 * The stored file of a customer's preview: a photo of this gallery (watermarked when it is) or
 * its cover, about `width` px wide; null when there is none to show.
 */
export async function previewFile(ctx: AppContext, access: OpenAccess, photoId: number | 'cover', width: number): Promise<string | null> {
  if (photoId === 'cover') {
    const cover = await ctx.assets.image(access.coverAssetId);
    return cover && ctx.assets.previewKey(cover, width, access.watermark);
  }
  const photo = await repo.deliveryPhoto(ctx.db, access.galleryId, photoId, access.watermark);
  const img = photo && (await ctx.assets.image(photo.assetId));
  return img ? ctx.assets.previewKey(img, width, access.watermark) : null;
}

/**
 * A page of a gallery: its title, cover and `pageSize` photos (or favourites) in the saved order,
 * with the total and the next page's address. `path` is the address pages are asked at.
 */
export async function deliveryGalleryPage(
  ctx: AppContext,
  galleryId: number,
  query: GalleryPageQuery,
  path: string,
  pageSize = DELIVERY_JSON_PAGE_SIZE,
): Promise<DeliveryGallery> {
  const row = await repo.galleryAccessById(ctx.db, galleryId);
  if (!row) throw notFound(DELIVERY_MESSAGES.notFound);
  const set = await chosenSet(ctx, galleryId, query.set);
  const [photos, counts, favouriteIds, selection, tabs] = await Promise.all([
    repo.deliveryPhotos(ctx.db, galleryId, {
      list: query.list,
      onlyFavourites: query.favourites,
      watermark: row.watermark,
      page: { offset: (query.page - 1) * pageSize, limit: pageSize },
      setId: set?.id,
    }),
    repo.deliveryPhotoCounts(ctx.db, galleryId, query.list, set?.id, row.watermark),
    repo.favouriteIds(ctx.db, query.list),
    selectionOf(ctx, row, query.list),
    setTabs(ctx, galleryId, set),
  ]);
  const images = await ctx.assets.images([row.coverAssetId, ...photos.map((p) => p.assetId)]);
  const total = query.favourites ? counts.favourites : counts.photos;
  const more = query.page * pageSize < total;
  return {
    title: row.title,
    cover: coverView(images.get(row.coverAssetId), row.token, row.watermark),
    allow_download: row.allowDownload,
    download_size: row.downloadSize,
    download_pin: row.downloadPinHash !== null,
    photos: photos.flatMap((p) => {
      const img = images.get(p.assetId);
      return img ? [toDeliveryPhoto(p, img, row.token, row.watermark)] : [];
    }),
    total,
    favourite_ids: favouriteIds,
    next: more ? `${path}?page=${query.page + 1}${query.favourites ? '&favourites=1' : ''}${set ? `&set=${set.id}` : ''}` : null,
    ...tabs,
    selection,
    all_total: tabs.all_total ?? counts.photos,
  };
}

/** Who the list is for, its rules, state and notes, as the customer's page shows them. */
async function selectionOf(ctx: AppContext, row: DeliveryAccessRow, list: number | null): Promise<DeliverySelection> {
  const [owner, notes] =
    list === null ? [undefined, []] : await Promise.all([lists.visitorById(ctx.db, row.id, list), lists.notesOf(ctx.db, [list])]);
  return {
    require_email: row.requireEmail,
    selection_limit: row.selectionLimit,
    visitor: owner?.email ? { name: owner.name, email: owner.email } : null,
    submitted_at: owner?.submittedAt?.toISOString() ?? null,
    notes: notes.map((n) => ({ photo_id: n.photoId, text: n.text })),
  };
}

/**
 * The list a write of this request changes: the visitor's, or the shared one (made on first
 * use). 409 while it is submitted.
 */
export async function writableList(ctx: AppContext, access: OpenAccess): Promise<number> {
  const list = access.requireEmail ? access.visitorId! : (await lists.sharedListId(ctx.db, access.galleryId, true))!;
  const owner = await lists.visitorById(ctx.db, access.galleryId, list);
  if (!owner) throw new HttpError(401, SELECTION_MESSAGES.visitorRequired);
  if (owner.submittedAt) throw new HttpError(409, SELECTION_MESSAGES.submitted);
  return list;
}

/** Every photo in any list of a gallery, once each, with its file name (the studio's activity). */
async function favouritesOfEveryList(ctx: AppContext, clientGalleryId: number): Promise<{ id: number; name: string }[]> {
  const all = await lists.listsOf(ctx.db, clientGalleryId);
  const seen = new Set<number>();
  return (
    await lists.photosOfLists(
      ctx.db,
      all.map((l) => l.id),
    )
  ).filter((p) => !seen.has(p.id) && seen.add(p.id));
}

/**
 * `PUT .../favourites/`: the request's list becomes exactly these photos of the gallery. Refused
 * while the list is submitted (409), and past the gallery's limit (400 with the count; a list
 * already past a limit lowered since may still shrink).
 */
export async function saveFavourites(ctx: AppContext, access: OpenAccess, ids: number[]): Promise<{ ids: number[] }> {
  const galleryId = access.galleryId;
  const unique = [...new Set(ids)];
  const owned = new Set(await repo.photoIdsOf(ctx.db, galleryId, unique, access.watermark));
  if (owned.size !== unique.length) throw ValidationError.field('ids', DELIVERY_MESSAGES.idsInvalid);
  const list = await writableList(ctx, access);
  const limit = access.selectionLimit;
  if (limit !== null && unique.length > limit) {
    const current = await repo.favouriteIds(ctx.db, list);
    if (unique.length > current.length) throw ValidationError.field('ids', selectionFullMessage(limit, current.length));
  }
  await ctx.db.transaction(async (tx) => {
    await repo.replaceFavourites(tx, galleryId, list, unique);
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

/**
 * Whether this request may download in `size` (the gallery's own size when not asked; originals
 * when it offers both): 403 when downloads are off or the size is not offered, then 401 while
 * the PIN is needed. Answers the size to make.
 */
export function downloadSizeOf(access: OpenAccess, size: FileSize | undefined): FileSize {
  if (!access.allowDownload) throw new HttpError(403, DELIVERY_MESSAGES.downloadsOff);
  const offered = access.downloadSize;
  const chosen = size ?? (offered === 'both' ? 'original' : offered);
  if (offered !== 'both' && chosen !== offered) throw new HttpError(403, DELIVERY_MESSAGES.sizeNotOffered);
  if (access.pinMissing) throw new HttpError(401, DELIVERY_MESSAGES.pinRequired);
  return chosen;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * `GET .../download/`: the originals to put in the zip (all, the favourites, and/or one set), in
 * the saved order, with unique names, and the zip's file name (a set's zip is named after it).
 * Records the download when `record`.
 */
export async function prepareDownload(
  ctx: AppContext,
  access: OpenAccess,
  favouritesOnly: boolean,
  record: boolean,
  size: FileSize = 'original',
  setId?: number,
): Promise<{ filename: string; entries: (ZipEntry & { assetId: number })[] }> {
  const set = await chosenSet(ctx, access.galleryId, setId);
  const photos = await repo.deliveryPhotos(ctx.db, access.galleryId, {
    list: access.listId,
    onlyFavourites: favouritesOnly,
    setId: set?.id,
    watermark: access.watermark,
  });
  const images = await ctx.assets.images(photos.map((p) => p.assetId));
  const present = photos.filter((p) => images.has(p.assetId));
  const names = zipNames(present.map((p) => (size === 'web' ? webSizeName(p.name) : p.name)));
  const entries = present.map((p, i) => {
    const img = images.get(p.assetId)!;
    return { name: names[i]!, key: img.original, size: img.bytes, crc32: img.crc32, mtime: p.timeCreated, assetId: p.assetId };
  });
  if (record) {
    const total = entries.reduce((n, e) => n + e.size, 0);
    const kind = favouritesOnly ? 'download-favourites' : 'download';
    const what = `${entries.length} photo${entries.length === 1 ? '' : 's'}${set ? ` of ${set.name}` : ''}`;
    await repo.insertEvent(ctx.db, access.galleryId, kind, size === 'web' ? `${what}, web size` : `${what}, ${megabytes(total)}`);
    await alertFirst(ctx, access.galleryId, access.title, 'downloaded', what);
  }
  const title = (access.title.trim() || 'Photos').slice(0, 150);
  const name = `${title}${setLabel(set)}${favouritesOnly ? ' - favourites' : ''}${size === 'web' ? ' - web' : ''}`;
  return { filename: `${name}.zip`, entries };
}

/**
 * `GET .../photos/<id>/original/`: one original of this gallery (another gallery's photo is not
 * found). Records the download when `record` (not for the rest of one already counted).
 */
export async function prepareOriginal(
  ctx: AppContext,
  access: OpenAccess,
  photoId: number,
  record: boolean,
  size: FileSize = 'original',
): Promise<{ assetId: number; filename: string }> {
  const photo = await repo.deliveryPhoto(ctx.db, access.galleryId, photoId, access.watermark);
  if (!photo) throw notFound(DELIVERY_MESSAGES.notFound);
  if (record) {
    await repo.insertEvent(ctx.db, access.galleryId, 'download-photo', size === 'web' ? `${photo.name} (web size)` : photo.name);
    await alertFirst(ctx, access.galleryId, access.title, 'downloaded', photo.name);
  }
  return { assetId: photo.assetId, filename: zipNames([size === 'web' ? webSizeName(photo.name) : photo.name])[0]! };
}

// The studio's side.

/** What the delivery e-mail says of a password, which no e-mail ever carries. */
export const DELIVERY_PASSWORD_NOTE =
  'The gallery is protected by a password. For your privacy it is never sent by e-mail: the studio will share it with you separately.';

/**
 * `POST .../delivery/send/`: e-mails the assigned customer the link (absolute, on `origin`), with
 * the admin's words above it and the gallery's cover. Says a password is needed and that the
 * studio shares it separately: an e-mail never carries it (the server has only its hash anyway).
 * 409 without a customer or an e-mail address, or while the gallery is unpublished.
 */
export async function sendDeliveryLink(
  ctx: AppContext,
  clientGalleryId: number,
  message: string,
  origin: string,
): Promise<{ detail: string }> {
  const g = await repo.galleryWithCustomer(ctx.db, clientGalleryId);
  if (!g) throw notFound();
  if (g.accountId === null) throw new HttpError(409, DELIVERY_MESSAGES.noCustomer);
  if (!g.email?.trim()) throw new HttpError(409, DELIVERY_MESSAGES.noCustomerEmail);
  if (!g.status) throw new HttpError(409, DELIVERY_MESSAGES.notPublished);
  const content: MailContent = {
    preview: `Your photos are ready${g.expiresAt ? `: the gallery is open until ${longDate(g.expiresAt)}` : ''}.`,
    greeting: g.firstName?.trim() ? `Hello ${g.firstName.trim()},` : 'Hello,',
    heading: g.title,
    paragraphs: [
      g.allowDownload
        ? 'Your photos are ready: view them, mark your favourites and download the ones you love.'
        : 'Your photos are ready: view them and mark your favourites.',
    ],
    ...(message.trim() ? { quote: { text: message.trim() } } : {}),
    button: { label: 'View your photos', url: `${origin}${deliveryUrl(g.token)}` },
    notes: [
      ...(g.passwordHash ? [DELIVERY_PASSWORD_NOTE] : []),
      ...(g.expiresAt ? [`The link works until ${longDate(g.expiresAt)} (${g.expiresAt}, inclusive).`] : []),
      'Keep this link to yourself: anyone who has it can see the gallery.',
    ],
    coverAssetId: g.coverAssetId,
    coverWatermarked: g.watermark,
  };
  // Queued: a slow or refusing mail server is tried again and shows on the e-mails page.
  await queueMail(ctx, { kind: 'delivery', to: g.email.trim(), subject: `Your photos: ${g.title}`, content });
  await repo.insertEvent(ctx.db, clientGalleryId, 'sent', g.email.trim());
  return { detail: DELIVERY_MESSAGES.linkSent };
}

/** `GET .../delivery/activity/`: views, downloads, last visit, the favourites and the latest events. */
export async function deliveryActivity(ctx: AppContext, clientGalleryId: number): Promise<DeliveryActivity> {
  if (!(await repo.galleryAccessById(ctx.db, clientGalleryId))) throw notFound();
  const [summary, favourites, events] = await Promise.all([
    repo.eventSummary(ctx.db, clientGalleryId),
    favouritesOfEveryList(ctx, clientGalleryId),
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

// The website's client gallery page.

const GALLERY_LINKS_JOB = 'client-gallery-links';

/**
 * `POST /site/client-gallery/`: queues the e-mail of a customer's gallery links. The request
 * does the same work for every address (the throttle, one job queued, no lookup), so neither
 * its answer nor its time tells who is a customer; the job looks the address up. Past
 * `CLIENT_GALLERY_REQUESTS_PER_EMAIL_PER_HOUR` for an address nothing is queued, and the caller
 * still answers the same. Returns the job's id, or null when throttled.
 */
export async function requestGalleryLinks(ctx: AppContext, email: string, origin: string | null): Promise<string | null> {
  const address = email.trim().toLowerCase();
  try {
    await countAttempt(ctx.limiter, [{ key: `gallery-links:${address}`, max: CLIENT_GALLERY_REQUESTS_PER_EMAIL_PER_HOUR }], 3_600_000);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 429) return null;
    throw err;
  }
  if (!origin) {
    ctx.log.warn('the client gallery page cannot e-mail links without PUBLIC_URL (the Host was not loopback)');
    return null;
  }
  return ctx.jobs.send(GALLERY_LINKS_JOB, { email: address, origin });
}

/** The job: one e-mail listing the live galleries of the address, or nothing when it has none. */
async function sendGalleryLinks(ctx: AppContext, { email, origin }: { email: string; origin: string }): Promise<void> {
  const galleries = await repo.liveGalleriesOfEmail(ctx.db, email, await studioToday(ctx));
  if (!galleries.length) return;
  const link = (g: (typeof galleries)[number]) => `${origin}${deliveryUrl(g.token)}`;
  const until = (g: (typeof galleries)[number]) =>
    g.expiresAt ? `Works until ${longDate(g.expiresAt)} (${g.expiresAt}, inclusive)` : undefined;
  const [only] = galleries.length === 1 ? galleries : [];
  const content: MailContent = {
    preview: galleries.length === 1 ? 'The link to your client gallery.' : 'The links to your client galleries.',
    greeting: 'Hello,',
    heading: galleries.length === 1 ? 'Your client gallery' : 'Your client galleries',
    paragraphs: [galleries.length === 1 ? 'Here is the link to your client gallery:' : 'Here are the links to your client galleries:'],
    // One gallery: its cover and a button; several: a row each.
    ...(only
      ? {
          button: { label: `View "${only.title}"`, url: link(only) },
          coverAssetId: only.coverAssetId,
          coverWatermarked: only.watermark,
          notes: until(only) ? [`${until(only)}.`] : [],
        }
      : { links: galleries.map((g) => ({ label: g.title, url: link(g), note: until(g) })), notes: [] }),
  };
  content.notes!.push(
    'Keep these links to yourself: anyone who has one can see the gallery.',
    'You asked for them on our website; if you did not, you can ignore this e-mail.',
  );
  await queueMail(ctx, { kind: 'delivery', to: email, subject: 'Your client galleries', content });
}

export function defineGalleryLinksJob(jobs: JobQueue): void {
  jobs.define<{ email: string; origin: string }>({
    name: GALLERY_LINKS_JOB,
    retryLimit: 3,
    expireInSeconds: 60,
    run: (ctx, data) => sendGalleryLinks(ctx, data),
  });
}
