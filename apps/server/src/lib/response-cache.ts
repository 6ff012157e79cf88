import type { Database } from '../db/client';
import { BoundedMap } from './bounded-map';

const CHANNEL = 'darkroom_cache';

/** A cached text: its promise while it is made, the text itself once made. */
interface Entry {
  tags: readonly string[];
  value: Promise<string>;
  text?: string;
}

/**
 * Serialized responses of read-mostly lists, kept in memory and dropped by tag whenever the
 * service layer writes. With PostgreSQL, invalidations are broadcast so every process drops
 * its copy; PGlite is single-process, so a local drop is enough.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    if (this.database.kind === 'postgres') {
      this.unlisten = await this.database.listen(CHANNEL, (tag) => this.dropLocal(tag));
    }
  }

  /**
   * Returns the cached JSON text under `key`, computing it with `load` on a miss. The entry is
   * dropped when any of `tags` is invalidated (a page that shows several areas lists them all).
   */
  async json<T>(
    tags: string | readonly string[],
    key: string,
    load: () => Promise<T>,
    serialize: (v: T) => string = JSON.stringify,
  ): Promise<string> {
    const id = this.idOf(tags, key);
    const hit = this.entries.get(id);
    if (hit) return hit.value;
    const value = load().then(serialize);
    const entry: Entry = { tags: typeof tags === 'string' ? [tags] : tags, value };
    this.entries.set(id, entry);
    value.then(
      (text) => (entry.text = text),
      () => this.entries.delete(id),
    );
    return value;
  }

  /**
   * The text under `key` when it is already made, else undefined (nothing is loaded): the cached
   * page's path, without the promise and the await that `json` costs.
   */
  peek(tags: string | readonly string[], key: string): string | undefined {
    return this.entries.get(this.idOf(tags, key))?.text;
  }

  private idOf(tags: string | readonly string[], key: string): string {
    if (typeof tags !== 'string' && Object.isFrozen(tags)) return this.rememberedId(tags, key);
    return `${typeof tags === 'string' ? tags : this.joined(tags)}\u0000${key}`;
  }

  /**
   * Ids under a frozen list of tags (a gallery's, made once and kept: deliveryCacheTags), by key.
   * Given the same key string again (its caller keeps it too), the lookup hashes nothing: joining
   * and hashing the id anew, and comparing it with the stored one, was 2% of a cached gallery's
   * answer. A few keys per list; a list's ids go with it.
   */
  private readonly idsByTags = new WeakMap<readonly string[], BoundedMap<string, string>>();
  private rememberedId(tags: readonly string[], key: string): string {
    let ids = this.idsByTags.get(tags);
    if (!ids) this.idsByTags.set(tags, (ids = new BoundedMap(16)));
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = `${this.joined(tags)}\u0000${key}`));
    return id;
  }

  /**
   * The tags' joined form. The last list is remembered: most reads pass a constant list (a page's
   * fifteen tags) again and again, while lists made per request (`[...tags]`) are simply joined; a
   * WeakMap entry per new list cost more than the join. A frozen list kept per gallery has its
   * whole ids remembered instead (`rememberedId`).
   */
  private lastTags: readonly string[] | null = null;
  private lastJoined = '';
  private joined(tags: readonly string[]): string {
    if (tags !== this.lastTags) {
      this.lastJoined = tags.length === 1 ? tags[0]! : tags.join('\u0001');
      this.lastTags = tags;
    }
    return this.lastJoined;
  }

  /** Drops every entry under these tags here and in every other process. */
  async invalidate(...tags: string[]): Promise<void> {
    for (const tag of tags) {
      this.dropLocal(tag);
      if (this.database.kind === 'postgres') await this.database.notify(CHANNEL, tag);
    }
  }

  private dropLocal(tag: string): void {
    for (const [id, entry] of this.entries) if (entry.tags.includes(tag)) this.entries.delete(id);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.entries.clear();
  }
}
