import fs from 'node:fs';
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { rgbaToThumbHash, thumbHashToDataURL } from 'thumbhash';
import { COMMON_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MIN_IMAGE_DIMENSIONS, type ImageUse } from '@darkroom/contracts';
import { ValidationError } from '../lib/errors';
import type { UploadedFile } from '../lib/read-form';
import type { MediaStorage } from './storage';
import type { ImageView, StoredImage } from './stored-image';

/** Responsive widths generated for every image (never upscaled). */
export const VARIANT_WIDTHS = [480, 960, 1600, 2400] as const;
const SQUARE_SIZE = 800;
const WIDE_SIZE = { width: 1920, height: 1080 };

export interface ProcessOptions {
  /** Field name used in the 400 message. */
  field: string;
  /** Which minimum dimensions apply. */
  use: ImageUse;
}

type Kind = 'image/jpeg' | 'image/png';

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

export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const digest = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
const derivedKey = (buf: Buffer) => {
  const h = digest(buf);
  return `d/${h.slice(0, 2)}/${h}.webp`;
};

/** Checks an uploaded file and returns its type and oriented dimensions, or throws a 400. */
export async function inspectImage(file: UploadedFile, opts: ProcessOptions) {
  if (file.bytes > MAX_IMAGE_BYTES) throw ValidationError.field(opts.field, COMMON_MESSAGES.imageTooLarge);
  const mime = await sniffImageType(file.path);
  if (!mime) throw ValidationError.field(opts.field, COMMON_MESSAGES.imageType);
  let meta: Metadata;
  try {
    meta = await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).metadata();
  } catch {
    throw ValidationError.field(opts.field, COMMON_MESSAGES.imageCorrupt);
  }
  if (!meta.width || !meta.height) throw ValidationError.field(opts.field, COMMON_MESSAGES.imageCorrupt);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw ValidationError.field(opts.field, COMMON_MESSAGES.imageTooLarge);
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  const min = MIN_IMAGE_DIMENSIONS[opts.use];
  if (width < min.width || height < min.height) throw ValidationError.field(opts.field, COMMON_MESSAGES.dimension);
  return { mime, width, height };
}

/**
 * Validates an upload and stores the original plus every derived file. The photo is decoded
 * once, shrunk to the largest variant, and each variant is cut from that buffer.
 */
export async function processImage(storage: MediaStorage, file: UploadedFile, opts: ProcessOptions): Promise<StoredImage> {
  const { mime, width, height } = await inspectImage(file, opts);
  const sha256 = await sha256File(file.path);
  const ext = mime === 'image/png' ? 'png' : 'jpg';
  const original = `o/${sha256.slice(0, 2)}/${sha256}.${ext}`;

  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1], withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw ValidationError.field(opts.field, COMMON_MESSAGES.imageCorrupt);
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  const fromBase = () => sharp(base.data, raw);

  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < base.info.width);
  widths.push(base.info.width);
  const outputs: { key: string; buf: Buffer }[] = [];
  const variants: StoredImage['variants'] = [];
  for (const w of [...new Set(widths)]) {
    const { data, info } = await fromBase().resize({ width: w }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    const key = derivedKey(data);
    outputs.push({ key, buf: data });
    variants.push({ width: info.width, height: info.height, key });
  }
  const square = await fromBase()
    .resize(SQUARE_SIZE, SQUARE_SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 80 })
    .toBuffer();
  const wide = await fromBase()
    .resize(WIDE_SIZE.width, WIDE_SIZE.height, { fit: 'cover', withoutEnlargement: false })
    .webp({ quality: 80 })
    .toBuffer();
  outputs.push({ key: derivedKey(square), buf: square }, { key: derivedKey(wide), buf: wide });

  const thumb = await fromBase().resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const placeholder = thumbHashToDataURL(rgbaToThumbHash(thumb.info.width, thumb.info.height, thumb.data));

  await storage.putFile(original, file.path);
  await Promise.all(outputs.map((o) => storage.put(o.key, o.buf)));
  return {
    original,
    mime,
    bytes: file.bytes,
    sha256,
    width,
    height,
    variants,
    square: derivedKey(square),
    wide: derivedKey(wide),
    placeholder,
  };
}

/** Every storage key an image owns. */
export function imageKeys(img: StoredImage | null | undefined): string[] {
  if (!img) return [];
  return [img.original, ...img.variants.map((v) => v.key), img.square, img.wide].filter((k): k is string => !!k);
}

export const mediaUrl = (key: string) => `/media/${key}`;

/** The URL of the image as shown in lists: the largest variant up to 1600 px wide. */
export function displayUrl(img: StoredImage): string {
  const pick = [...img.variants].reverse().find((v) => v.width <= 1600) ?? img.variants[0];
  return mediaUrl(pick ? pick.key : img.original);
}

export function imageView(img: StoredImage): ImageView {
  return {
    url: displayUrl(img),
    width: img.width,
    height: img.height,
    srcset: img.variants.map((v) => `${mediaUrl(v.key)} ${v.width}w`).join(', '),
    placeholder: img.placeholder ?? null,
    square: img.square ? mediaUrl(img.square) : null,
    wide: img.wide ? mediaUrl(img.wide) : null,
  };
}
