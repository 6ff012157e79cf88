import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where media files live. Keys are relative POSIX paths such as `d/ab/abcdef.webp`. */
export interface MediaStorage {
  /**
   * Stores bytes under `key`; a key that already exists is left as it is (content-addressed).
   * Resolves true when this call added the file, false when it was there already.
   */
  put(key: string, data: Buffer | Readable): Promise<boolean>;
  /** Copies a local file in under `key` (same answer as `put`). */
  putFile(key: string, filePath: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
  delete(keys: string[]): Promise<void>;
  /** Absolute path for serving; null when the key would leave the media root. */
  resolve(key: string): string | null;
  /** Bytes used by every stored file. */
  usage(): Promise<{ files: number; bytes: number }>;
}

/** A key is a relative path of plain segments: no `..`, no dot files, no backslashes or NULs. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 512 || /[\0\\]/.test(key) || key.startsWith('/')) return false;
  return key.split('/').every((seg) => seg !== '' && !seg.startsWith('.'));
}

export function localStorage(rootDir: string): MediaStorage {
  const root = path.resolve(rootDir);
  const resolve = (key: string): string | null => {
    if (!isSafeKey(key)) return null;
    const full = path.resolve(root, key);
    return full.startsWith(root + path.sep) ? full : null;
  };
  const target = async (key: string) => {
    const full = resolve(key);
    if (!full) throw new Error(`invalid media key: ${key}`);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    return full;
  };
  // Write to a temporary name then rename, so a reader never sees half a file.
  const atomically = async (full: string, write: (tmp: string) => Promise<void>) => {
    const tmp = path.join(path.dirname(full), `.${path.basename(full)}.${process.pid}.${Math.random().toString(36).slice(2)}.part`);
    try {
      await write(tmp);
      await fs.promises.rename(tmp, full);
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  };
  const present = (full: string) =>
    fs.promises.access(full).then(
      () => true,
      () => false,
    );
  return {
    async put(key, data) {
      const full = await target(key);
      if (await present(full)) {
        if (!Buffer.isBuffer(data)) data.resume();
        return false;
      }
      await atomically(full, (tmp) =>
        Buffer.isBuffer(data) ? fs.promises.writeFile(tmp, data) : pipeline(data, fs.createWriteStream(tmp)),
      );
      return true;
    },
    async putFile(key, filePath) {
      const full = await target(key);
      if (await present(full)) return false;
      await atomically(full, (tmp) => fs.promises.copyFile(filePath, tmp));
      return true;
    },
    async exists(key) {
      const full = resolve(key);
      return !!full && (await present(full));
    },
    async delete(keys) {
      await Promise.all(
        keys.map(async (key) => {
          const full = resolve(key);
          if (full) await fs.promises.rm(full, { force: true });
        }),
      );
    },
    resolve,
    async usage() {
      let files = 0;
      let bytes = 0;
      const walk = async (dir: string): Promise<void> => {
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) await walk(p);
          else if (e.isFile()) {
            files += 1;
            bytes += (await fs.promises.stat(p)).size;
          }
        }
      };
      await walk(root);
      return { files, bytes };
    },
  };
}
