import type { Config } from '../config';
import { diskStorage, type MediaStorage } from './storage';

/** The configured bucket does not answer at start-up: the process stops with this message. */
export class BucketUnreachableError extends Error {}

/**
 * The storage the configuration names: the bucket when S3_BUCKET is set (checked to answer first,
 * so a wrong bucket stops the start with its name), else the media folder. The S3 SDK is loaded
 * only when a bucket is configured.
 */
export async function openMediaStorage(config: Pick<Config, 's3' | 'mediaDir'>): Promise<MediaStorage> {
  if (!config.s3) return diskStorage(config.mediaDir);
  const { checkBucket, s3Storage } = await import('./s3-storage');
  await checkBucket(config.s3);
  return s3Storage(config.s3);
}
