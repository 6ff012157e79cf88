import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../lib/log';
import { makeImage } from '../../test/harness';
import { describeEachStorage } from '../../test/s3';
import { DerivationProcess } from './derive-process';
import { CorruptImageError, storeOriginal } from './image-pipeline';
import { openMediaStorage } from './open-storage';
import type { MediaStorage } from './storage';
import type { StoredImage } from './stored-image';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-derive-process-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const GALLERY_PHOTO = { field: 'land_scape_image', use: 'galleryPhoto' } as const;
const exited = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

describeEachStorage('derivation in a child process', (kind, env) => {
  let storage: MediaStorage;
  let derivation: DerivationProcess;
  let settings: { s3: ReturnType<typeof loadConfig>['s3']; mediaDir: string };

  /** An original stored as an upload stores it, `processing` until derived. */
  const stored = async (bytes: Buffer, name: string): Promise<StoredImage> => {
    const file = path.join(tmp, `${kind}-${name}`);
    fs.writeFileSync(file, bytes);
    return storeOriginal(storage, { path: file, bytes: bytes.length }, GALLERY_PHOTO);
  };

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: path.join(tmp, kind), ...env() });
    settings = { s3: config.s3, mediaDir: config.mediaDir };
    storage = await openMediaStorage(config);
  });
  afterEach(() => derivation?.close());

  it('makes and stores every derived file, at a lower CPU priority than the server', async () => {
    derivation = new DerivationProcess(settings, createLogger('silent'));
    const img = await stored(await makeImage({ width: 2000, height: 1500, seed: 3 }), 'fine.jpg');
    const pending = derivation.derive(img);
    expect(os.getPriority(derivation.pid!)).toBeGreaterThan(os.getPriority());
    const done = await pending;
    expect(done.state).toBeUndefined();
    expect(done.variants.map((v) => v.width)).toEqual([480, 720, 960, 1600, 2000]);
    for (const key of done.variants.map((v) => v.key)) expect(await storage.stat(key)).not.toBeNull();
    // A gallery photo is drawn whole everywhere: it has no crops.
    expect([done.square, done.wide]).toEqual([undefined, undefined]);
    expect(done.thumbhash).toBeTruthy();
    expect(done.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it('answers a photo whose pixels are damaged with the corrupt-image error', async () => {
    derivation = new DerivationProcess(settings, createLogger('silent'));
    const whole = await makeImage({ width: 1600, height: 1200, seed: 4 });
    // The header survives, the pixels are cut off: only decoding finds out.
    const img = await stored(whole.subarray(0, Math.floor(whole.length / 2)), 'cut.jpg');
    await expect(derivation.derive(img)).rejects.toBeInstanceOf(CorruptImageError);
  });

  it('fails the photos a killed child held, and derives the next in a new one', async () => {
    derivation = new DerivationProcess(settings, createLogger('silent'));
    const img = await stored(await makeImage({ width: 1800, height: 1200, seed: 5 }), 'again.jpg');
    const lost = derivation.derive(img);
    const first = derivation.pid!;
    process.kill(first, 'SIGKILL');
    await expect(lost).rejects.toThrow(/derivation process stopped/);
    const done = await derivation.derive(img);
    expect(derivation.pid).not.toBe(first);
    expect(done.variants.length).toBeGreaterThan(0);
  });

  it('ends its child when closed', async () => {
    derivation = new DerivationProcess(settings, createLogger('silent'));
    await derivation.derive(await stored(await makeImage({ width: 1600, height: 1200, seed: 6 }), 'close.jpg'));
    const pid = derivation.pid!;
    await derivation.close();
    expect(exited(pid)).toBe(true);
    expect(derivation.pid).toBeUndefined();
  });
});
