import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { ResponseCache } from './response-cache';

async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const openPglite = () =>
  openDatabase({ databaseUrl: null, pgliteDir: null, migrate: false, pgliteDump: new Blob([fs.readFileSync(inject('pgliteDump'))]) });

describe('response cache', () => {
  it('serves a cached copy until its tag is invalidated (one process)', async () => {
    const database = await openPglite();
    const cache = new ResponseCache(database);
    await cache.start();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.json('services', 'list', load)).toBe('{"n":1}');
    expect(await cache.json('services', 'list', load)).toBe('{"n":1}');
    await cache.invalidate('carousel');
    expect(await cache.json('services', 'list', load)).toBe('{"n":1}');
    await cache.invalidate('services');
    expect(await cache.json('services', 'list', load)).toBe('{"n":2}');
    await cache.stop();
    await database.close();
  });

  it('peeks at a made text only, under the same tags, and not after its tag is invalidated', async () => {
    const database = await openPglite();
    const cache = new ResponseCache(database);
    const tags = ['services', 'about'];
    expect(cache.peek(tags, 'page')).toBeUndefined();
    const made = cache.json(
      tags,
      'page',
      async () => 'html',
      (s) => s,
    );
    // Still loading: nothing to peek at (the caller takes the loading path).
    expect(cache.peek(tags, 'page')).toBeUndefined();
    await made;
    expect(cache.peek(tags, 'page')).toBe('html');
    expect(cache.peek(['services'], 'page')).toBeUndefined();
    await cache.invalidate('about');
    expect(cache.peek(tags, 'page')).toBeUndefined();
    await cache.stop();
    await database.close();
  });

  it('finds the same entry under a frozen list of tags (whose ids it remembers) as under a copy of it, and drops it by any of its tags', async () => {
    const database = await openPglite();
    const cache = new ResponseCache(database);
    const frozen = Object.freeze(['delivery', 'delivery:7']);
    let loads = 0;
    const load = async () => `text ${++loads}`;
    const same = (s: string) => s;
    expect(await cache.json(frozen, 'json', load, same)).toBe('text 1');
    expect(cache.peek(frozen, 'json')).toBe('text 1');
    expect(cache.peek([...frozen], 'json')).toBe('text 1');
    expect(cache.peek(frozen, 'page')).toBeUndefined();
    expect(cache.peek(Object.freeze(['delivery']), 'json')).toBeUndefined();
    // More keys than a list remembers ids for: each is still found, the first included.
    for (let i = 0; i < 40; i++) await cache.json(frozen, `key ${i}`, async () => `key ${i}`, same);
    for (let i = 0; i < 40; i++) expect(cache.peek(frozen, `key ${i}`)).toBe(`key ${i}`);
    expect(cache.peek(frozen, 'json')).toBe('text 1');
    await cache.invalidate('delivery:7');
    expect(cache.peek(frozen, 'json')).toBeUndefined();
    expect(await cache.json(frozen, 'json', load, same)).toBe('text 2');
    await cache.stop();
    await database.close();
  });

  it('does not keep a failed load', async () => {
    const database = await openPglite();
    const cache = new ResponseCache(database);
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('boom');
      return [1];
    };
    await expect(cache.json('t', 'k', load)).rejects.toThrow('boom');
    fail = false;
    expect(await cache.json('t', 'k', load)).toBe('[1]');
    await database.close();
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('response cache across processes [postgres]', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, pgliteDir: null, migrate: false, poolSize: 2 });
    b = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, pgliteDir: null, migrate: false, poolSize: 2 });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('an invalidation in one process drops the copy in another (LISTEN/NOTIFY)', async () => {
    const cacheA = new ResponseCache(a);
    const cacheB = new ResponseCache(b);
    await cacheA.start();
    await cacheB.start();
    let version = 1;
    const load = async () => ({ version });
    expect(await cacheB.json('team', 'list', load)).toBe('{"version":1}');
    version = 2;
    expect(await cacheB.json('team', 'list', load)).toBe('{"version":1}');
    await cacheA.invalidate('team');
    await waitFor(async () => (await cacheB.json('team', 'list', load)) === '{"version":2}');
    await cacheA.stop();
    await cacheB.stop();
  });
});
