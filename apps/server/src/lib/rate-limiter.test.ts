import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMMON_MESSAGES, tryAgainIn } from '@darkroom/contracts';
import { HttpError } from './errors';
import { countAttempt, memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter';

async function exercise(make: () => RateLimiter) {
  const a = make();
  const b = make();
  const key = `test:${randomUUID()}`;
  try {
    expect(await a.hit(key, 60_000)).toBe(1);
    expect(await a.hit(key, 60_000)).toBe(2);
    expect(await a.count(key)).toBe(2);
    // The window's end, counted from the first hit; none for an unknown key.
    const left = await a.retryAfterMs(key);
    expect(left).toBeGreaterThan(55_000);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(await a.retryAfterMs(`${key}:unknown`)).toBe(0);
    await a.reset(key);
    expect(await a.retryAfterMs(key)).toBe(0);
    expect(await a.count(key)).toBe(0);
    const short = `${key}:short`;
    await a.hit(short, 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(await a.count(short)).toBe(0);
    expect(await a.retryAfterMs(short)).toBe(0);
    return { a, b, key };
  } catch (err) {
    await a.close();
    await b.close();
    throw err;
  }
}

describe('rate limiter', () => {
  it('memory: counts per key in a window, resets, expires', async () => {
    const { a, b } = await exercise(memoryRateLimiter);
    await a.close();
    await b.close();
  });

  it.runIf(!!process.env.TEST_REDIS_URL)('redis: counts are shared between processes', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const { a, b, key } = await exercise(() => redisRateLimiter(url));
    try {
      await a.hit(key, 60_000);
      await b.hit(key, 60_000);
      expect(await b.count(key)).toBe(2);
      expect(await a.count(key)).toBe(2);
    } finally {
      await a.reset(key);
      await a.close();
      await b.close();
    }
  });
});

describe('countAttempt', () => {
  it('throws a 429 once any counter is past its limit, saying when the last of them clears', async () => {
    const limiter = memoryRateLimiter();
    const limits = [
      { key: `a:${randomUUID()}`, max: 2 },
      { key: `b:${randomUUID()}`, max: 5 },
    ];
    await countAttempt(limiter, limits, 90_000);
    await countAttempt(limiter, limits, 90_000);
    const err = await countAttempt(limiter, limits, 90_000).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    const { statusCode, detail, headers } = err as HttpError;
    expect(statusCode).toBe(429);
    expect(headers?.['retry-after']).toBe('90');
    expect(detail).toBe(`${COMMON_MESSAGES.tooManyRequests} Try again in 2 minutes.`);
    await limiter.close();
  });
});

describe('tryAgainIn', () => {
  it('says the wait in the largest whole unit, rounded up', () => {
    expect(tryAgainIn(0)).toBe('Try again in 1 second.');
    expect(tryAgainIn(0.2)).toBe('Try again in 1 second.');
    expect(tryAgainIn(40)).toBe('Try again in 40 seconds.');
    expect(tryAgainIn(60)).toBe('Try again in a minute.');
    expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(900)).toBe('Try again in 15 minutes.');
    expect(tryAgainIn(3599)).toBe('Try again in 60 minutes.');
    expect(tryAgainIn(3600)).toBe('Try again in an hour.');
    expect(tryAgainIn(7201)).toBe('Try again in 3 hours.');
  });
});
