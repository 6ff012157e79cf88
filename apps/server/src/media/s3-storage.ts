import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { HttpError } from '../lib/errors';
import { BucketUnreachableError } from './open-storage';
import { isSafeKey, type ObjectStorage, type StoredObject } from './storage';

export interface S3Options {
  bucket: string;
  /** Any S3-compatible server; unset means AWS S3 itself. */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  /** Prepended to every key (`studio-a/`), so several studios or uses can share a bucket. */
  prefix: string;
  /** Objects per LIST page: S3's own maximum unless a test wants many pages. */
  pageSize?: number;
}

/** The bucket failed while a request needed it: answered 503, the studio's visitors may try again. */
export class StorageUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, 'The media storage is not answering. Please try again in a few minutes.', { 'retry-after': '60' });
    this.cause = cause;
  }
}

/** Parts of a multipart upload: S3's minimum, so one upload holds at most a few of these in memory. */
const PART_SIZE = 8 * 1024 * 1024;
/** Below this a file is sent in one PUT. */
const SINGLE_PUT_MAX = 16 * 1024 * 1024;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

type SdkError = { name?: string; $metadata?: { httpStatusCode?: number } };
const isNotFound = (err: unknown): boolean => {
  const e = err as SdkError;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

const where = (o: Pick<S3Options, 'bucket' | 'endpoint' | 'region'>) => `bucket "${o.bucket}" at ${o.endpoint ?? `AWS S3 (${o.region})`}`;

/**
 * The SDK, imported when a bucket is first opened: the server bundle leaves it out (build.mjs),
 * so a studio on disk never loads it.
 */
async function loadSdk() {
  const [s3, storage, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return { ...s3, Upload: storage.Upload, getSignedUrl: presigner.getSignedUrl };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** The S3 client as Darkroom configures it. */
function client(sdk: Sdk, o: S3Options): S3Client {
  return new sdk.S3Client({
    region: o.region,
    endpoint: o.endpoint ?? undefined,
    forcePathStyle: o.forcePathStyle,
    // Credentials: the SDK's standard chain (AWS_ACCESS_KEY_ID, AWS_PROFILE, instance roles, ...).
    // S3-compatible servers (MinIO, R2, B2, s3rver) do not all take the SDK's newest checksum
    // trailers: checksums only where the protocol requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Media in an S3-compatible bucket: the same keys as on disk, under `prefix`. Writes are atomic
 * (an object appears whole or not at all); a failure of the bucket is a `StorageUnavailableError`.
 */
export async function s3Storage(options: S3Options): Promise<ObjectStorage> {
  const sdk = await loadSdk();
  const {
    CopyObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    Upload,
    getSignedUrl,
  } = sdk;
  const s3 = client(sdk, options);
  const Bucket = options.bucket;
  const root = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const full = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`invalid media key: ${key}`);
    return root + key;
  };
  const unavailable = (err: unknown): never => {
    if (err instanceof HttpError) throw err;
    throw new StorageUnavailableError(err);
  };

  const stat = async (key: string): Promise<StoredObject | null> => {
    if (!isSafeKey(key)) return null;
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket, Key: root + key }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      return unavailable(err);
    }
  };

  /** True (and the object's time refreshed by a copy onto itself) when `key` is stored already. */
  const touch = async (key: string): Promise<boolean> => {
    if (!(await stat(key))) return false;
    try {
      await s3.send(
        new CopyObjectCommand({ Bucket, Key: root + key, CopySource: `${Bucket}/${encodeURI(root + key)}`, MetadataDirective: 'REPLACE' }),
      );
    } catch (err) {
      // Deleted meanwhile: store it again.
      if (isNotFound(err)) return false;
      unavailable(err);
    }
    return true;
  };

  const upload = async (key: string, body: Buffer | Readable, size?: number) => {
    try {
      if (Buffer.isBuffer(body) || (size !== undefined && size <= SINGLE_PUT_MAX)) {
        await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: Buffer.isBuffer(body) ? body.length : size }));
      } else {
        await new Upload({ client: s3, params: { Bucket, Key: key, Body: body }, partSize: PART_SIZE, queueSize: 2 }).done();
      }
    } catch (err) {
      if (!Buffer.isBuffer(body)) body.destroy();
      unavailable(err);
    }
  };

  async function* list(prefix = ''): AsyncGenerator<StoredObject> {
    const clean = prefix.replace(/\/+$/, '');
    if (clean && !isSafeKey(clean)) return;
    let ContinuationToken: string | undefined;
    do {
      let page;
      try {
        page = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix: root + (clean ? `${clean}/` : ''), ContinuationToken, MaxKeys: options.pageSize }),
        );
      } catch (err) {
        return unavailable(err);
      }
      for (const o of page.Contents ?? []) {
        const key = o.Key?.slice(root.length);
        // What another tool left in the bucket under a name Darkroom never writes is not media.
        if (key && isSafeKey(key)) yield { key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    async put(key, data) {
      const k = full(key);
      if (await touch(key)) {
        if (!Buffer.isBuffer(data)) data.resume();
        return false;
      }
      await upload(k, data);
      return true;
    },
    async putFile(key, filePath) {
      const k = full(key);
      if (await touch(key)) return false;
      const { size } = await fs.promises.stat(filePath);
      await upload(k, fs.createReadStream(filePath), size);
      return true;
    },
    stat,
    async read(key, range) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await s3.send(
          new GetObjectCommand({ Bucket, Key: root + key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) return null;
        return unavailable(err);
      }
    },
    async delete(keys) {
      const safe = keys.filter(isSafeKey).map((k) => ({ Key: root + k }));
      for (let i = 0; i < safe.length; i += DELETE_BATCH) {
        let res;
        try {
          res = await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: safe.slice(i, i + DELETE_BATCH), Quiet: true } }));
        } catch (err) {
          return unavailable(err);
        }
        const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length)
          throw new Error(`could not delete ${failed.length} objects from ${where(options)}: ${failed[0]!.Code} ${failed[0]!.Key}`);
      }
    },
    list,
    async usage() {
      let files = 0;
      let bytes = 0;
      for await (const o of list()) {
        files += 1;
        bytes += o.size;
      }
      return { files, bytes };
    },
    // Writes are atomic; an abandoned multipart upload is removed by the bucket's lifecycle rule.
    removeIncomplete: async () => 0,
    presignedUrl(key, opts) {
      return getSignedUrl(
        s3,
        new GetObjectCommand({
          Bucket,
          Key: full(key),
          ResponseContentType: opts.contentType,
          ResponseContentDisposition: opts.disposition,
        }),
        { expiresIn: opts.expiresInSeconds },
      );
    },
  };
}

/**
 * Checks at start-up that the bucket answers (HEAD bucket), so a wrong endpoint, name or key is
 * one clear error naming them rather than a failure at the first upload.
 */
export async function checkBucket(options: S3Options): Promise<void> {
  const sdk = await loadSdk();
  const s3 = client(sdk, options);
  try {
    await s3.send(new sdk.HeadBucketCommand({ Bucket: options.bucket }));
  } catch (err) {
    const e = err as SdkError & { message?: string };
    const status = e.$metadata?.httpStatusCode;
    const reason =
      status === 404
        ? 'no such bucket'
        : status === 403
          ? 'access denied (check the credentials)'
          : e.name === 'CredentialsProviderError'
            ? 'no credentials (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile or role)'
            : `${e.name ?? 'error'}: ${e.message ?? String(err)}`;
    throw new BucketUnreachableError(`Media storage: the ${where(options)} cannot be reached: ${reason}`, { cause: err });
  } finally {
    s3.destroy();
  }
}
