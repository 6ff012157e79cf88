import type { Redis } from 'ioredis';
import { COMMON_MESSAGES, tryAgainIn } from '@darkroom/contracts';
import { HttpError } from './errors';

/**
 * Counts events per key in a fixed window. The memory store serves one process; with
 * REDIS_URL set every process shares the counts, so a limit holds behind a load balancer.
 */
export interface RateLimiter {
  /** Records one hit and returns the count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Takes back one hit (an attempt that was refused and so must not count). */
  undo(key: string): Promise<void>;
  /** Milliseconds until the key's current window ends (0 when it has none). */
  retryAfterMs(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(): RateLimiter {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const b = buckets.get(key);
    if (b && b.resetAt <= Date.now()) {
      buckets.delete(key);
      return undefined;
    }
    return b;
  };
  return {
    async hit(key, windowMs) {
      const b = current(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      b.count += 1;
      buckets.set(key, b);
      // Not a BoundedMap: dropping a live bucket forgets its count, so a flood of other keys
      // could reset a limit. Past 50,000 only expired buckets go.
      if (buckets.size > 50_000) {
        for (const k of buckets.keys()) if (!current(k)) buckets.delete(k);
      }
      return b.count;
    },
    async count(key) {
      return current(key)?.count ?? 0;
    },
    async undo(key) {
      const b = current(key);
      if (b && b.count > 0) b.count -= 1;
    },
    async retryAfterMs(key) {
      const b = current(key);
      return b ? b.resetAt - Date.now() : 0;
    },
    async reset(key) {
      buckets.delete(key);
    },
    async close() {},
  };
}

export function redisRateLimiter(url: string, prefix = 'darkroom:rl:'): RateLimiter {
  // ioredis is loaded only by a process that has REDIS_URL, not at every start.
  const connecting = import('ioredis').then(({ Redis }) => new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false }));
  // A failed load surfaces on the first hit; close() must not reject because of it.
  connecting.catch(() => {});
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const redis = await connecting;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[null, number]];
      return count;
    },
    async count(key) {
      return Number((await (await connecting).get(prefix + key)) ?? 0);
    },
    async undo(key) {
      const k = prefix + key;
      const redis = await connecting;
      // Only a live window is decremented: a key that expired meanwhile is not brought back.
      if ((await redis.pttl(k)) > 0) await redis.decr(k);
    },
    async retryAfterMs(key) {
      // -2: no such key, -1: no expiry (never set by hit).
      return Math.max(0, await (await connecting).pttl(prefix + key));
    },
    async reset(key) {
      await (await connecting).del(prefix + key);
    },
    async close() {
      (await connecting.catch(() => null as Redis | null))?.disconnect();
    },
  };
}

/** One counter of an attempt and the most it may reach in the window. */
export interface AttemptLimit {
  key: string;
  max: number;
}

/**
 * Counts an attempt on every counter first, atomically, and only then says whether it may go
 * ahead: parallel attempts cannot slip past a limit between a check and a count. Past a limit it
 * throws the 429 (`throttled`), and the attempt is taken back from every counter: a refused
 * attempt never counts, so hammering a closed door does not keep it closed.
 */
export async function countAttempt(
  limiter: RateLimiter,
  limits: AttemptLimit[],
  windowMs: number,
  message: string = COMMON_MESSAGES.tooManyRequests,
): Promise<void> {
  const counts = await Promise.all(limits.map((l) => limiter.hit(l.key, windowMs)));
  const over = limits.filter((l, i) => counts[i]! > l.max).map((l) => l.key);
  if (!over.length) return;
  await Promise.all(limits.map((l) => limiter.undo(l.key)));
  throw await throttled(limiter, over, message);
}

/** The counters of a password check: the address's own, and those shared by every address. */
export interface PasswordLimits {
  /** Per address (and account): attempts past `max` in the window are refused with 429. */
  own: AttemptLimit[];
  /**
   * Per account or gallery, from any address: wrong passwords only. Past `max`, an address that
   * has already failed in the window gets no further try; one that has not still does.
   */
  shared: AttemptLimit[];
  windowMs: number;
}

/**
 * A password check, throttled so that nobody can lock the owner out: an address is refused once
 * past its own limit (refused attempts do not count again), and wrong passwords spread over many
 * addresses narrow each address to one try rather than closing the door for everyone. The right
 * password from an address within its limit always gets in, and clears that address's counts.
 */
export async function attemptPassword(limiter: RateLimiter, limits: PasswordLimits, check: () => Promise<boolean>): Promise<boolean> {
  const { own, shared, windowMs } = limits;
  await countAttempt(limiter, own, windowMs);
  const failedBefore = (await limiter.count(own[0]!.key)) > 1;
  const sharedCounts = await Promise.all(shared.map((l) => limiter.count(l.key)));
  const underAttack = shared.filter((l, i) => sharedCounts[i]! >= l.max).map((l) => l.key);
  if (underAttack.length && failedBefore) {
    await Promise.all(own.map((l) => limiter.undo(l.key)));
    throw await throttled(limiter, underAttack, COMMON_MESSAGES.tooManyRequests);
  }
  if (await check()) {
    await resetAttempts(limiter, own);
    return true;
  }
  await Promise.all(shared.map((l) => limiter.hit(l.key, windowMs)));
  return false;
}

/**
 * The 429 for counters past their limit: its message ends with when to try again and its
 * Retry-After says the same, in seconds, up to the end of the last of their windows.
 */
async function throttled(limiter: RateLimiter, keys: string[], message: string): Promise<HttpError> {
  const ms = Math.max(0, ...(await Promise.all(keys.map((k) => limiter.retryAfterMs(k)))));
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new HttpError(429, `${message} ${tryAgainIn(seconds)}`, { 'retry-after': String(seconds) });
}

export async function resetAttempts(limiter: RateLimiter, limits: AttemptLimit[]): Promise<void> {
  await Promise.all(limits.map((l) => limiter.reset(l.key)));
}
