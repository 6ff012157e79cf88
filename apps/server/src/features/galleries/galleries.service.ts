import {
  COMMON_MESSAGES,
  GALLERY_MESSAGES,
  GALLERY_SKIP_MESSAGES,
  type GalleryCheckInput,
  type GalleryLookupResponse,
  type GalleryPhoto,
  type GallerySkipReason,
  type GalleryUploadResponse,
} from '@darkroom/contracts';
import type { DbOrTx } from '../../db/client';
import type { GalleryParentType } from './galleries.repository';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { actorId, type AppContext } from '../../context';
import { displayUrl, imageView, type KeyUrl } from '../../media/image-pipeline';
import type { SpooledFile } from '../../media/spool';
import type { StoredImage } from '../../media/stored-image';
import type { JobQueue } from '../../jobs/queue';
import * as repo from './galleries.repository';
import { queueWatermarkOf } from '../watermark/watermark.service';
import type { GalleryPhotoRow } from './galleries.repository';

/** Cache tag dropped on every gallery write (for other areas' cached views that include photos). */
export const GALLERY_CACHE_TAG = 'galleries';
/** Each gallery's own lists are cached under their own tag, so a write rebuilds only that gallery. */
export const galleryTag = (type: GalleryParentType, id: number) => `galleries:${type}:${id}`;

async function invalidate(ctx: AppContext, galleries: { type: GalleryParentType; id: number }[]): Promise<void> {
  const tags = new Set(galleries.map((g) => galleryTag(g.type, g.id)));
  await ctx.cache.invalidate(...tags, GALLERY_CACHE_TAG);
}

/** Drops the cached lists of one owner's gallery (after its owner was deleted, say). */
export const invalidateGallery = (ctx: AppContext, type: GalleryParentType, id: number) => invalidate(ctx, [{ type, id }]);

/** The assets held by one owner's photos: owners collect them before a delete the database cascades. */
export const galleryAssetIds = (db: DbOrTx, type: GalleryParentType, id: number) => repo.galleryAssetIds(db, type, id);

/** A photo not derived yet has no file to show: empty URLs, its dimensions known from the upload. */
const pendingView = (image: StoredImage): GalleryPhoto['land_scape_img_view'] => ({
  url: '',
  width: image.width,
  height: image.height,
  srcset: '',
  placeholder: null,
  square: null,
  wide: null,
});

export function toPhoto(row: GalleryPhotoRow, image: StoredImage, url?: KeyUrl): GalleryPhoto {
  const ready = !image.state;
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    land_scape_img: ready ? displayUrl(image, url) : '',
    land_scape_img_view: ready ? imageView(image, url) : pendingView(image),
    state: image.state ?? 'ready',
    error: image.error ?? null,
    img_width: image.width,
    img_height: image.height,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
    gal: row.parentId,
    type: row.parentType,
    position: row.position,
  };
}

async function toPhotos(ctx: AppContext, rows: GalleryPhotoRow[]): Promise<GalleryPhoto[]> {
  const images = await ctx.assets.images(rows.map((r) => r.assetId));
  // A client gallery's photos are private: the portal gets signed links to them.
  const signed = rows.some((r) => r.parentType === 'client-gallery') ? await ctx.assets.adminUrls() : undefined;
  return rows.map((r) => toPhoto(r, images.get(r.assetId)!, r.parentType === 'client-gallery' ? signed : undefined));
}

async function requireParent(ctx: AppContext, type: GalleryParentType, id: number) {
  const parent = await repo.findParent(ctx.db, type, id);
  if (!parent) throw notFound();
  return parent;
}

/** A gallery's photos in saved order. */
export async function listPhotos(ctx: AppContext, type: GalleryParentType, id: number): Promise<GalleryPhoto[]> {
  await requireParent(ctx, type, id);
  return toPhotos(ctx, await repo.listPhotos(ctx.db, type, id));
}

/** One page of a gallery's photos (1-based) and how many it holds, without loading the rest. */
export async function photoPage(
  ctx: AppContext,
  type: GalleryParentType,
  id: number,
  page: number,
  size: number,
): Promise<{ photos: GalleryPhoto[]; total: number }> {
  const [rows, counts] = await Promise.all([
    repo.photoPage(ctx.db, type, id, { offset: (page - 1) * size, limit: size }),
    repo.photoCounts(ctx.db, type, [id]),
  ]);
  return { photos: await toPhotos(ctx, rows), total: counts.get(id) ?? 0 };
}

/** The first `n` photos of several owners' galleries and how many each holds, in two queries. */
export async function galleryPreviews(
  ctx: AppContext,
  type: GalleryParentType,
  ids: number[],
  n: number,
): Promise<Map<number, { photos: GalleryPhoto[]; total: number }>> {
  const [rows, counts] = await Promise.all([repo.firstPhotos(ctx.db, type, ids, n), repo.photoCounts(ctx.db, type, ids)]);
  const photos = await toPhotos(ctx, rows);
  return new Map(ids.map((id) => [id, { photos: photos.filter((p) => p.gal === id), total: counts.get(id) ?? 0 }]));
}

export async function listNames(ctx: AppContext, type: GalleryParentType, id: number): Promise<string[]> {
  await requireParent(ctx, type, id);
  return repo.listNames(ctx.db, type, id);
}

export async function lookupGallery(ctx: AppContext, type: GalleryParentType, name: string): Promise<GalleryLookupResponse> {
  const parent = await repo.findParentByName(ctx.db, type, name);
  if (!parent) throw notFound(GALLERY_MESSAGES.noGalleryFor(name));
  return { id: parent.id, title: parent.title, type };
}

/** The browser's pre-upload check: which of its files' hashes the gallery holds already. */
export async function checkHashes(ctx: AppContext, input: GalleryCheckInput): Promise<string[]> {
  await requireParent(ctx, input.type, input.id);
  const bySha = await ctx.assets.idsBySha(input.hashes);
  const held = new Set(await repo.existingAssets(ctx.db, input.type, input.id, [...bySha.values()]));
  return [...bySha].filter(([, id]) => held.has(id)).map(([sha]) => sha);
}

/**
 * Deletes one owner's gallery (the database deletes its photos) and the files nothing else
 * uses. Returns how many photos were removed.
 */
export async function removeGallery(ctx: AppContext, parentType: GalleryParentType, parentId: number): Promise<number> {
  const held = await ctx.db.transaction((tx) => repo.deleteGallery(tx, parentType, parentId));
  await invalidate(ctx, [{ type: parentType, id: parentId }]);
  await ctx.assets.release(held);
  return held.length;
}

/** `DELETE /adminportal/galleries/delete/{id}/`: the parent must exist. */
export async function deleteWholeGallery(ctx: AppContext, type: GalleryParentType, id: number): Promise<number> {
  await requireParent(ctx, type, id);
  return removeGallery(ctx, type, id);
}

/** Deletes photos by id (any galleries); 404 when none of them exists. */
export async function deletePhotos(ctx: AppContext, ids: number[]): Promise<number> {
  const rows = await ctx.db.transaction((tx) => repo.deletePhotos(tx, [...new Set(ids)]));
  if (!rows.length) throw notFound();
  await invalidate(
    ctx,
    rows.map((r) => ({ type: r.parentType, id: r.parentId })),
  );
  await ctx.assets.release(rows.map((r) => r.assetId));
  return rows.length;
}

/** Saves a new order; every id must be a photo of one and the same gallery. */
export async function saveOrder(ctx: AppContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await repo.photosByIds(ctx.db, unique);
  if (found.length !== unique.length) throw notFound();
  const first = found[0]!;
  if (found.some((p) => p.galleryId !== first.galleryId)) {
    throw ValidationError.field('ids', GALLERY_MESSAGES.orderMixed);
  }
  await ctx.db.transaction((tx) => repo.saveOrder(tx, first.galleryId, unique));
  await invalidate(ctx, [{ type: first.parentType, id: first.parentId }]);
}

/**
 * One photo already spooled to disk (an upload resumed by another protocol, say) added to a
 * gallery the way a multipart upload adds it: checked, original stored, recorded `processing`
 * (or skipped as a duplicate), its derivation queued. `discard` removes the spool file once it
 * is no longer needed; the caller removes it in any case when this returns or throws.
 */
export async function addSpooledPhoto(
  ctx: AppContext,
  parent: { type: GalleryParentType; id: number },
  photo: IncomingPhoto,
  discard: (file: string) => Promise<void>,
): Promise<{ status: number; body: GalleryUploadResponse }> {
  const upload = new GalleryUpload(ctx, discard);
  try {
    upload.setParent(parent.type, parent.id);
    upload.add(photo);
    return await upload.finish();
  } catch (err) {
    await upload.release();
    throw err;
  }
}

/** One file part of an upload, already spooled to disk. */
export interface IncomingPhoto {
  /** `land_scape_image` or `orig_image`. */
  field: string;
  filename: string;
  file: SpooledFile;
}

interface Processed {
  seq: number;
  name: string;
  image: StoredImage;
}

/** A file name as stored: no directories, trimmed, at most 255 characters. */
export function cleanName(filename: string): string {
  const base = filename.split(/[/\\]/).pop()!.trim();
  return (base || 'image').slice(0, 255);
}
const titleOf = (name: string) => name.replace(/\.[^.]+$/, '').slice(0, 255);

/**
 * One streaming upload. The route feeds it parts as they arrive; each photo is checked and
 * processed (bounded concurrency) while the next part is still being received. Nothing reaches
 * the database until every file has been processed; any failure stores nothing and removes the
 * files it produced.
 */
export class GalleryUpload {
  private parent: { type: GalleryParentType; id: number } | null = null;
  private parentReady: Promise<boolean> | null = null;
  private resolveParentWait: (() => void) | null = null;
  private readonly parentWait = new Promise<void>((r) => (this.resolveParentWait = r));
  private readonly tasks: Promise<void>[] = [];
  private readonly processed: Processed[] = [];
  private readonly skipped: (GalleryUploadResponse['skipped'][number] & { seq: number })[] = [];
  private readonly seenNames = new Map<string, string>();
  private readonly seenShas = new Map<string, string>();
  private error: Error | null = null;
  private seq = 0;
  private pending = 0;
  private roomWaiters: (() => void)[] = [];
  private files = 0;
  private readonly maxPending: number;

  constructor(
    private readonly ctx: AppContext,
    /** Removes a spool file once its photo is processed (the request removes the rest). */
    private readonly discard: (file: string) => Promise<void>,
  ) {
    this.maxPending = Math.max(2, ctx.config.uploadConcurrency * 2);
  }

  /** The parent named by the form; resolves once its existence and keys are known. */
  setParent(type: GalleryParentType, id: number): void {
    if (this.parent) return;
    this.parent = { type, id };
    this.parentReady = (async () => {
      try {
        await requireParent(this.ctx, type, id);
        return true;
      } catch (err) {
        this.fail(err as Error);
        return false;
      }
    })();
    this.resolveParentWait?.();
  }

  /** Records the first failure; later files are received but no longer processed. */
  fail(err: Error): void {
    this.error ??= err;
  }

  get failed(): boolean {
    return this.error !== null;
  }

  /** Waits while too many received files await processing (only once the parent is known, so it never deadlocks). */
  async waitForRoom(): Promise<void> {
    while (this.parent && this.pending >= this.maxPending && !this.error) {
      await new Promise<void>((r) => this.roomWaiters.push(r));
    }
  }

  add(photo: IncomingPhoto): void {
    const seq = this.seq++;
    this.files += 1;
    const name = cleanName(photo.filename);
    if (photo.file.truncated) {
      void this.discard(photo.file.path);
      return this.fail(ValidationError.field(photo.field, COMMON_MESSAGES.imageTooLarge));
    }
    // Duplicates inside this request, decided in arrival order. An `orig_image` sent with its
    // `land_scape_image` (same name or content) is the same photo: kept once, not reported.
    const pairedField = this.seenNames.get(name) ?? this.seenShas.get(photo.file.sha256);
    if (pairedField !== undefined) {
      void this.discard(photo.file.path);
      if (pairedField === photo.field) this.skip(seq, name, this.seenNames.has(name) ? 'name' : 'content');
      return;
    }
    this.seenNames.set(name, photo.field);
    this.seenShas.set(photo.file.sha256, photo.field);
    this.pending += 1;
    this.tasks.push(
      this.handle(seq, name, photo).finally(() => {
        this.pending -= 1;
        void this.discard(photo.file.path);
        this.roomWaiters.splice(0).forEach((r) => r());
      }),
    );
  }

  private skip(seq: number, name: string, reason: GallerySkipReason): void {
    this.skipped.push({ seq, name, reason, message: GALLERY_SKIP_MESSAGES[reason] });
  }

  private async handle(seq: number, name: string, photo: IncomingPhoto): Promise<void> {
    await this.parentWait;
    if (!(await this.parentReady) || this.error) return;
    try {
      // Indexed lookups per file: cheap whatever the gallery's size.
      const known = (await this.ctx.assets.idsBySha([photo.file.sha256])).get(photo.file.sha256) ?? null;
      const duplicate = await repo.findDuplicate(this.ctx.db, this.parent!.type, this.parent!.id, name, known);
      if (duplicate) return this.skip(seq, name, duplicate);
      const { path, bytes, crc32 } = photo.file;
      const upload = { field: photo.field, filename: photo.filename, mimetype: '', path, bytes, crc32 };
      // The original only: its derived files are made by a job once the photo is recorded.
      const image = await this.ctx.assets.ingestOriginal(
        upload,
        { field: photo.field, use: 'galleryPhoto', sha256: photo.file.sha256 },
        () => this.error !== null,
      );
      if (image) this.processed.push({ seq, name, image });
    } catch (err) {
      this.fail(err as Error);
    }
  }

  /** Waits for every file, then stores the rows in one transaction; or undoes everything. */
  async finish(): Promise<{ status: number; body: GalleryUploadResponse }> {
    this.resolveParentWait?.();
    await Promise.all(this.tasks);
    if (!this.error && (!this.parent || this.files === 0)) {
      const fields: Record<string, string[]> = {};
      if (!this.parent) fields.gal = [GALLERY_MESSAGES.parentRequired];
      if (this.files === 0) fields.land_scape_image = [GALLERY_MESSAGES.imageRequired];
      this.fail(new ValidationError(fields));
    }
    if (this.error) {
      await this.release();
      throw this.error;
    }
    const { type, id } = this.parent!;
    const ordered = [...this.processed].sort((a, b) => a.seq - b.seq);
    const assetOf = new Map<Processed, number>();
    let insertedIds: number[];
    try {
      insertedIds = await this.ctx.db.transaction(async (tx) => {
        if (!(await repo.findParent(tx, type, id))) throw notFound();
        const galleryId = await repo.ensureGallery(tx, type, id);
        const start = await repo.nextPosition(tx, galleryId);
        for (const p of ordered) assetOf.set(p, await this.ctx.assets.record(tx, p.image, actorId(this.ctx)));
        return repo.insertPhotos(
          tx,
          ordered.map((p, i) => ({ galleryId, name: p.name, title: titleOf(p.name), assetId: assetOf.get(p)!, position: start + i })),
        );
      });
    } catch (err) {
      await this.release();
      throw err;
    }
    await invalidate(this.ctx, [{ type, id }]);
    const inserted = (await repo.photosByIds(this.ctx.db, insertedIds)).sort((a, b) => a.position - b.position);
    // The answer shows the photos as recorded: read before their jobs are queued, or a worker on
    // another connection could already have derived (or failed) one.
    const stored = await toPhotos(this.ctx, inserted);
    const processing = inserted.filter((_, i) => stored[i]!.state === 'processing').map((r) => r.assetId);
    await queueDerivation(this.ctx, [...new Set(processing)]);
    // Rows a concurrent upload beat us to: report them as duplicates and drop their files.
    const storedNames = new Set(inserted.map((r) => r.name));
    const lost = ordered.filter((p) => !storedNames.has(p.name));
    if (lost.length) {
      const keys = await repo.galleryKeys(this.ctx.db, type, id);
      for (const p of lost) this.skip(p.seq, p.name, keys.names.has(p.name) ? 'name' : 'content');
      await this.ctx.assets.release(lost.map((p) => assetOf.get(p)));
    }
    const skipped = [...this.skipped].sort((a, b) => a.seq - b.seq).map(({ name, reason, message }) => ({ name, reason, message }));
    return { status: inserted.length ? 201 : 200, body: { stored, skipped } };
  }

  /** Undo: remove the files this upload produced (kept when another row uses the same content). */
  async release(): Promise<void> {
    this.resolveParentWait?.();
    this.fail(new HttpError(500, COMMON_MESSAGES.serverError));
    await Promise.allSettled(this.tasks);
    await this.ctx.assets.discard(this.processed.map((p) => p.image));
    this.processed.length = 0;
  }
}

// Derivation: a photo's upload stores its original; a job makes its derived files.

const DERIVE_JOB = 'derive-photo';

/**
 * Queues the derivation of these processing assets (the job leaves alone one that is not, by
 * then). A job waiting for the same asset already makes this a no-op, so queueing again is
 * always safe.
 */
async function queueDerivation(ctx: AppContext, assetIds: number[]): Promise<void> {
  for (const id of assetIds) await ctx.jobs.sendOnce(DERIVE_JOB, { assetId: id }, String(id));
}

/**
 * Queues every asset still `processing`: a process killed between recording a photo and queueing
 * its job left it waiting. Run when the job queue starts and with the media sweep.
 */
export async function resumeDerivation(ctx: AppContext): Promise<number> {
  const ids = await ctx.assets.processing();
  await queueDerivation(ctx, ids);
  return ids.length;
}

/**
 * Works the queue in this process (starting its workers if they are not) until no photo is
 * processing: each was derived, or failed. For the CLI's seed and for tests, which read what
 * visitors see right after uploading.
 */
export async function derivationSettled(ctx: AppContext): Promise<void> {
  await ctx.jobs.start(ctx);
  while ((await ctx.assets.processing()).length) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Makes one asset's derived files (the job, worked by every process, `UPLOAD_CONCURRENCY` at a
 * time, under the process's one image limit); the galleries showing it are rebuilt. A corrupt
 * image ends failed with the bad-image message; any other error is tried again, and after the
 * last try the photo is failed with a message asking to upload it again.
 */
export function defineDerivationJob(jobs: JobQueue, config: { uploadConcurrency: number }): void {
  jobs.define<{ assetId: number }>({
    name: DERIVE_JOB,
    keyed: true,
    workers: config.uploadConcurrency,
    retryLimit: 3,
    retryDelaySeconds: 5,
    // A derivation takes seconds: one still running after this was lost with its process.
    expireInSeconds: 120,
    async run(ctx, { assetId }, attempt) {
      let changed: boolean;
      try {
        changed = (await ctx.assets.derive(assetId)) !== null;
      } catch (err) {
        if (!attempt.last) throw err;
        changed = await ctx.assets.fail(assetId, GALLERY_MESSAGES.processingFailed);
        ctx.log.error({ err, assetId }, 'a photo could not be derived');
      }
      if (changed) {
        await invalidate(ctx, await repo.galleriesHolding(ctx.db, assetId));
        await queueWatermarkOf(ctx, assetId);
      }
    },
  });
}
