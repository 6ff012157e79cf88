import path from 'node:path';
import { loadConfig } from '../config';
import { CopyMismatchError, copyMedia } from './copy';
import { openMediaStorage, BucketUnreachableError } from './open-storage';

const USAGE = 'Usage: npm run media -- copy --to s3|disk';

/**
 * `npm run media -- copy --to s3` copies the media folder (MEDIA_DIR or DATA_DIR/media) into the
 * bucket S3_BUCKET names; `--to disk` copies the bucket into the folder. Run it again to resume.
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, flag, target, ...rest] = argv;
  if (command !== 'copy' || flag !== '--to' || (target !== 's3' && target !== 'disk') || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  if (!config.s3) {
    console.error('S3_BUCKET is not set: it names the bucket to copy to or from (with S3_ENDPOINT, S3_REGION, ...).');
    return 2;
  }
  const disk = await openMediaStorage({ ...config, s3: null });
  let bucket;
  try {
    bucket = await openMediaStorage(config);
  } catch (err) {
    if (!(err instanceof BucketUnreachableError)) throw err;
    console.error(err.message);
    return 1;
  }
  const [from, to] = target === 's3' ? [disk, bucket] : [bucket, disk];
  const names = { disk: config.mediaDir, s3: `bucket ${config.s3.bucket}${config.s3.prefix ? `/${config.s3.prefix}` : ''}` };
  try {
    const r = await copyMedia(from, to);
    console.log(
      `Copied ${r.copied} files (${(r.bytes / 1024 / 1024).toFixed(1)} MB) from ${target === 's3' ? names.disk : names.s3} to ${names[target]}, ` +
        `each checked by SHA-256; ${r.skipped} already there were skipped.`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof CopyMismatchError)) throw err;
    console.error(`Copy stopped: ${err.message}. Run it again to resume.`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = await main(process.argv.slice(2));
}
