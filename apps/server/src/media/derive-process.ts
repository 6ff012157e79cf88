import fs from 'node:fs';
import os from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { CorruptImageError } from './image-pipeline';
import type { StoredImage } from './stored-image';

/** Where the derivation process finds the media: the server's own storage settings. */
type StorageSettings = Pick<Config, 's3' | 'mediaDir'>;

export interface DeriveRequest {
  id: number;
  storage: StorageSettings;
  image: StoredImage;
}
export type DeriveReply = { id: number; image: StoredImage } | { id: number; corrupt: true } | { id: number; error: string };

/**
 * How much lower the derivation process' CPU priority is (nice): a batch of photos keeps every
 * core busy for minutes, and the uploads still arriving and the pages being asked for go first.
 */
const LOWER_PRIORITY = 10;
/** An idle derivation process ends after this long, giving its memory back; the next photo starts it again. */
const IDLE_MS = 60_000;

/**
 * glibc's default of eight memory arenas per core keeps the pixel buffers libvips' threads freed,
 * so the derivation process runs with two whatever started the server (`npm start` sets two for
 * the server too); a value set for the server is kept.
 */
const workerEnv = () => ({ ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });

/** The worker's entry: built beside the server's bundle, or run from the sources with tsx. */
function workerEntry(): { file: string; execArgv: string[] } {
  const built = new URL('./derive-worker.js', import.meta.url);
  // --expose-gc: the worker collects each photo's pixel buffers once it has answered.
  if (fs.existsSync(built)) return { file: fileURLToPath(built), execArgv: ['--expose-gc'] };
  return { file: fileURLToPath(new URL('./derive-worker.ts', import.meta.url)), execArgv: ['--expose-gc', '--import', 'tsx'] };
}

interface Pending {
  child: ChildProcess;
  resolve(image: StoredImage): void;
  reject(err: Error): void;
}

/**
 * Derives photos in a child process at a lower CPU priority (`DERIVE_PROCESS`, on by default). The
 * server's limit (`UPLOAD_CONCURRENCY`) still decides how many it derives at once. If the child
 * dies, the photos it held fail with an error (their jobs are tried again) and the next starts a
 * new one; when the server dies, the child ends with it.
 */
export class DerivationProcess {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly storage: StorageSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The child's process id while one runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  derive(image: StoredImage): Promise<StoredImage> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise<StoredImage>((resolve, reject) => {
      this.pending.set(id, { child, resolve, reject });
      child.send({ id, storage: this.storage, image } satisfies DeriveRequest, (err) => {
        if (err) this.settle(id, (p) => p.reject(err));
      });
    });
  }

  /** Ends the child (the photos it holds fail, as after a crash: their jobs run again). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }

  private start(): ChildProcess {
    const { file, execArgv } = workerEntry();
    const child = fork(file, [], { execArgv, env: workerEnv(), serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    try {
      os.setPriority(child.pid!, Math.min(19, os.getPriority() + LOWER_PRIORITY));
    } catch (err) {
      this.log.warn({ err }, 'the derivation process runs at the server’s own CPU priority');
    }
    child.on('message', (reply: DeriveReply) => this.answer(reply));
    child.on('error', (err) => this.log.error({ err }, 'the derivation process failed'));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      const lost = [...this.pending].filter(([, p]) => p.child === child);
      if (lost.length) this.log.error({ code, signal, photos: lost.length }, 'the derivation process stopped while deriving');
      for (const [id] of lost) this.settle(id, (p) => p.reject(new Error(`the derivation process stopped (${signal ?? code})`)));
    });
    this.child = child;
    return child;
  }

  private answer(reply: DeriveReply): void {
    this.settle(reply.id, (p) => {
      if ('image' in reply) p.resolve(reply.image);
      else if ('corrupt' in reply) p.reject(new CorruptImageError());
      else p.reject(new Error(reply.error));
    });
  }

  private settle(id: number, how: (p: Pending) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    how(p);
    if (this.pending.size === 0 && this.child) {
      const child = this.child;
      this.idleTimer = setTimeout(() => {
        // Closing the channel ends it (derive-worker.ts); a photo asked for now starts a new one.
        if (this.child === child) this.child = null;
        if (child.connected) child.disconnect();
      }, IDLE_MS).unref();
    }
  }
}
