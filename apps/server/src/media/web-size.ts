import { WEB_SIZE_LONG_EDGE } from '@darkroom/contracts';
import { loadSharp } from './sharp';
import type { MediaStorage } from './storage';
import { stampRaw, type WatermarkSpec } from './watermark';

/** Quality of a web-size JPEG: small enough for a phone, no visible loss at 2048 px. */
const JPEG_QUALITY = 85;

/**
 * The web size of a stored original: long edge at most WEB_SIZE_LONG_EDGE px (never enlarged),
 * turned upright, sRGB, JPEG, with no metadata at all (sharp writes none unless asked: no EXIF,
 * GPS, XMP nor ICC profile). With `watermark`, the studio's mark is drawn on it. Null when
 * storage no longer holds the original.
 */
export async function webSizeJpeg(storage: MediaStorage, originalKey: string, watermark?: WatermarkSpec): Promise<Buffer | null> {
  const source = await storage.read(originalKey);
  if (!source) return null;
  const sharp = await loadSharp();
  if (watermark) {
    const sized = sharp({ failOn: 'none', sequentialRead: true })
      .rotate()
      .resize(WEB_SIZE_LONG_EDGE, WEB_SIZE_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw();
    source.on('error', (err) => sized.destroy(err));
    source.pipe(sized);
    const base = await sized.toBuffer({ resolveWithObject: true });
    const stamped = await stampRaw(watermark, base);
    return sharp(stamped, { raw: { width: base.info.width, height: base.info.height, channels: 3 } })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  }
  const pipeline = sharp({ failOn: 'none', sequentialRead: true })
    .rotate()
    .resize(WEB_SIZE_LONG_EDGE, WEB_SIZE_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
  source.on('error', (err) => pipeline.destroy(err));
  source.pipe(pipeline);
  return pipeline.toBuffer();
}

/** A web-size file name: the original's stem with `.jpg`. */
export const webSizeName = (name: string): string => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
