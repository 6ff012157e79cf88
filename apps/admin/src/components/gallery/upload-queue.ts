import pLimit from 'p-limit';
import { COMMON_MESSAGES, GALLERY_MESSAGES, GALLERY_UPLOAD_ATTEMPTS, GALLERY_UPLOAD_PARALLEL, type GalleryType } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { failureMessage } from '../../api/failure';
import { isJpegOrPng, NOT_AN_IMAGE } from '../image-check';
import { checkHashes, fetchPhotos, saveOrder, uploadPhoto } from './gallery-api';

/**
 * 'processing': every byte is sent and the server is storing the photo (its own phase, so a
 * file never sits at '100% Uploading'). 'refused': the server (or the browser's check) said no
 * for a reason a retry cannot change; 'failed': the network or server failed, a retry may work.
 */
export type UploadStatus = 'ready' | 'hashing' | 'uploading' | 'processing' | 'done' | 'skipped' | 'refused' | 'failed' | 'cancelled';

/** One chosen file and how far it got. */
export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  /** Upload progress of this file, 0-100. */
  progress: number;
  message?: string;
  sha256?: string;
}

const fileKey = (f: File) => `${f.name}\u0000${f.size}\u0000${f.lastModified}`;

/**
 * The spec's selection rules: duplicates within the selection (same name) are removed, and files
 * whose names the gallery already holds are left out. Returns what remains and what was left out.
 */
export function prepareSelection(chosen: File[], current: UploadItem[], galleryNames: ReadonlySet<string>) {
  const seen = new Set(current.map((i) => i.file.name));
  const added: UploadItem[] = [];
  const existing: string[] = [];
  let repeated = 0;
  for (const file of chosen) {
    if (galleryNames.has(file.name)) existing.push(file.name);
    else if (seen.has(file.name)) repeated += 1;
    else {
      seen.add(file.name);
      added.push({ key: fileKey(file), file, status: 'ready', progress: 0 });
    }
  }
  // A predictable order: photos are stored in the order they arrive, and uploads start in this order.
  added.sort((a, b) => a.file.name.localeCompare(b.file.name, undefined, { numeric: true }));
  return { added, existing, repeated };
}

/** SHA-256 in hex via Web Crypto; null where it is unavailable (a plain-http origin other than localhost). */
export async function sha256Hex(file: File): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const FINISHED: ReadonlySet<UploadStatus> = new Set(['done', 'refused', 'failed', 'processing']);

/** Bytes-weighted share of the batch sent to the server (the sending phase), 0-100. */
export function overallProgress(items: UploadItem[]): number {
  const counted = items.filter((i) => i.status !== 'skipped');
  const total = counted.reduce((s, i) => s + Math.max(1, i.file.size), 0);
  if (!total) return 0;
  const sent = counted.reduce((s, i) => {
    const pct = FINISHED.has(i.status) ? 100 : Math.min(100, i.progress);
    return s + (Math.max(1, i.file.size) * pct) / 100;
  }, 0);
  return Math.round((sent / total) * 100);
}

/** Share of the batch the server has answered for (stored, refused or failed), 0-100. */
export function answeredProgress(items: UploadItem[]): number {
  const counted = items.filter((i) => i.status !== 'skipped');
  if (!counted.length) return 0;
  const answered = counted.filter((i) => i.status === 'done' || i.status === 'refused' || i.status === 'failed').length;
  return Math.round((answered / counted.length) * 100);
}

/**
 * What a finished batch says: '7 uploaded, 2 refused: a.jpg: reason; b.jpg: reason'. Skipped
 * copies and retryable failures are named too, so nothing is left out silently.
 */
export function uploadSummary(items: UploadItem[]): string {
  const of = (status: UploadStatus) => items.filter((i) => i.status === status);
  const reasons = (list: UploadItem[]) => list.map((i) => `${i.file.name}: ${i.message ?? STATUS_FALLBACK[i.status]}`).join('; ');
  const parts = [`${of('done').length} uploaded`];
  const skipped = of('skipped');
  const refused = of('refused');
  const failed = of('failed');
  if (skipped.length) parts.push(`${skipped.length} skipped: ${reasons(skipped)}`);
  if (refused.length) parts.push(`${refused.length} refused: ${reasons(refused)}`);
  if (failed.length) parts.push(`${failed.length} failed (retry them): ${reasons(failed)}`);
  return parts.join(', ');
}
const STATUS_FALLBACK: Partial<Record<UploadStatus, string>> = {
  skipped: 'already in the gallery',
  refused: 'refused',
  failed: GALLERY_MESSAGES.uploadFailed,
};

export interface RunOptions {
  type: GalleryType;
  id: number;
  signal: AbortSignal;
  onItem: (key: string, patch: Partial<UploadItem>) => void;
  parallel?: number;
  attempts?: number;
}

export interface RunResult {
  stored: number;
  skipped: number;
  /** Refused for good (not an image, too large, gallery gone): a retry cannot help. */
  refused: number;
  /** Network or server faults after every attempt: 'Retry failed' may work. */
  failed: number;
  cancelled: boolean;
  /** Nothing was left to send: every file is in the gallery already. */
  allDuplicates: boolean;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/** Runs `work` over the items, `size` at a time (p-limit, as on the server); none starts after a cancel. */
async function runLimited<T>(items: T[], size: number, signal: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  const limit = pLimit(Math.max(1, size));
  await Promise.all(items.map((item) => limit(() => (signal.aborted ? Promise.resolve() : work(item)))));
}

/**
 * Sends a batch: hashes each file in the browser, asks the server which contents the gallery
 * holds (so duplicates under another name, and what an interrupted batch already delivered, are
 * never sent again), then uploads the rest one file per request, a few at a time. Network and
 * server faults are retried; a rejected file (400) is reported without stopping the others.
 */
export async function runUpload(items: UploadItem[], opts: RunOptions): Promise<RunResult> {
  const { type, id, signal, onItem } = opts;
  const result: RunResult = { stored: 0, skipped: 0, refused: 0, failed: 0, cancelled: false, allDuplicates: false };
  const pending = items.filter((i) => i.status === 'ready' || i.status === 'failed' || i.status === 'cancelled');

  // 1. Check the contents are an image, and hash (two at a time: each file is read into memory once).
  const hashes = new Map<string, string>();
  const notImages = new Set<string>();
  await runLimited(pending, 2, signal, async (item) => {
    onItem(item.key, { status: 'hashing', progress: 0, message: undefined });
    if (!(await isJpegOrPng(item.file).catch(() => false))) {
      notImages.add(item.key);
      onItem(item.key, { status: 'refused', progress: 0, message: NOT_AN_IMAGE });
      result.refused += 1;
      return;
    }
    const hash = item.sha256 ?? (await sha256Hex(item.file).catch(() => null));
    if (hash) hashes.set(item.key, hash);
    onItem(item.key, { sha256: hash ?? undefined });
  });
  if (signal.aborted) return cancelled(result);

  // 2. Same content twice in the selection, or already in the gallery: skipped, never sent.
  const firstByHash = new Map<string, string>();
  let known = new Set<string>();
  try {
    known = await checkHashes(type, id, [...new Set(hashes.values())]);
  } catch {
    // The server checks again on its own; a failed pre-check only costs bandwidth.
  }
  const toSend: UploadItem[] = [];
  for (const item of pending) {
    if (notImages.has(item.key)) continue;
    const hash = hashes.get(item.key);
    if (hash && (known.has(hash) || firstByHash.has(hash))) {
      onItem(item.key, {
        status: 'skipped',
        progress: 100,
        message: known.has(hash) ? 'Already in the gallery' : 'Same image as another file',
      });
      result.skipped += 1;
      continue;
    }
    if (hash) firstByHash.set(hash, item.key);
    onItem(item.key, { status: 'ready', progress: 0 });
    toSend.push(item);
  }
  if (!toSend.length) return { ...result, allDuplicates: result.skipped > 0 && !result.refused };

  // 3. Upload, a few at a time.
  const storedIds = new Map<string, number>();
  await runLimited(toSend, opts.parallel ?? GALLERY_UPLOAD_PARALLEL, signal, async (item) => {
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) return;
      onItem(item.key, { status: 'uploading', progress: 0, message: attempt > 1 ? `Retrying (${attempt})` : undefined });
      // Once every byte is sent the server stores the photo: that is its own phase, 'processing'.
      const handle = uploadPhoto(type, id, item.file, (p) =>
        onItem(item.key, p >= 100 ? { progress: 100, status: 'processing' } : { progress: p }),
      );
      const abort = () => handle.abort();
      signal.addEventListener('abort', abort, { once: true });
      try {
        const res = await handle.promise;
        const skip = res.skipped.find((s) => s.name === item.file.name);
        if (res.stored.length || !skip) {
          onItem(item.key, { status: 'done', progress: 100, message: undefined });
          const photo = res.stored.find((p) => p.name === item.file.name);
          if (photo) storedIds.set(item.key, photo.id);
          result.stored += 1;
        } else {
          onItem(item.key, { status: 'skipped', progress: 100, message: skip.message });
          result.skipped += 1;
        }
        return;
      } catch (err) {
        if (signal.aborted || (err instanceof DOMException && err.name === 'AbortError')) return;
        const retryable = err instanceof ApiError && (err.status === 0 || err.status >= 500 || err.status === 429);
        if (retryable && attempt < (opts.attempts ?? GALLERY_UPLOAD_ATTEMPTS)) {
          await sleep(600 * attempt, signal);
          continue;
        }
        if (retryable || !(err instanceof ApiError)) {
          onItem(item.key, { status: 'failed', message: GALLERY_MESSAGES.uploadFailed });
          result.failed += 1;
          return;
        }
        // A 4xx is an answer about this file or gallery; sending it again cannot change it.
        const fallback = REFUSED_TEXT[err.status] ?? GALLERY_MESSAGES.uploadFailed;
        let message = failureMessage(err, { fallback, fields: ['land_scape_image', 'gal', type] });
        // The name is .jpg/.png (the dialog only takes those), so 'only .jpg is accepted' would read as wrong.
        if (message === COMMON_MESSAGES.imageType || message === COMMON_MESSAGES.imageCorrupt) message = NOT_AN_IMAGE;
        onItem(item.key, { status: 'refused', message });
        result.refused += 1;
        return;
      } finally {
        signal.removeEventListener('abort', abort);
      }
    }
  });
  if (signal.aborted) return cancelled(result);
  // 4. Parallel uploads finish in any order: put the new photos in the dialog's order (by name).
  if (storedIds.size > 1)
    await arrange(
      type,
      id,
      toSend.map((i) => storedIds.get(i.key)).filter((x): x is number => x !== undefined),
    );
  return result;
}

/** What a refusal of one file says when the server gave no field message. */
const REFUSED_TEXT: Record<number, string> = { 404: GALLERY_MESSAGES.noGallery, 413: COMMON_MESSAGES.imageTooLarge };

/** Moves the batch's photos, in the given order, after the gallery's other photos. */
async function arrange(type: GalleryType, id: number, batch: number[]): Promise<void> {
  try {
    const current = (await fetchPhotos(type, id)).map((p) => p.id);
    const present = new Set(current);
    const inBatch = new Set(batch);
    const wanted = [...current.filter((x) => !inBatch.has(x)), ...batch.filter((x) => present.has(x))];
    if (wanted.some((x, i) => x !== current[i])) await saveOrder(wanted);
  } catch {
    // The photos are stored; their order is only cosmetic and can be changed in Sort mode.
  }
}

/** Files the server already answered for keep their status; the dialog marks the rest as cancelled. */
function cancelled(result: RunResult): RunResult {
  return { ...result, cancelled: true };
}
