import type { Database } from '../db/client';
import { BoundedMap } from '../lib/bounded-map';
import type { Account } from './accounts.repository';

const CHANNEL = 'darkroom_sessions';

interface Session {
  account: Account;
  tokenId: number;
  expiresAt: number;
  cachedAt: number;
}

/**
 * Signed-in sessions by token hash, kept in memory so a request does not query the database
 * before doing its work. Revocation (sign-out, deactivation, password change, deletion) drops
 * the entry here and, with PostgreSQL, in every other process through LISTEN/NOTIFY; an entry
 * also lives at most `maxAgeMs`, so a process that missed a message cannot keep one for long.
 */
export class SessionCache {
  /** Past `maxEntries` the oldest session is dropped (it is looked up again when next used). */
  private readonly byHash: BoundedMap<string, Session>;
  /** Bumped by every drop: a lookup that started before it must not cache what it read. */
  private generation = 0;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly maxAgeMs = 60_000,
    maxEntries = 10_000,
  ) {
    this.byHash = new BoundedMap(maxEntries);
  }

  async start(): Promise<void> {
    if (this.database.kind !== 'postgres') return;
    this.unlisten = await this.database.listen(CHANNEL, {
      onPayload: (m) => this.dropLocal(m),
      // Revocations may have been missed while the connection was down: look every session up again.
      onReconnect: () => {
        this.generation++;
        this.byHash.clear();
      },
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.byHash.clear();
  }

  /** A live cached session, or undefined (then the caller looks it up and calls `remember`). */
  get(hash: string, now = Date.now()): Session | undefined {
    const s = this.byHash.get(hash);
    if (!s) return undefined;
    if (s.expiresAt <= now || now - s.cachedAt > this.maxAgeMs) {
      this.byHash.delete(hash);
      return undefined;
    }
    return s;
  }

  /** The generation to hand back to `remember`, taken before the database lookup. */
  mark(): number {
    return this.generation;
  }

  remember(hash: string, mark: number, session: Omit<Session, 'cachedAt'>): void {
    if (mark !== this.generation) return;
    this.byHash.set(hash, { ...session, cachedAt: Date.now() });
  }

  /** Drops one token's session here and in every process. */
  forgetToken(tokenId: number): Promise<void> {
    return this.drop(`t:${tokenId}`);
  }

  /** Drops every session of an account (it changed, was deactivated or deleted). */
  forgetAccount(accountId: number): Promise<void> {
    return this.drop(`a:${accountId}`);
  }

  private async drop(message: string): Promise<void> {
    this.dropLocal(message);
    if (this.database.kind === 'postgres') await this.database.notify(CHANNEL, message);
  }

  private dropLocal(message: string): void {
    this.generation++;
    const [kind, raw] = message.split(':');
    const id = Number(raw);
    for (const [hash, s] of this.byHash) {
      if ((kind === 't' && s.tokenId === id) || (kind === 'a' && s.account.id === id)) this.byHash.delete(hash);
    }
  }
}
