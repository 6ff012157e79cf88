import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { RESUMABLE_PREFIX, sweepStoredResumable } from './resumable';
import { spoolDir } from './spool';
import type { MediaStorage } from './storage';

const infoKey = (id: string) => `${RESUMABLE_PREFIX}${id}/info.json`;
/** Each PATCH's bytes are one object named by the offset they start at (zero-padded: keys sort in order). */
const partKey = (id: string, offset: number) => `${RESUMABLE_PREFIX}${id}/${String(offset).padStart(15, '0')}.part`;
const PART = /\/(\d{15})\.part$/;

interface Info {
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A tus data store on the media storage, for object storage: what one host received, every other
 * host can resume, so a load balancer needs no sticky sessions. Objects are never appended to, so
 * each request's bytes are an object of their own (received into the spool first, as a request
 * may be cut at any byte), and the finished file is read back as the parts in order.
 */
export class StoredUploads extends DataStore {
  constructor(
    private readonly storage: MediaStorage,
    private readonly expiryMs: number,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  private async info(id: string): Promise<Info> {
    const bytes = await readAll(await this.storage.read(infoKey(id)));
    if (!bytes) throw ERRORS.FILE_NOT_FOUND;
    return JSON.parse(bytes.toString('utf8')) as Info;
  }

  /** The parts received so far, in order, up to the first gap (a part whose write was lost). */
  private async parts(id: string): Promise<{ key: string; offset: number; size: number }[]> {
    const found: { key: string; offset: number; size: number }[] = [];
    for await (const object of this.storage.list(`${RESUMABLE_PREFIX}${id}/`)) {
      const match = PART.exec(object.key);
      if (match) found.push({ key: object.key, offset: Number(match[1]), size: object.size });
    }
    found.sort((a, b) => a.offset - b.offset);
    const contiguous: typeof found = [];
    let end = 0;
    for (const part of found) {
      if (part.offset !== end) break;
      contiguous.push(part);
      end += part.size;
    }
    return contiguous;
  }

  override async create(upload: Upload): Promise<Upload> {
    const info: Info = { size: upload.size, metadata: upload.metadata, creation_date: upload.creation_date };
    await this.storage.put(infoKey(upload.id), Buffer.from(JSON.stringify(info)));
    upload.storage = { type: 'object', path: `${RESUMABLE_PREFIX}${upload.id}` };
    return upload;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const dir = spoolDir();
    await fs.promises.mkdir(dir, { recursive: true });
    const file = path.join(dir, `resumable-${randomBytes(8).toString('hex')}`);
    let received = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    let failure: unknown = null;
    try {
      await pipeline(readable, count, fs.createWriteStream(file)).catch((err: unknown) => (failure = err));
      // Bytes that arrived before a cut are kept, as a file store keeps them: the client resumes after them.
      // A part left at this offset by a write that was later cut short ends where the client resumed.
      if (received > 0) {
        await this.storage.delete([partKey(id, offset)]);
        await this.storage.putFile(partKey(id, offset), file);
      }
    } finally {
      await fs.promises.rm(file, { force: true });
    }
    if (failure) throw ERRORS.FILE_WRITE_ERROR;
    return offset + received;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    const parts = await this.parts(id);
    return new Upload({
      id,
      size: info.size,
      offset: parts.reduce((sum, p) => sum + p.size, 0),
      metadata: info.metadata ?? {},
      creation_date: info.creation_date,
      storage: { type: 'object', path: `${RESUMABLE_PREFIX}${id}` },
    });
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    const info = await this.info(id);
    await this.storage.delete([infoKey(id)]);
    await this.storage.put(infoKey(id), Buffer.from(JSON.stringify({ ...info, size })));
  }

  override async remove(id: string): Promise<void> {
    const keys: string[] = [];
    for await (const object of this.storage.list(`${RESUMABLE_PREFIX}${id}/`)) keys.push(object.key);
    if (!keys.length) throw ERRORS.FILE_NOT_FOUND;
    await this.storage.delete(keys);
  }

  /** The whole file: its parts one after another. */
  read(id: string): Readable {
    const { storage } = this;
    const parts = () => this.parts(id);
    return Readable.from(
      (async function* () {
        for (const part of await parts()) {
          const stream = await storage.read(part.key);
          if (!stream) throw ERRORS.FILE_NO_LONGER_EXISTS;
          yield* stream as AsyncIterable<Buffer>;
        }
      })(),
    );
  }

  override getExpiration(): number {
    return this.expiryMs;
  }

  override async deleteExpired(): Promise<number> {
    return sweepStoredResumable(this.storage, this.expiryMs);
  }
}
