import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter';

async function exercise(make: () => RateLimiter) {
  const a = make();
  const b = make();
  const key = `test:${randomUUID()}`;
  try {
    expect(await a.hit(key, 60_000)).toBe(1);
    expect(await a.hit(key, 60_000)).toBe(2);
    expect(await a.count(key)).toBe(2);
    await a.reset(key);
    expect(await a.count(key)).toBe(0);
    const short = `${key}:short`;
    await a.hit(short, 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(await a.count(short)).toBe(0);
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
