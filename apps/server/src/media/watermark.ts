import { createHash } from 'node:crypto';
import type { OutputInfo } from 'sharp';
import { WEBP } from './image-pipeline';
import { loadSharp } from './sharp';
import { readAll, type MediaStorage } from './storage';
import type { WatermarkedVariants } from './stored-image';

/** Where the watermark sits on a photo. */
export type WatermarkPlace = 'center' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** The studio's watermark as media draws it: text, or a PNG logo (its bytes), and how. */
export interface WatermarkSpec {
  /** Names this look: a photo whose copy has another `sig` is derived again. */
  sig: string;
  text: string;
  logo: Buffer | null;
  position: WatermarkPlace;
  /** Percent of the photo's width. */
  size: number;
  /** Percent. */
  opacity: number;
}

/** The widths a watermarked copy is made in: the customer's page asks for these only. */
const WIDTHS = [480, 720, 960, 1600, 2400] as const;
/**
 * The one width of a first pass: the grid's tiles (the site's `DELIVERY_TILE_SIZES`: 360 px at
 * 1x-2x, 60vw on a phone at 3x) are drawn from it until the other widths exist.
 */
const GRID_WIDTH = 720;
const BASE_BOX = { width: 2400, height: 3600 };
/** Space between the watermark and the photo's edge, as a share of its width. */
const MARGIN = 0.03;

/** The signature of a watermark's look (its logo by content), so equal settings share copies. */
export function watermarkSig(parts: { text: string; logoSha: string | null; position: string; size: number; opacity: number }): string {
  return createHash('sha256')
    .update(JSON.stringify(['v1', parts.text, parts.logoSha, parts.position, parts.size, parts.opacity]))
    .digest('hex')
    .slice(0, 16);
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The overlay (a PNG with alpha) for a photo `width` x `height`, and where it goes. */
async function overlay(spec: WatermarkSpec, width: number, height: number): Promise<{ input: Buffer; left: number; top: number } | null> {
  const sharp = await loadSharp();
  const boxW = Math.max(8, Math.round((width * spec.size) / 100));
  const alpha = spec.opacity / 100;
  let input: Buffer;
  if (spec.logo) {
    const meta = await sharp(spec.logo).metadata();
    const ratio = (meta.height ?? 1) / (meta.width ?? 1);
    const w = Math.max(1, Math.min(boxW, Math.round((height * 0.9) / ratio)));
    const h = Math.max(1, Math.round(w * ratio));
    // dest-in with a 1x1 pixel of alpha `opacity` scales the logo's own alpha by it.
    input = await sharp(spec.logo)
      .resize(w, h, { fit: 'fill' })
      .ensureAlpha()
      .composite([
        {
          input: Buffer.from([255, 255, 255, Math.round(alpha * 255)]),
          raw: { width: 1, height: 1, channels: 4 },
          tile: true,
          blend: 'dest-in',
        },
      ])
      .png()
      .toBuffer();
  } else if (spec.text.trim()) {
    const text = spec.text.trim();
    const fontSize = Math.max(6, Math.min(Math.round(boxW / (0.62 * text.length)), Math.round(height * 0.3)));
    const w = Math.min(width, Math.round(fontSize * 0.62 * text.length) + fontSize);
    const h = Math.round(fontSize * 1.5);
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
      `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" ` +
      `font-weight="bold" font-size="${fontSize}" fill="#ffffff" fill-opacity="${alpha}" stroke="#000000" stroke-opacity="${alpha * 0.6}" ` +
      `stroke-width="${Math.max(1, fontSize / 28).toFixed(1)}">${escapeXml(text)}</text></svg>`;
    input = await sharp(Buffer.from(svg)).png().toBuffer();
  } else {
    return null;
  }
  const { width: ow = 0, height: oh = 0 } = await sharp(input).metadata();
  const margin = Math.round(width * MARGIN);
  const [v, hz] = spec.position === 'center' ? ['center', 'center'] : spec.position.split('-');
  const left = hz === 'left' ? margin : hz === 'right' ? width - ow - margin : Math.round((width - ow) / 2);
  const top = v === 'top' ? margin : v === 'bottom' ? height - oh - margin : Math.round((height - oh) / 2);
  return { input, left: Math.max(0, left), top: Math.max(0, top) };
}

/** Raw pixels with the watermark drawn on them (three channels, same size). */
async function stamp(spec: WatermarkSpec, base: { data: Buffer; info: OutputInfo }): Promise<Buffer> {
  const sharp = await loadSharp();
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  const mark = await overlay(spec, base.info.width, base.info.height);
  if (!mark) return base.data;
  return sharp(base.data, raw).composite([mark]).removeAlpha().raw().toBuffer();
}

const digest = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
/** Watermarked files live under `w/`, which /media/ never serves: only a client gallery's token does. */
const watermarkedKey = (buf: Buffer) => {
  const h = digest(buf);
  return `w/${h.slice(0, 2)}/${h}.webp`;
};

/**
 * The watermarked preview widths of a stored original: decoded once (upright, at the working
 * size), stamped once, then cut into every width. Stores them and answers their keys. `first`:
 * only the grid's width (a partial copy); `have`: widths made already with this watermark (a
 * partial copy's), kept rather than made again.
 */
export async function deriveWatermarked(
  storage: MediaStorage,
  originalKey: string,
  spec: WatermarkSpec,
  opts: { first?: boolean; have?: WatermarkedVariants['widths'] } = {},
): Promise<WatermarkedVariants> {
  const stream = await storage.read(originalKey);
  if (!stream) throw new Error(`the original ${originalKey} is not in storage`);
  const sharp = await loadSharp();
  const base = await sharp(await readAll(stream), { failOn: 'none', sequentialRead: true })
    .rotate()
    .resize({ ...BASE_BOX, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const stamped = { data: await stamp(spec, base), info: { ...base.info, channels: 3 as const } };
  const raw = { raw: { width: stamped.info.width, height: stamped.info.height, channels: 3 as const } };
  const all = [...new Set([...WIDTHS.filter((w) => w < stamped.info.width), stamped.info.width])];
  const widths = opts.first ? [all.find((w) => w >= GRID_WIDTH) ?? all.at(-1)!] : all;
  const out: WatermarkedVariants['widths'] = [];
  for (const w of widths) {
    const had = opts.have?.find((v) => v.width === w);
    if (had) {
      out.push(had);
      continue;
    }
    // Encoded as the plain files are, so a watermarked gallery costs about what a plain one does.
    const { data, info } = await sharp(stamped.data, raw).resize({ width: w }).webp(WEBP).toBuffer({ resolveWithObject: true });
    const key = watermarkedKey(data);
    await storage.put(key, data);
    out.push({ width: info.width, height: info.height, key });
  }
  return opts.first && widths.length < all.length ? { sig: spec.sig, widths: out, partial: true } : { sig: spec.sig, widths: out };
}

/** Draws the watermark on raw pixels already at their final size (a web-size download). */
export async function stampRaw(spec: WatermarkSpec, base: { data: Buffer; info: OutputInfo }): Promise<Buffer> {
  return stamp(spec, base);
}
