import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GalleryUploadResponse } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { NOT_AN_IMAGE } from '../image-check';
import { runUpload, uploadSummary, type UploadItem } from './upload-queue';
import { checkHashes, uploadPhoto } from './gallery-api';

vi.mock('./gallery-api', () => ({
  checkHashes: vi.fn(async () => new Set<string>()),
  fetchPhotos: vi.fn(async () => []),
  saveOrder: vi.fn(async () => ({ ids: [] })),
  uploadPhoto: vi.fn(),
}));

const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const jpeg = (name: string, seed: number) => new File([new Uint8Array([...JPEG, seed, seed, seed])], name, { type: 'image/jpeg' });
const item = (file: File): UploadItem => ({ key: file.name, file, status: 'ready', progress: 0 });

/** Runs a batch and returns every file's final state. */
async function run(files: File[]) {
  const items = new Map(files.map((f) => [f.name, item(f)]));
  const seen: Partial<UploadItem>[] = [];
  const result = await runUpload([...items.values()], {
    type: 'service',
    id: 1,
    signal: new AbortController().signal,
    attempts: 2,
    onItem: (key, patch) => {
      seen.push({ key, ...patch });
      Object.assign(items.get(key)!, patch);
    },
  });
  return { result, items: [...items.values()], seen };
}

const answer = (name: string) => ({ stored: [{ id: 1, name }], skipped: [] }) as unknown as GalleryUploadResponse;

beforeEach(() => {
  vi.mocked(uploadPhoto).mockReset();
  vi.mocked(checkHashes).mockResolvedValue(new Set());
});

describe('the upload queue', () => {
  it('refuses a text file named .jpg in the browser, with what is wrong, and never sends it', async () => {
    vi.mocked(uploadPhoto).mockImplementation((_t, _id, file) => ({ promise: Promise.resolve(answer(file.name)), abort: () => {} }));
    const { result, items } = await run([jpeg('good.jpg', 1), new File(['not a picture'], 'fake.jpg', { type: 'image/jpeg' })]);
    expect(result).toMatchObject({ stored: 1, refused: 1, failed: 0 });
    expect(items.find((i) => i.file.name === 'fake.jpg')).toMatchObject({ status: 'refused', message: NOT_AN_IMAGE });
    expect(vi.mocked(uploadPhoto)).toHaveBeenCalledTimes(1);
    expect(uploadSummary(items)).toBe(`1 uploaded, 1 refused: fake.jpg: ${NOT_AN_IMAGE}`);
  });

  it('a 400 is refused at once (no retry); a server fault is retried, then left retryable', async () => {
    vi.mocked(uploadPhoto).mockImplementation((_t, _id, file) => ({
      promise: Promise.reject(
        file.name === 'bad.jpg'
          ? new ApiError(400, { land_scape_image: ['The image is too large'] })
          : new ApiError(503, { detail: 'down' }),
      ),
      abort: () => {},
    }));
    const { result, items } = await run([jpeg('bad.jpg', 2), jpeg('later.jpg', 3)]);
    expect(result).toMatchObject({ stored: 0, refused: 1, failed: 1 });
    const calls = vi.mocked(uploadPhoto).mock.calls.map((c) => c[2].name);
    expect(calls.filter((n) => n === 'bad.jpg')).toHaveLength(1);
    expect(calls.filter((n) => n === 'later.jpg')).toHaveLength(2);
    expect(items.map((i) => i.status)).toEqual(['refused', 'failed']);
  });

  it('marks a file whose bytes are all sent as processing until the server answers', async () => {
    vi.mocked(uploadPhoto).mockImplementation((_t, _id, file, onProgress) => {
      onProgress?.(40);
      onProgress?.(100);
      return { promise: Promise.resolve(answer(file.name)), abort: () => {} };
    });
    const { seen, items } = await run([jpeg('slow.jpg', 4)]);
    expect(seen.map((s) => s.status).filter(Boolean)).toEqual(['hashing', 'ready', 'uploading', 'processing', 'done']);
    expect(items[0]!.status).toBe('done');
  });

  it('names a renamed copy of a photo already in the gallery as skipped', async () => {
    vi.mocked(checkHashes).mockImplementation(async (_t, _id, hashes) => new Set(hashes));
    const { result, items } = await run([jpeg('renamed.jpg', 5)]);
    expect(result).toMatchObject({ stored: 0, skipped: 1, allDuplicates: true });
    expect(uploadSummary(items)).toBe('0 uploaded, 1 skipped: renamed.jpg: Already in the gallery');
  });
});
