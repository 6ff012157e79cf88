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
import type { AppContext } from '../../context';
import type { GalleryParentType } from './galleries.repository';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { displayUrl, imageView, processImage } from '../../media/image-pipeline';
import { createLimiter, type Limiter } from '../../media/limiter';
import { releaseImages } from '../../media/release-images';
import type { SpooledFile } from '../../media/spool';
import type { StoredImage } from '../../media/stored-image';
import * as repo from './galleries.repository';
import type { GalleryPhotoRow } from './galleries.repository';

/** Cache tag dropped on every gallery write (for other areas' cached views that include photos). */
export const GALLERY_CACHE_TAG = 'galleries';
/** Each gallery's own lists are cached under their own tag, so a write rebuilds only that gallery. */
export const galleryTag = (type: GalleryParentType, id: number) => `galleries:${type}:${id}`;

async function invalidate(ctx: AppContext, galleries: { type: GalleryParentType; id: number }[]): Promise<void> {
  const tags = new Set(galleries.map((g) => galleryTag(g.type, g.id)));
  await ctx.cache.invalidate(...tags, GALLERY_CACHE_TAG);
}

export function toPhoto(row: GalleryPhotoRow): GalleryPhoto {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    land_scape_img: displayUrl(row.image),
    land_scape_img_view: imageView(row.image),
    img_width: row.image.width,
    img_height: row.image.height,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
    gal: row.parentId,
    type: row.parentType,
    position: row.position,
  };
}

async function requireParent(ctx: AppContext, type: GalleryParentType, id: number) {
  const parent = await repo.findParent(ctx.db, type, id);
  if (!parent) throw notFound();
  return parent;
}

/** A gallery's photos in saved order. */
export async function listPhotos(ctx: AppContext, type: GalleryParentType, id: number): Promise<GalleryPhoto[]> {
  await requireParent(ctx, type, id);
  return (await repo.listPhotos(ctx.db, type, id)).map(toPhoto);
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
  return repo.existingHashes(ctx.db, input.type, input.id, [...new Set(input.hashes)]);
}

/**
 * Deletes every photo of one parent's gallery and its files (files still used elsewhere stay).
 * Returns how many photos were removed. Areas call it when deleting a service, love story or client gallery.
 */
export async function removeGallery(ctx: AppContext, parentType: GalleryParentType, parentId: number): Promise<number> {
  const rows = await repo.deleteGalleryRows(ctx.db, parentType, parentId);
  await invalidate(ctx, [{ type: parentType, id: parentId }]);
  await releaseImages(
    ctx,
    rows.map((r) => r.image),
  );
  return rows.length;
}

/** `DELETE /adminportal/galleries/delete/{id}/`: the parent must exist. */
export async function deleteWholeGallery(ctx: AppContext, type: GalleryParentType, id: number): Promise<number> {
  await requireParent(ctx, type, id);
  return removeGallery(ctx, type, id);
}

/** Deletes photos by id (any galleries); 404 when none of them exists. */
export async function deletePhotos(ctx: AppContext, ids: number[]): Promise<number> {
  const rows = await repo.deletePhotos(ctx.db, [...new Set(ids)]);
  if (!rows.length) throw notFound();
  await invalidate(
    ctx,
    rows.map((r) => ({ type: r.parentType, id: r.parentId })),
  );
  await releaseImages(
    ctx,
    rows.map((r) => r.image),
  );
  return rows.length;
}

/** Saves a new order; every id must be a photo of one and the same gallery. */
export async function saveOrder(ctx: AppContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await repo.photosByIds(ctx.db, unique);
  if (found.length !== unique.length) throw notFound();
  const first = found[0]!;
  if (found.some((p) => p.parentType !== first.parentType || p.parentId !== first.parentId)) {
    throw ValidationError.field('ids', GALLERY_MESSAGES.orderMixed);
  }
  await ctx.db.transaction((tx) => repo.saveOrder(tx, first.parentType, first.parentId, unique));
  await invalidate(ctx, [{ type: first.parentType, id: first.parentId }]);
}

/** Image work is bounded per process, whatever the number of concurrent uploads. */
const limiters = new WeakMap<object, Limiter>();
function imageLimiter(ctx: AppContext): Limiter {
  let l = limiters.get(ctx.storage);
  if (!l) limiters.set(ctx.storage, (l = createLimiter(ctx.config.uploadConcurrency)));
  return l;
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
  private readonly limit: Limiter;
  private readonly maxPending: number;

  constructor(
    private readonly ctx: AppContext,
    /** Removes a spool file once its photo is processed (the request removes the rest). */
    private readonly discard: (file: string) => Promise<void>,
  ) {
    this.limit = imageLimiter(ctx);
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
      // One indexed lookup per file: cheap whatever the gallery's size.
      const duplicate = await repo.findDuplicate(this.ctx.db, this.parent!.type, this.parent!.id, name, photo.file.sha256);
      if (duplicate) return this.skip(seq, name, duplicate);
      const image = await this.limit(async () => {
        if (this.error) return null;
        const upload = { field: photo.field, filename: photo.filename, mimetype: '', path: photo.file.path, bytes: photo.file.bytes };
        return processImage(this.ctx.storage, upload, { field: photo.field, use: 'galleryPhoto', sha256: photo.file.sha256 });
      });
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
    let inserted: GalleryPhotoRow[];
    try {
      inserted = await this.ctx.db.transaction(async (tx) => {
        if (!(await repo.findParent(tx, type, id))) throw notFound();
        const start = await repo.nextPosition(tx, type, id);
        return repo.insertPhotos(
          tx,
          ordered.map((p, i) => ({
            parentType: type,
            parentId: id,
            name: p.name,
            title: titleOf(p.name),
            sha256: p.image.sha256,
            image: p.image,
            position: start + i,
          })),
        );
      });
    } catch (err) {
      await this.release();
      throw err;
    }
    await invalidate(this.ctx, [{ type, id }]);
    // Rows a concurrent upload beat us to: report them as duplicates and drop their files.
    const storedNames = new Set(inserted.map((r) => r.name));
    const lost = ordered.filter((p) => !storedNames.has(p.name));
    if (lost.length) {
      const keys = await repo.galleryKeys(this.ctx.db, type, id);
      for (const p of lost) this.skip(p.seq, p.name, keys.names.has(p.name) ? 'name' : 'content');
      await releaseImages(
        this.ctx,
        lost.map((p) => p.image),
      );
    }
    inserted.sort((a, b) => a.position - b.position);
    const skipped = [...this.skipped].sort((a, b) => a.seq - b.seq).map(({ name, reason, message }) => ({ name, reason, message }));
    return { status: inserted.length ? 201 : 200, body: { stored: inserted.map(toPhoto), skipped } };
  }

  /** Undo: remove the files this upload produced (kept when another row uses the same content). */
  async release(): Promise<void> {
    this.resolveParentWait?.();
    this.fail(new HttpError(500, COMMON_MESSAGES.serverError));
    await Promise.allSettled(this.tasks);
    await releaseImages(
      this.ctx,
      this.processed.map((p) => p.image),
    );
    this.processed.length = 0;
  }
}
