import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Metadata, OutputInfo } from 'sharp';
import { rgbaToThumbHash, thumbHashToRGBA } from 'thumbhash';
import { COMMON_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MIN_IMAGE_DIMENSIONS, type ImageUse } from '@darkroom/contracts';
import { ValidationError } from '../lib/errors';
import { brandKeys } from './brand-files';
import { loadSharp } from './sharp';
import { readAll, type MediaStorage } from './storage';
import type { ImageView, StoredImage } from './stored-image';

/**
 * Responsive widths generated for every image (never upscaled). 720 is what a phone's full-width
 * card or photo asks for at 1.75-2x (a 343-380 px slot): without it the phone took the 960, half
 * as heavy again, and on a slow network that file was the page's largest paint.
 */
export const VARIANT_WIDTHS = [480, 720, 960, 1600, 2400] as const;
/** The decoded working copy is at most this big; every derived file is cut from it. */
const BASE_BOX = { width: 2400, height: 3600 };
const SQUARE_SIZE = 800;
/**
 * The 16:9 crop: a link preview (1200x630) and the portal's cards are cut from it, and no page
 * draws it wider; at 1600 it is a crop of the 1600 width, with no resampling.
 */
const WIDE_SIZE = { width: 1600, height: 900 };
/**
 * Effort 0 (libwebp's fastest method) encodes the files in about two thirds of effort 2's CPU
 * time for files about 10% larger, at the same quality setting.
 */
export const WEBP = { quality: 80, effort: 0 } as const;

export interface ProcessOptions {
  /** Field name used in the 400 message. */
  field: string;
  /** Which minimum dimensions apply. */
  use: ImageUse;
  /** SHA-256 of the file when the caller computed it while receiving it (saves a second read). */
  sha256?: string;
}

type Kind = 'image/jpeg' | 'image/png';

/** A file that arrived with a request and waits in the spool. */
export interface IncomingFile {
  path: string;
  bytes: number;
  /** SHA-256 when it was computed while the file arrived. */
  sha256?: string;
  /** CRC-32 when it was computed while the file arrived (kept for zips: see zip.ts). */
  crc32?: number;
  filename?: string;
  field?: string;
  mimetype?: string;
}

/** Decoder options shared by every read of an upload: pixel cap against bombs, strict decoding. */
const decoder = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true } as const;

/** Recognises JPEG and PNG by their first bytes, not by the name or declared type. */
export async function sniffImageType(filePath: string): Promise<Kind | null> {
  const fh = await fs.promises.open(filePath, 'r');
  try {
    const head = Buffer.alloc(8);
    await fh.read(head, 0, 8, 0);
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
    if (head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
    return null;
  } finally {
    await fh.close();
  }
}

/** SHA-256 (the content's name) and CRC-32 (the zip checksum) of a file, in one read. */
export async function digestFile(filePath: string): Promise<{ sha256: string; crc32: number }> {
  const hash = createHash('sha256');
  let crc = 0;
  for await (const chunk of fs.createReadStream(filePath)) {
    hash.update(chunk as Buffer);
    crc = crc32(chunk as Buffer, crc);
  }
  return { sha256: hash.digest('hex'), crc32: crc };
}

const digest = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
/** Derived files are named by their own content, so equal output is stored once and never changes. */
export const derivedKey = (buf: Buffer) => {
  const h = digest(buf);
  return `d/${h.slice(0, 2)}/${h}.webp`;
};
export const originalKey = (sha256: string, mime: Kind) => `o/${sha256.slice(0, 2)}/${sha256}.${mime === 'image/png' ? 'png' : 'jpg'}`;

/**
 * Checks an uploaded file from its header alone (nothing decoded yet) and returns its type and
 * oriented dimensions, or throws a 400: wrong type, unreadable, too many bytes or pixels, too small.
 */
export async function inspectImage(file: IncomingFile, opts: ProcessOptions) {
  if (file.bytes > MAX_IMAGE_BYTES) throw ValidationError.field(opts.field, COMMON_MESSAGES.imageTooLarge);
  const mime = await sniffImageType(file.path);
  if (!mime) throw ValidationError.field(opts.field, COMMON_MESSAGES.imageType);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Header only: the pixel count is checked below, so a bomb gets its own message.
    meta = await sharp(file.path, { ...decoder, limitInputPixels: false }).metadata();
  } catch {
    throw ValidationError.field(opts.field, COMMON_MESSAGES.imageCorrupt);
  }
  if (meta.format !== (mime === 'image/png' ? 'png' : 'jpeg')) throw ValidationError.field(opts.field, COMMON_MESSAGES.imageType);
  if (!meta.width || !meta.height) throw ValidationError.field(opts.field, COMMON_MESSAGES.imageCorrupt);
  // The header tells the size before anything is decoded: a pixel bomb stops here.
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw ValidationError.field(opts.field, COMMON_MESSAGES.imageTooLarge);
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  const min = MIN_IMAGE_DIMENSIONS[opts.use];
  if (width < min.width || height < min.height) throw ValidationError.field(opts.field, COMMON_MESSAGES.dimension);
  return { mime, width, height };
}

export interface Derived {
  outputs: { key: string; buf: Buffer }[];
  variants: StoredImage['variants'];
  /** The crops, made only when asked for (`crops`). */
  square?: string;
  wide?: string;
  thumbhash: string;
  placeholder: string;
}

/**
 * The crop of `target`'s size, or of its shape scaled down to fit a smaller photo: a crop never
 * enlarges (a 240x200 photo gets a 200x200 square and a 240x135 wide crop, not 800 and 1920).
 */
function cropSize(width: number, height: number, target: { width: number; height: number }) {
  const scale = Math.min(1, width / target.width, height / target.height);
  return { width: Math.max(1, Math.round(target.width * scale)), height: Math.max(1, Math.round(target.height * scale)) };
}

interface Pixels {
  data: Buffer;
  info: OutputInfo;
}
const rawOf = (p: Pixels) => ({ raw: { width: p.info.width, height: p.info.height, channels: p.info.channels } });

/** The smallest of these copies (largest first) that holds a `box` without enlarging it. */
const sourceFor = (levels: Pixels[], box: { width: number; height: number }): Pixels =>
  levels.findLast((p) => p.info.width >= box.width && p.info.height >= box.height) ?? levels[0]!;

/**
 * The square crop at the most interesting place (libvips' `attention`), found on the small copy,
 * where it costs a fraction of a pass over the working copy, and cut from the smallest copy that
 * holds the square's size.
 */
async function attentionSquare(levels: Pixels[], small: Pixels): Promise<Buffer> {
  const sharp = await loadSharp();
  const base = levels[0]!;
  const box = cropSize(base.info.width, base.info.height, { width: SQUARE_SIZE, height: SQUARE_SIZE });
  const side = Math.min(small.info.width, small.info.height);
  const found = await sharp(small.data, rawOf(small))
    .resize({ width: side, height: side, fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const from = levels.findLast((p) => Math.min(p.info.width, p.info.height) >= box.width) ?? base;
  // The square's side in that copy, and where the small copy's square sits, scaled up.
  const scale = from.info.width / small.info.width;
  const cut = Math.min(from.info.width, from.info.height);
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
  // sharp gives where the image sits relative to the crop (zero or negative): the crop's own
  // place is its size.
  const left = clamp(Math.abs(found.info.cropOffsetLeft ?? 0) * scale, from.info.width - cut);
  const top = clamp(Math.abs(found.info.cropOffsetTop ?? 0) * scale, from.info.height - cut);
  return sharp(from.data, rawOf(from)).extract({ left, top, width: cut, height: cut }).resize(box).webp(WEBP).toBuffer();
}

/** The square (at the most interesting place) and the 16:9 crop, each cut from the smallest copy that holds it. */
async function cropsOf(levels: Pixels[], small: Pixels) {
  const sharp = await loadSharp();
  const base = levels[0]!;
  const squareBuf = await attentionSquare(levels, small);
  const wideBox = cropSize(base.info.width, base.info.height, WIDE_SIZE);
  const wideFrom = sourceFor(levels, wideBox);
  const wideBuf = await sharp(wideFrom.data, rawOf(wideFrom))
    .resize({ ...wideBox, fit: 'cover' })
    .webp(WEBP)
    .toBuffer();
  return { squareBuf, square: derivedKey(squareBuf), wideBuf, wide: derivedKey(wideBuf) };
}

/**
 * Decodes the photo once (EXIF orientation applied, shrunk on load to the working size), then
 * makes each width (lanczos3) from a smaller copy at least twice its width rather than from the
 * working copy, and with `crops` cuts the square and the 16:9 crop from the smallest copy that
 * holds them. WebP output carries no metadata, so GPS and camera data are gone. The smallest
 * width's pixels also give the thumbhash and the square's saliency search (`npm run bench --
 * ingest` prints the cost beside one decode).
 */
async function derive(input: string | Buffer, crops: boolean): Promise<Derived> {
  const sharp = await loadSharp();
  const base: Pixels = await sharp(input, decoder)
    .rotate()
    .resize({ ...BASE_BOX, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });

  const encode = (p: Pixels) => sharp(p.data, rawOf(p)).webp(WEBP).toBuffer({ resolveWithObject: true });
  // The working copy's WebP first, before any smaller copy exists: its encoder's memory is the
  // job's largest, and the smaller copies no longer add to it.
  const largest = await encode(base);
  const widths = [...new Set([...VARIANT_WIDTHS.filter((w) => w < base.info.width), base.info.width])].reverse();
  // Largest first: levels[0] is the working copy; each next width is resized from the smallest
  // copy at least twice as wide (the working copy when none is).
  const levels: Pixels[] = [base];
  for (const w of widths.slice(1)) {
    const from = levels.findLast((p) => p.info.width >= 2 * w) ?? base;
    levels.push(await sharp(from.data, rawOf(from)).resize({ width: w }).raw().toBuffer({ resolveWithObject: true }));
  }
  const small = levels.at(-1)!;
  // One encoder at a time per photo: parallelism comes from processing photos side by side
  // (bounded by the caller), and each encoder's working memory is freed before the next starts.
  const variantOut: { data: Buffer; info: OutputInfo }[] = [];
  for (const level of levels.slice(1).reverse()) variantOut.push(await encode(level));
  variantOut.push(largest);
  const cut = crops ? await cropsOf(levels, small) : null;
  const thumb = await sharp(small.data, rawOf(small))
    .resize(100, 100, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const hash = rgbaToThumbHash(thumb.info.width, thumb.info.height, thumb.data);
  const outputs = variantOut.map(({ data }) => ({ key: derivedKey(data), buf: data }));
  const variants = variantOut.map(({ info }, i) => ({ width: info.width, height: info.height, key: outputs[i]!.key }));
  if (cut) outputs.push({ key: cut.square, buf: cut.squareBuf }, { key: cut.wide, buf: cut.wideBuf });
  return {
    outputs,
    variants,
    ...(cut ? { square: cut.square, wide: cut.wide } : {}),
    thumbhash: Buffer.from(hash).toString('base64'),
    placeholder: await placeholderDataUrl(hash),
  };
}

/**
 * The thumbhash rendered as a small WebP data URL (a few hundred bytes, where thumbhash's own
 * PNG data URL is ~3 KB): a 5,000-photo list stays light.
 */
async function placeholderDataUrl(hash: Uint8Array): Promise<string> {
  const { w, h, rgba } = thumbHashToRGBA(hash);
  const sharp = await loadSharp();
  const webp = await sharp(Buffer.from(rgba), { raw: { width: w, height: h, channels: 4 } })
    .removeAlpha()
    .webp({ quality: 60 })
    .toBuffer();
  return `data:image/webp;base64,${webp.toString('base64')}`;
}

/** The pixels of an image whose header was fine cannot be decoded (truncated or damaged data). */
export class CorruptImageError extends Error {
  constructor() {
    super(COMMON_MESSAGES.imageCorrupt);
  }
}

async function deriveChecked(input: string | Buffer, crops: boolean): Promise<Derived> {
  try {
    return await derive(input, crops);
  } catch {
    throw new CorruptImageError();
  }
}

/** Stores derived files (named by content: one already there is kept); the caller removes them on failure. */
async function storeOutputs(storage: MediaStorage, outputs: Derived['outputs'], added: string[]): Promise<void> {
  await Promise.all(
    outputs.map(async (o) => {
      if (await storage.put(o.key, o.buf)) added.push(o.key);
    }),
  );
}

const withDerived = (img: StoredImage, derived: Derived): StoredImage => {
  const { state: _state, error: _error, ...rest } = img;
  return {
    ...rest,
    variants: derived.variants,
    ...(derived.square ? { square: derived.square } : {}),
    ...(derived.wide ? { wide: derived.wide } : {}),
    thumbhash: derived.thumbhash,
    placeholder: derived.placeholder,
  };
};

/**
 * Validates an upload from its header (type, size, pixels, dimensions) and stores its original
 * byte for byte; the image is `processing` until `deriveStored` makes its derived files.
 */
export async function storeOriginal(storage: MediaStorage, file: IncomingFile, opts: ProcessOptions): Promise<StoredImage> {
  const { mime, width, height } = await inspectImage(file, opts);
  const known = opts.sha256 ?? file.sha256;
  const digests = known ? { sha256: known, crc32: file.crc32 } : await digestFile(file.path);
  const original = originalKey(digests.sha256, mime);
  await storage.putFile(original, file.path);
  return {
    id: 0,
    original,
    mime,
    bytes: file.bytes,
    sha256: digests.sha256,
    ...(digests.crc32 !== undefined ? { crc32: digests.crc32 } : {}),
    width,
    height,
    variants: [],
    state: 'processing',
  };
}

/** A stored original for the decoder: its path on a local disk (no copy in memory), its bytes otherwise. */
async function originalOf(storage: MediaStorage, key: string): Promise<string | Buffer> {
  if (storage.localPath) {
    const local = await storage.localPath(key);
    if (local) return local;
  } else {
    const stream = await storage.read(key);
    if (stream) return readAll(stream);
  }
  throw new Error(`the original ${key} is not in storage`);
}

/**
 * Makes and stores the derived files of a stored gallery photo (its original read whole: it is
 * within the upload limit): its widths, thumbhash and placeholder. No crops: every page draws a
 * gallery photo whole, and they were a sixth of its CPU time. Throws `CorruptImageError` when
 * its pixels cannot be decoded.
 */
export async function deriveStored(storage: MediaStorage, img: StoredImage): Promise<StoredImage> {
  const derived = await deriveChecked(await originalOf(storage, img.original), false);
  const added: string[] = [];
  try {
    await storeOutputs(storage, derived.outputs, added);
  } catch (err) {
    await storage.delete(added).catch(() => undefined);
    throw err;
  }
  return withDerived(img, derived);
}

/**
 * Validates an upload and stores the original (byte for byte) plus every derived file, the crops
 * included (a cover, a page image). Nothing is stored unless every step succeeded; a failure removes the files this call added.
 */
export async function processImage(storage: MediaStorage, file: IncomingFile, opts: ProcessOptions): Promise<StoredImage> {
  const { mime, width, height } = await inspectImage(file, opts);
  const known = opts.sha256 ?? file.sha256;
  const digests = known ? { sha256: known, crc32: file.crc32 } : await digestFile(file.path);
  const sha256 = digests.sha256;
  const original = originalKey(sha256, mime);

  let derived: Derived;
  try {
    derived = await deriveChecked(file.path, true);
  } catch {
    // The header was fine but the pixels are not (truncated or damaged data).
    throw ValidationError.field(opts.field, COMMON_MESSAGES.imageCorrupt);
  }

  const added: string[] = [];
  try {
    if (await storage.putFile(original, file.path)) added.push(original);
    await storeOutputs(storage, derived.outputs, added);
  } catch (err) {
    await storage.delete(added).catch(() => undefined);
    throw err;
  }
  const img: StoredImage = {
    id: 0,
    original,
    mime,
    bytes: file.bytes,
    sha256,
    ...(digests.crc32 !== undefined ? { crc32: digests.crc32 } : {}),
    width,
    height,
    variants: [],
  };
  return withDerived(img, derived);
}

/** Every storage key an image owns. */
export function imageKeys(img: StoredImage | null | undefined): string[] {
  if (!img) return [];
  return [
    img.original,
    ...img.variants.map((v) => v.key),
    img.square,
    img.wide,
    img.og,
    ...(img.watermarked?.widths ?? []).map((w) => w.key),
    ...brandKeys(img.brand),
  ].filter((k): k is string => !!k);
}

export const mediaUrl = (key: string) => `/media/${key}`;

/** Turns a stored file's key into the URL a view shows (public `/media/`, a signed or a token URL). */
export type KeyUrl = (key: string) => string;

/** Link previews (Open Graph) are this size; some refuse WebP, so they are JPEG. */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/**
 * The link-preview JPEG of a stored image, cut from its largest derived width (already oriented,
 * without camera data): 1200x630, cropped to the interesting part, enlarged if it must be.
 */
export async function deriveOg(source: Buffer): Promise<{ key: string; buf: Buffer }> {
  const sharp = await loadSharp();
  const buf = await sharp(source, decoder)
    .resize({ ...OG_SIZE, fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80, progressive: true, mozjpeg: true })
    .toBuffer();
  const h = digest(buf);
  return { key: `d/${h.slice(0, 2)}/${h}.jpg`, buf };
}

/** The URL of the image as shown in lists: the largest variant up to 1600 px wide. */
export function displayUrl(img: StoredImage, url: KeyUrl = mediaUrl): string {
  const pick = [...img.variants].reverse().find((v) => v.width <= 1600) ?? img.variants[0];
  return url(pick ? pick.key : img.original);
}

export function imageView(img: StoredImage, url: KeyUrl = mediaUrl): ImageView {
  return {
    url: displayUrl(img, url),
    width: img.width,
    height: img.height,
    srcset: img.variants.map((v) => `${url(v.key)} ${v.width}w`).join(', '),
    placeholder: img.placeholder ?? null,
    square: img.square ? url(img.square) : null,
    wide: img.wide ? url(img.wide) : null,
  };
}
