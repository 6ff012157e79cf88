import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { SpooledFile } from './spool';

/**
 * Distinct, photo-like JPEGs for demo data: a few seeded colour fields blended smoothly, so each
 * index gives other bytes (the galleries refuse duplicates) and sizes stay realistic per pixel.
 */
export async function writeSamplePhoto(dir: string, index: number, width: number, height: number): Promise<SpooledFile> {
  let seed = (index + 7) * 2654435761;
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) & 0xff;
  const cells = Buffer.alloc(6 * 4 * 3);
  for (let i = 0; i < cells.length; i++) cells[i] = next();
  const jpeg = await sharp(cells, { raw: { width: 6, height: 4, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 82 })
    .toBuffer();
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.jpg`);
  await fs.promises.writeFile(file, jpeg);
  return { path: file, bytes: jpeg.length, sha256: createHash('sha256').update(jpeg).digest('hex'), crc32: crc32(jpeg), truncated: false };
}

/** Removes a sample photo once it was ingested (or the folder, at the end). */
export const removeSample = (file: string) => fs.promises.rm(file, { recursive: true, force: true });

/**
 * A plain cover (a soft warm-grey field) for a record made before it has photos, e.g. the empty
 * client gallery of a customer converted from an enquiry. The caller removes it once stored.
 */
export async function writePlainCover(dir: string): Promise<SpooledFile> {
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 214, g: 207, b: 199 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.jpg`);
  await fs.promises.writeFile(file, jpeg);
  return { path: file, bytes: jpeg.length, sha256: createHash('sha256').update(jpeg).digest('hex'), crc32: crc32(jpeg), truncated: false };
}
