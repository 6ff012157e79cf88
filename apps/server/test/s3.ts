import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestBucket, type TestBucket } from './s3rver';

export type StorageKind = 'disk' | 's3';
export const STORAGE_KINDS: StorageKind[] = ['disk', 's3'];

/**
 * Runs a suite once on the local disk and once on a real S3-compatible server started for it:
 * `env()` (called in a hook or test) gives what points an app at that storage, each call a new
 * prefix of the one bucket, so apps of the suite never see each other's files.
 */
export function describeEachStorage(name: string, fn: (kind: StorageKind, env: () => Record<string, string>) => void): void {
  for (const kind of STORAGE_KINDS) {
    describe(`${name} [${kind}]`, () => {
      let bucket: TestBucket | null = null;
      if (kind === 's3') {
        beforeAll(async () => {
          bucket = await startTestBucket();
        });
        afterAll(() => bucket?.close());
      }
      fn(kind, () => (bucket ? { ...bucket.env, S3_PREFIX: `t-${randomUUID()}` } : {}));
    });
  }
}
