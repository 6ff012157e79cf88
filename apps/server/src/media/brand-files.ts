import { createHash } from 'node:crypto';
import { MAX_IMAGE_PIXELS } from '@darkroom/contracts';
import { loadSharp } from './sharp';
import type { BrandFiles } from './stored-image';

/**
 * The files a logo needs besides a photo's: photos are derived without their alpha channel, so a
 * transparent logo would sit on a black box. These keep it, cut from the original.
 */

/** Heights (CSS px 48 at 1x, 2x, 3x) of the header's logo; a logo is at most 6 times as wide as tall. */
const LOGO_HEIGHTS = [48, 96, 144] as const;
const LOGO_MAX_RATIO = 6;
/** An e-mail's logo: PNG (many mail programs show no WebP), 2x of 48 px. */
const MAIL_LOGO_HEIGHT = 96;
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

const keyOf = (buf: Buffer, ext: 'webp' | 'png') => {
  const h = createHash('sha256').update(buf).digest('hex');
  return `d/${h.slice(0, 2)}/${h}.${ext}`;
};

/** Every storage key of a logo's files. */
export const brandKeys = (b: BrandFiles | undefined): string[] => (b ? [...b.logo.map((l) => l.key), b.logoPng, b.icon32, b.icon180] : []);

/**
 * The header logo (WebP, transparency kept, never enlarged past the original), the e-mail logo
 * (PNG) and the favicons (PNG 32 px on transparent, 180 px for Apple's home screen on white, which
 * shows transparency as black), each named by its content.
 */
export async function deriveBrandFiles(original: Buffer): Promise<{ files: BrandFiles; outputs: { key: string; buf: Buffer }[] }> {
  const sharp = await loadSharp();
  const src = () => sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  const meta = await src().metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const height = (swap ? meta.width : meta.height) ?? 1;
  const outputs: { key: string; buf: Buffer }[] = [];
  const logo: BrandFiles['logo'] = [];
  const heights = [...new Set(LOGO_HEIGHTS.map((h) => Math.min(h, height)))];
  for (const h of heights) {
    const { data, info } = await src()
      .resize({ height: h, width: h * LOGO_MAX_RATIO, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const key = keyOf(data, 'webp');
    outputs.push({ key, buf: data });
    logo.push({ width: info.width, height: info.height, key });
  }
  const mail = await src()
    .resize({ height: MAIL_LOGO_HEIGHT, width: MAIL_LOGO_HEIGHT * LOGO_MAX_RATIO, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const icon32 = await src()
    .resize({ width: 32, height: 32, fit: 'contain', background: TRANSPARENT })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const icon180 = await src()
    .resize({ width: 156, height: 156, fit: 'contain', background: WHITE })
    .extend({ top: 12, bottom: 12, left: 12, right: 12, background: WHITE })
    .flatten({ background: WHITE })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const named = { logoPng: keyOf(mail, 'png'), icon32: keyOf(icon32, 'png'), icon180: keyOf(icon180, 'png') };
  outputs.push({ key: named.logoPng, buf: mail }, { key: named.icon32, buf: icon32 }, { key: named.icon180, buf: icon180 });
  return { files: { logo, ...named }, outputs };
}
