import type { Database } from '../db/client';
import { PreparedText } from './prepared-text';

const CHANNEL = 'darkroom_cache';

interface Entry {
  tags: readonly string[];
  madeAt: number;
  value: Promise<PreparedText>;
}

export interface ResponseCacheOptions {
  /**
   * The longest an entry is served: a backstop for an invalidation that never arrived (another
   * process's message lost while the listening connection was down).
   */
  maxAgeMs: number;
  /** Past this many entries the least recently used goes (pages are keyed by origin, which a visitor chooses). */
  maxEntries: number;
  onError?: (err: unknown) => void;
  now?: () => number;
}

/**
 * Serialized answers (lists, pages, feeds) kept in memory as prepared texts and dropped by tag
 * whenever the service layer writes. With PostgreSQL every invalidation is broadcast, so each
 * process drops its copy; when the listening connection comes back after a failure, everything
 * held locally is dropped, since messages may have been missed meanwhile.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly options: ResponseCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    if (this.database.kind !== 'postgres') return;
    this.unlisten = await this.database.listen(CHANNEL, {
      onPayload: (tag) => this.dropLocal(tag),
      onReconnect: () => this.entries.clear(),
      onError: this.options.onError,
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.entries.clear();
  }

  /**
   * The text under `key` (within `tags`), made by `load` on a miss or once older than the
   * maximum age. Concurrent requests for a text being made share its one load.
   */
  text(tags: string | readonly string[], key: string, load: () => Promise<string>): Promise<PreparedText> {
    const tagList = typeof tags === 'string' ? [tags] : tags;
    const id = `${tagList.join(' ')}\n${key}`;
    const now = this.now();
    const hit = this.entries.get(id);
    if (hit && now - hit.madeAt < this.options.maxAgeMs) {
      // Most recently used goes last, so eviction takes the least recently used.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.value;
    }
    const entry: Entry = { tags: tagList, madeAt: now, value: load().then((text) => new PreparedText(text)) };
    this.entries.delete(id);
    this.entries.set(id, entry);
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    entry.value.catch(() => {
      if (this.entries.get(id) === entry) this.entries.delete(id);
    });
    return entry.value;
  }

  /** Drops every entry under these tags, here and in every other process. */
  async invalidate(...tags: string[]): Promise<void> {
    for (const tag of tags) {
      this.dropLocal(tag);
      if (this.database.kind === 'postgres') await this.database.notify(CHANNEL, tag);
    }
  }

  private dropLocal(tag: string): void {
    for (const [id, entry] of this.entries) if (entry.tags.includes(tag)) this.entries.delete(id);
  }
}
