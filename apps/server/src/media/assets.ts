import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { MIN_IMAGE_DIMENSIONS, WATERMARK_MESSAGES } from '@darkroom/contracts';
import type { Db, DbOrTx } from '../db/client';
import { HttpError, ValidationError } from '../lib/errors';
import * as repo from './assets.repository';
import {
  CorruptImageError,
  deriveOg,
  deriveStored,
  displayUrl,
  imageKeys,
  type KeyUrl,
  mediaUrl,
  processImage,
  storeOriginal,
  inspectImage,
  type IncomingFile,
  type ProcessOptions,
} from './image-pipeline';
import { createLimiter, type Limiter } from './limiter';
import { loadSharp } from './sharp';
import { sendStored } from './serve';
import { RESUMABLE_PREFIX } from './resumable';
import { readAll, type MediaStorage } from './storage';
import type { ZipEntry } from './zip';
import type { Readable } from 'node:stream';
import type { BrandFiles, StoredImage, WatermarkedVariants } from './stored-image';
import { brandKeys, deriveBrandFiles } from './brand-files';
import type { WatermarkPlace, WatermarkSpec } from './watermark';

/** The studio's watermark as a feature keeps it: the logo is an asset, read when a copy is made. */
export interface WatermarkSettings {
  sig: string;
  text: string;
  logoAssetId: number | null;
  position: WatermarkPlace;
  size: number;
  opacity: number;
}

export interface AssetsDeps {
  db: Db;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** How many images are processed at once in this process, whatever their origin. */
  concurrency: number;
  /** Originals from an object store are answered with a redirect to a presigned URL. */
  redirectOriginals?: boolean;
  /** A configured secret (DELIVERY_SECRET) the media signing key is derived from; else one kept in the database. */
  secret?: string | null;
  /** Makes a stored original's derived files (a `DerivationProcess`); in this process when left out. */
  derive?: (img: StoredImage) => Promise<StoredImage>;
}

/** The size of an e-mail's picture (3:2). */
const MAIL_PICTURE = { width: 960, height: 640 } as const;
/** How long a portal's signed link to a private preview works: 1 to 2 hours, the same URL within an hour. */
const SIGNED_HOUR = 3600;
/** A customer's preview is private and asked again each time (a 304 when unchanged), so a dead link stops it at once. */
export const PREVIEW_CACHE_CONTROL = 'private, no-cache';

/** How long a presigned link to an original works. */
const ORIGINAL_LINK_SECONDS = 300;

/** Which file of an asset a URL points at. */
export type AssetVariant = 'display' | 'square' | 'wide' | { width: number };

/** A download's file is gone from storage (a fault on the studio's side, logged with its key). */
const MISSING_FILE_MESSAGE = 'A photo of this download could not be read. Please let the studio know.';

/** Thrown when an asset's files were collected while the same content was being recorded again. */
class FilesGoneError extends HttpError {
  constructor() {
    super(503, 'The image was being removed meanwhile. Please upload it again.');
  }
}
export const isFilesGone = (err: unknown): boolean => err instanceof FilesGoneError;

const isForeignKeyViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23503' || isForeignKeyViolation((err as { cause?: unknown }).cause));

/**
 * The assets module: every stored image is a `media_assets` row that owns its files. Ingest
 * (validate, keep the original, derive), recording, serving, and collection of what nothing
 * references go through here; `assets.repository.ts` is the only code touching the table, and
 * `MediaStorage` the only way to the files.
 */
export class Assets {
  /** Every sharp call of the process goes through this one limit. */
  readonly limit: Limiter;

  private signingKey: Promise<Buffer> | null = null;
  private refs: Promise<{ table: string; column: string }[]> | null = null;

  constructor(private readonly deps: AssetsDeps) {
    this.limit = createLimiter(deps.concurrency);
  }

  // Private previews: signed links for the portal, `w/` copies with the watermark.

  private key(): Promise<Buffer> {
    if (this.deps.secret) return Promise.resolve(createHmac('sha256', this.deps.secret).update('media-signing').digest());
    if (!this.signingKey) {
      const reading = repo.mediaSecret(this.deps.db, () => randomBytes(32).toString('base64url')).then((v) => Buffer.from(v));
      reading.catch(() => (this.signingKey = null));
      this.signingKey = reading;
    }
    return this.signingKey;
  }

  private static sign(key: Buffer, file: string, exp: number): string {
    return createHmac('sha256', key).update(`${file}\0${exp}`).digest('base64url').slice(0, 32);
  }

  /**
   * URLs for the portal's views of private images (a client gallery's): `/media/<key>?exp=&sig=`,
   * valid one to two hours and the same within an hour, so the browser's cache keeps working.
   */
  async adminUrls(now = Date.now()): Promise<KeyUrl> {
    const key = await this.key();
    const exp = (Math.floor(now / 1000 / SIGNED_HOUR) + 2) * SIGNED_HOUR;
    return (file) => `${mediaUrl(file)}?exp=${exp}&sig=${Assets.sign(key, file, exp)}`;
  }

  /** Whether a signed link to `file` is genuine and not past its time. */
  async verifySigned(file: string, exp: string | undefined, sig: string | undefined, now = Date.now()): Promise<boolean> {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now) return false;
    const expected = Buffer.from(Assets.sign(await this.key(), file, Number(exp)));
    const got = Buffer.from(sig);
    return got.length === expected.length && timingSafeEqual(got, expected);
  }

  /**
   * Whether a derived file belongs to a client gallery and to nothing the website shows (then
   * /media/ refuses it). The columns referencing assets are read from the catalogue once per
   * process: the schema changes only by migrations, which run before the server starts.
   */
  async isPrivate(file: string): Promise<boolean> {
    if (!this.refs) {
      const reading = repo.referencingColumns(this.deps.db);
      reading.catch(() => (this.refs = null));
      this.refs = reading;
    }
    return repo.isPrivateKey(this.deps.db, file, await this.refs);
  }

  /**
   * The file of a preview about `width` px wide: the first width at least that wide, else the
   * largest; from the watermarked copies when `watermarked` (null until they exist).
   */
  previewKey(img: StoredImage, width: number, watermarked: boolean): string | null {
    const widths = watermarked ? (img.watermarked?.widths ?? []) : img.variants;
    return (widths.find((v) => v.width >= width) ?? widths.at(-1))?.key ?? null;
  }

  /**
   * Sends a private preview (the caller checked who asks): never cached as public, revalidated
   * each time. Always through this process, from either storage: a redirect to the bucket would
   * be refused by the pages' img-src, and would outlive the check it followed.
   */
  sendPreview(request: FastifyRequest, reply: FastifyReply, file: string): Promise<FastifyReply> {
    return sendStored(request, reply, this.deps.storage, file, { contentType: 'image/webp', cacheControl: PREVIEW_CACHE_CONTROL });
  }

  /** Sends a derived file asked for by a signed link: private to that browser. */
  sendSigned(request: FastifyRequest, reply: FastifyReply, file: string): Promise<FastifyReply> {
    return sendStored(request, reply, this.deps.storage, file, { contentType: 'image/webp', cacheControl: 'private, max-age=3600' });
  }

  /** The watermark with its logo's bytes, as media draws it (null logo when it is gone). */
  private async spec(settings: WatermarkSettings): Promise<WatermarkSpec> {
    let logo: Buffer | null = null;
    if (settings.logoAssetId !== null) {
      const img = await this.image(settings.logoAssetId);
      const stream = img && (await this.deps.storage.read(img.original));
      if (stream) logo = await readAll(stream);
    }
    return { sig: settings.sig, text: settings.text, logo, position: settings.position, size: settings.size, opacity: settings.opacity };
  }

  /**
   * Makes an asset's watermarked preview widths with this watermark (under the one limit) and
   * records them; the copies of an earlier watermark are removed. `first`: only the grid's width
   * (a partial copy, so a changed gallery's first page shows the new mark soonest); the whole copy
   * then adds the other widths. False when there was nothing to do (made already with this
   * watermark, the asset gone or not derived yet).
   */
  async deriveWatermarked(id: number, settings: WatermarkSettings, opts: { first?: boolean } = {}): Promise<boolean> {
    const img = await this.image(id);
    if (!img || img.state) return false;
    const had = img.watermarked?.sig === settings.sig ? img.watermarked : undefined;
    // Done already: the whole copy, or (for the first pass) any copy with this watermark.
    if (had && (!had.partial || opts.first)) return false;
    const spec = await this.spec(settings);
    const { deriveWatermarked } = await import('./watermark');
    const made = await this.limit(() =>
      deriveWatermarked(this.deps.storage, img.original, spec, opts.first ? { first: true } : { have: had?.widths ?? [] }),
    );
    return this.deps.db.transaction(async (tx) => {
      await repo.lockSha(tx, img.sha256);
      const current = await repo.lockWatermarked(tx, id);
      if (current === null) return false;
      const keys = (w: WatermarkedVariants | undefined) => (w?.widths ?? []).map((v) => v.key);
      // Another asset may share a file (same output), so only files nothing names are removed.
      if (made.partial && current?.sig === made.sig && !current.partial) {
        // The whole copy was made meanwhile: it stays.
        const named = new Set(keys(current));
        await this.deleteFiles(
          tx,
          keys(made).filter((k) => !named.has(k)),
        );
        return false;
      }
      await repo.setWatermarked(tx, id, made);
      const kept = new Set(keys(made));
      await this.deleteFiles(
        tx,
        keys(current).filter((k) => !kept.has(k)),
      );
      return true;
    });
  }

  /**
   * Keeps an uploaded PNG (the watermark's logo) as it is: checked from its header, stored, and
   * ready with no derived files. Record it in the caller's transaction.
   */
  async ingestLogo(file: IncomingFile, opts: ProcessOptions): Promise<StoredImage> {
    const { mime } = await inspectImage(file, opts);
    if (mime !== 'image/png') throw ValidationError.field(opts.field, WATERMARK_MESSAGES.logoType);
    const img = await storeOriginal(this.deps.storage, file, opts);
    const { state: _state, ...ready } = img;
    return ready;
  }

  private get presignSeconds(): number | undefined {
    return this.deps.redirectOriginals ? ORIGINAL_LINK_SECONDS : undefined;
  }

  // Ingest.

  /**
   * Validates an upload and stores its original and derived files (bounded by the one limit).
   * The result is not recorded yet: `record` it in the transaction that references it, or
   * `discard` it when that write fails. `skip` is asked once a slot is free (a failed batch stops early).
   */
  async ingest(file: IncomingFile, opts: ProcessOptions, skip?: () => boolean): Promise<StoredImage | null> {
    const known = await this.storedAlready(file, opts, { crops: true });
    if (known) return skip?.() ? null : known;
    return this.limit(async () => (skip?.() ? null : processImage(this.deps.storage, file, opts)));
  }

  /**
   * Validates an upload from its header and keeps its original; the image is `processing` (record
   * it, then have `derive` make its files, as a job) unless the content is recorded and derived
   * already. `skip` as for `ingest`.
   */
  async ingestOriginal(file: IncomingFile, opts: ProcessOptions, skip?: () => boolean): Promise<StoredImage | null> {
    const known = await this.storedAlready(file, opts, { crops: false });
    if (skip?.()) return null;
    return known ?? storeOriginal(this.deps.storage, file, opts);
  }

  /**
   * Makes the derived files of a `processing` asset (under the process's one limit) and records
   * them; a corrupt image is marked failed with the bad-image message. Returns the image as it is
   * now, or null when there was nothing to do (derived meanwhile, or removed).
   */
  async derive(id: number): Promise<StoredImage | null> {
    const img = await this.image(id);
    if (!img || img.state !== 'processing') return null;
    let done: StoredImage;
    try {
      done = await this.limit(() => (this.deps.derive ? this.deps.derive(img) : deriveStored(this.deps.storage, img)));
    } catch (err) {
      if (!(err instanceof CorruptImageError)) throw err;
      return (await this.fail(id, err.message)) ? { ...img, state: 'failed', error: err.message } : null;
    }
    const row = await this.deps.db.transaction(async (tx) => {
      await repo.lockSha(tx, img.sha256);
      return repo.markDerived(tx, id, done);
    });
    return row ? repo.toStoredImage(row) : null;
  }

  /** Marks a `processing` asset failed with the message the portal shows; false when it was not processing. */
  fail(id: number, message: string): Promise<boolean> {
    return repo.markFailed(this.deps.db, id, message);
  }

  /** The assets waiting for their derived files. */
  processing(): Promise<number[]> {
    return repo.processingIds(this.deps.db);
  }

  /**
   * Content recorded before (same SHA-256, derived, every file present, big enough for this use) is not
   * decoded and derived again: the same cover on two services, a photo in two galleries. A gallery
   * photo has no crops, so its content made a cover is derived again (`record` adds the crops).
   */
  private async storedAlready(file: IncomingFile, opts: ProcessOptions, need: { crops: boolean }): Promise<StoredImage | null> {
    const sha = opts.sha256 ?? file.sha256;
    if (!sha) return null;
    const row = await repo.assetBySha(this.deps.db, sha);
    if (!row) return null;
    const img = repo.toStoredImage(row);
    if (img.state || (need.crops && !(img.square && img.wide))) return null;
    const min = MIN_IMAGE_DIMENSIONS[opts.use];
    // Too small for this use: processing gives the field its message.
    if (img.width < min.width || img.height < min.height) return null;
    const present = await Promise.all(imageKeys(img).map((k) => this.deps.storage.stat(k)));
    if (!present.every(Boolean)) return null;
    // An asset from before checksums were kept learns its CRC-32 when it is recorded again.
    return img.crc32 === undefined && file.crc32 !== undefined ? { ...img, crc32: file.crc32 } : img;
  }

  /**
   * Records an ingested image inside the caller's transaction and returns its asset id (the
   * existing one when the content is known). Holds the content's lock until that transaction
   * ends, so a concurrent collection of the same content cannot remove the files under it.
   */
  async record(tx: DbOrTx, img: StoredImage, createdBy: number | null): Promise<number> {
    await repo.lockSha(tx, img.sha256);
    const row = await repo.upsertAsset(tx, img, createdBy);
    const present = await Promise.all(imageKeys(repo.toStoredImage(row)).map((k) => this.deps.storage.stat(k)));
    if (present.some((p) => !p)) throw new FilesGoneError();
    return row.id;
  }

  /** Removes the files of ingested images whose write failed, unless a recorded asset uses them. */
  async discard(images: (StoredImage | null | undefined)[]): Promise<void> {
    for (const img of images) {
      if (!img) continue;
      try {
        await this.deps.db.transaction(async (tx) => {
          await repo.lockSha(tx, img.sha256);
          if (await repo.assetBySha(tx, img.sha256)) return;
          await this.deleteFiles(tx, imageKeys(img));
        });
      } catch (err) {
        this.deps.log.warn({ err }, 'could not discard media files');
      }
    }
  }

  // Reading and serving.

  /** The images of these assets by id (unknown ids are left out). */
  async images(ids: (number | null | undefined)[], db: DbOrTx = this.deps.db): Promise<Map<number, StoredImage>> {
    const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
    const rows = await repo.assetsByIds(db, wanted);
    return new Map(rows.map((r) => [r.id, repo.toStoredImage(r)]));
  }

  async image(id: number, db: DbOrTx = this.deps.db): Promise<StoredImage | null> {
    return (await this.images([id], db)).get(id) ?? null;
  }

  /** The assets of these contents, by SHA-256. */
  async idsBySha(shas: string[], db: DbOrTx = this.deps.db): Promise<Map<string, number>> {
    const rows = await repo.assetsByShas(db, [...new Set(shas)]);
    return new Map(rows.map((r) => [r.sha256, r.id]));
  }

  /** The public URL of a derived file (originals are never public). */
  url(img: StoredImage, variant: AssetVariant = 'display'): string | null {
    if (variant === 'square') return img.square ? mediaUrl(img.square) : null;
    if (variant === 'wide') return img.wide ? mediaUrl(img.wide) : null;
    if (variant === 'display') return displayUrl(img);
    const fit = img.variants.find((v) => v.width >= variant.width) ?? img.variants.at(-1);
    return fit ? mediaUrl(fit.key) : null;
  }

  /**
   * The link-preview JPEG of the asset whose 16:9 crop is `wideKey`: derived from its largest
   * width the first time it is asked for, then kept with the asset (and collected with it).
   * Null when no asset has that crop.
   */
  async ogImage(wideKey: string): Promise<string | null> {
    const row = await repo.assetByWideKey(this.deps.db, wideKey);
    if (!row) return null;
    const img = repo.toStoredImage(row);
    if (img.og && (await this.deps.storage.stat(img.og))) return img.og;
    const source = await this.deps.storage.read(img.variants.at(-1)?.key ?? wideKey);
    if (!source) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(chunk as Buffer);
    const og = await this.limit(() => deriveOg(Buffer.concat(chunks)));
    await this.deps.storage.put(og.key, og.buf);
    await this.deps.db.transaction(async (tx) => {
      await repo.lockSha(tx, row.sha256);
      await repo.setOgKey(tx, row.id, og.key);
    });
    return og.key;
  }

  /**
   * A logo's own files (header WebPs with transparency, the e-mail PNG, the favicons): made from
   * the original the first time the asset is the studio's logo, then kept with the asset (and
   * collected with it). Null when the asset or its original is gone.
   */
  async brandFiles(id: number): Promise<BrandFiles | null> {
    const [row] = await repo.assetsByIds(this.deps.db, [id]);
    if (!row) return null;
    const img = repo.toStoredImage(row);
    if (img.brand) {
      const present = await Promise.all(brandKeys(img.brand).map((k) => this.deps.storage.stat(k)));
      if (present.every(Boolean)) return img.brand;
    }
    const source = await this.deps.storage.read(img.original);
    if (!source) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(chunk as Buffer);
    const { files, outputs } = await this.limit(() => deriveBrandFiles(Buffer.concat(chunks)));
    for (const o of outputs) await this.deps.storage.put(o.key, o.buf);
    await this.deps.db.transaction(async (tx) => {
      await repo.lockSha(tx, row.sha256);
      await repo.setBrandFiles(tx, row.id, files);
    });
    return files;
  }

  /** Sends the original of a recorded asset (guarded by the caller's route); 404 for unknown content. */
  async sendOriginal(request: FastifyRequest, reply: FastifyReply, sha256: string): Promise<FastifyReply> {
    const row = await repo.assetBySha(this.deps.db, sha256);
    if (!row) return reply.code(404).send({ detail: 'Not found.' });
    return sendStored(request, reply, this.deps.storage, row.variants.original, {
      contentType: row.mime,
      cacheControl: 'private, max-age=3600',
      presignSeconds: this.presignSeconds,
    });
  }

  /**
   * Sends the original of an asset by id, as a download (client delivery checks the caller may
   * have it); 404 when there is none.
   */
  async sendOriginalById(
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    opts: { disposition: string; cacheControl: string },
  ): Promise<FastifyReply> {
    const [row] = await repo.assetsByIds(this.deps.db, [id]);
    if (!row) return reply.code(404).send({ detail: 'Not found.' });
    return sendStored(request, reply, this.deps.storage, row.variants.original, {
      contentType: row.mime,
      ...opts,
      presignSeconds: this.presignSeconds,
    });
  }

  /**
   * A zip of stored originals, streamed (zip.ts, loaded with the first zip rather than at
   * start-up). Every file is checked first: a missing one is a 500 naming nothing private to the
   * client and the file in the log, before a byte is sent.
   */
  async zip(entries: ZipEntry[]): Promise<{ stream: Readable; size: number }> {
    const { checkZipFiles, MissingZipFile, streamZip } = await import('./zip');
    try {
      await checkZipFiles(this.deps.storage, entries);
    } catch (err) {
      if (!(err instanceof MissingZipFile)) throw err;
      this.deps.log.error({ err, key: err.entry.key, name: err.entry.name }, 'a zip names a file storage does not hold');
      throw new HttpError(500, MISSING_FILE_MESSAGE);
    }
    return streamZip(this.deps.storage, entries, (err) =>
      this.deps.log.error({ err, key: err.entry.key, name: err.entry.name }, 'a file of a zip disappeared while it was sent'),
    );
  }

  /**
   * The web size of an asset (web-size.ts), made now under the process's one sharp limit; null
   * when the asset or its original is gone.
   */
  async webSize(id: number, watermark?: WatermarkSettings | null): Promise<Buffer | null> {
    const [row] = await repo.assetsByIds(this.deps.db, [id]);
    if (!row) return null;
    const { webSizeJpeg } = await import('./web-size');
    const spec = watermark ? await this.spec(watermark) : undefined;
    return this.limit(() => webSizeJpeg(this.deps.storage, row.variants.original, spec));
  }

  /**
   * An e-mail's picture of an asset (a gallery's cover): a JPEG, as many mail clients show no
   * WebP, cropped to 3:2 around what draws the eye and 960 px wide (sharp at the 560 px it is
   * shown, about 100 KB), made from the smallest derived width that covers it (of its watermarked
   * copy when `watermarked`). Null when the asset or its files are gone, or not derived yet.
   */
  async mailPicture(id: number, watermarked = false): Promise<Buffer | null> {
    const img = await this.image(id);
    if (!img || img.state) return null;
    const widths = watermarked ? (img.watermarked?.widths ?? []) : img.variants;
    const source = widths.find((v) => v.width >= MAIL_PICTURE.width) ?? widths.at(-1);
    const stream = source && (await this.deps.storage.read(source.key));
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const sharp = await loadSharp();
    return this.limit(() =>
      sharp(Buffer.concat(chunks))
        .resize(MAIL_PICTURE.width, MAIL_PICTURE.height, { fit: 'cover', position: sharp.strategy.attention })
        .toColourspace('srgb')
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer(),
    );
  }

  /** Sends an asset's web size as a download; 404 when there is none. */
  async sendWebSize(
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    opts: { disposition: string; cacheControl: string; watermark?: WatermarkSettings | null },
  ): Promise<FastifyReply> {
    const buf = await this.webSize(id, opts.watermark);
    if (!buf) return reply.code(404).send({ detail: 'Not found.' });
    reply
      .header('content-type', 'image/jpeg')
      .header('content-disposition', opts.disposition)
      .header('cache-control', opts.cacheControl)
      .header('x-content-type-options', 'nosniff')
      .header('content-length', buf.length);
    return reply.send(request.method === 'HEAD' ? undefined : buf);
  }

  /**
   * A zip of web sizes, each made as its turn comes (zip.ts `streamMadeZip`): one photo in
   * memory at a time, whatever the gallery's size.
   */
  async webZip(entries: { name: string; assetId: number; mtime: Date }[], watermark?: WatermarkSettings | null): Promise<Readable> {
    const { streamMadeZip } = await import('./zip');
    return streamMadeZip(
      entries.map((e) => ({ name: e.name, mtime: e.mtime, make: () => this.webSize(e.assetId, watermark) })),
      (name) => this.deps.log.error({ name }, 'a photo of a web-size zip could not be read'),
    );
  }

  // Collection.

  /**
   * Deletes these assets, and their files, if no row references them any more (asked of the
   * foreign keys to media_assets, found in the catalogue). Call after the write has committed.
   */
  async release(ids: (number | null | undefined)[]): Promise<number> {
    const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
    if (!wanted.length) return 0;
    const refs = await repo.referencingColumns(this.deps.db);
    const candidates = await repo.unreferencedAssets(this.deps.db, refs, { ids: wanted });
    return this.collectRows(refs, candidates);
  }

  /** The sweep: assets older than `before` that nothing references. */
  async collectUnreferenced(before: Date): Promise<number> {
    const refs = await repo.referencingColumns(this.deps.db);
    return this.collectRows(refs, await repo.unreferencedAssets(this.deps.db, refs, { before }));
  }

  /**
   * The sweep of files: stored files that no asset uses and that are older than `before` (a
   * file being ingested right now is younger; storing existing content refreshes its time).
   */
  async sweepFiles(before: Date): Promise<number> {
    const known = await repo.allKeys(this.deps.db);
    const stale: string[] = [];
    for await (const obj of this.deps.storage.list()) {
      if (obj.key.startsWith(RESUMABLE_PREFIX)) continue;
      if (!known.has(obj.key) && obj.modifiedAt < before) stale.push(obj.key);
    }
    if (!stale.length) return 0;
    // Checked again just before deleting: an asset recorded since the listing keeps its files.
    const still = await repo.keysInUse(this.deps.db, stale);
    const gone = stale.filter((k) => !still.has(k));
    await this.deps.storage.delete(gone);
    return gone.length;
  }

  private async collectRows(refs: { table: string; column: string }[], rows: repo.AssetRow[]): Promise<number> {
    let removed = 0;
    for (const candidate of rows) {
      try {
        await this.deps.db.transaction(async (tx) => {
          await repo.lockSha(tx, candidate.sha256);
          const row = await repo.deleteIfUnreferenced(tx, refs, candidate.id);
          if (!row) return;
          await this.deleteFiles(tx, imageKeys(repo.toStoredImage(row)));
          removed += 1;
        });
      } catch (err) {
        // Referenced again meanwhile: the foreign key refused the delete, which is the answer.
        if (!isForeignKeyViolation(err)) this.deps.log.warn({ err }, 'could not collect a media asset');
      }
    }
    return removed;
  }

  /** Deletes files, except those another asset uses (derived files are named by content, so can be shared). */
  private async deleteFiles(tx: DbOrTx, keys: string[]): Promise<void> {
    const unique = [...new Set(keys)];
    const still = await repo.keysInUse(tx, unique);
    await this.deps.storage.delete(unique.filter((k) => !still.has(k)));
  }
}
