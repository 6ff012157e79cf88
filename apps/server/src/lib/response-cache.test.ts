import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { ResponseCache } from './response-cache';

const openPglite = () =>
  openDatabase({ databaseUrl: null, pgliteDir: null, migrate: false, pgliteDump: new Blob([fs.readFileSync(inject('pgliteDump'))]) });

describe('response cache', () => {
  let database: Database;
  let clock = 0;
  const cacheOf = (opts: { maxAgeMs?: number; maxEntries?: number } = {}) =>
    new ResponseCache(database, { maxAgeMs: opts.maxAgeMs ?? 60_000, maxEntries: opts.maxEntries ?? 100, now: () => clock });
  beforeAll(async () => {
    database = await openPglite();
  });
  afterAll(() => database.close());

  it('serves one made text until a tag of it is invalidated, and makes it once for callers at the same time', async () => {
    const cache = cacheOf();
    let loads = 0;
    const load = async () => `v${++loads}`;
    const [a, b] = await Promise.all([cache.text(['team', 'site'], 'list', load), cache.text(['team', 'site'], 'list', load)]);
    expect(a).toBe(b);
    expect(a.text).toBe('v1');
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    expect((await cache.text(['team', 'site'], 'list', load)).text).toBe('v1');
    await cache.invalidate('other');
    expect((await cache.text(['team', 'site'], 'list', load)).text).toBe('v1');
    await cache.invalidate('site');
    const again = await cache.text(['team', 'site'], 'list', load);
    expect(again.text).toBe('v2');
    expect(again.etag).not.toBe(a.etag);
  });

  it('keeps entries under other tags or keys apart', async () => {
    const cache = cacheOf();
    await cache.text('a', 'k', async () => 'a');
    await cache.text('b', 'k', async () => 'b');
    expect((await cache.text('a', 'k', async () => 'x')).text).toBe('a');
    expect((await cache.text('b', 'k', async () => 'x')).text).toBe('b');
    expect((await cache.text('a', 'other', async () => 'c')).text).toBe('c');
  });

  it('makes a text again once it is older than the maximum age, whatever was (or was not) invalidated', async () => {
    const cache = cacheOf({ maxAgeMs: 60_000 });
    clock = 1_000;
    let n = 0;
    const load = async () => `v${++n}`;
    expect((await cache.text('t', 'k', load)).text).toBe('v1');
    clock += 59_999;
    expect((await cache.text('t', 'k', load)).text).toBe('v1');
    clock += 1;
    expect((await cache.text('t', 'k', load)).text).toBe('v2');
  });

  it('holds at most its bound, dropping the least recently used first', async () => {
    const cache = cacheOf({ maxEntries: 2 });
    const made: string[] = [];
    const load = (k: string) => async () => {
      made.push(k);
      return k;
    };
    await cache.text('t', 'a', load('a'));
    await cache.text('t', 'b', load('b'));
    await cache.text('t', 'a', load('a')); // a is used again: b is now the oldest
    await cache.text('t', 'c', load('c')); // b goes
    await cache.text('t', 'a', load('a'));
    await cache.text('t', 'b', load('b'));
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep a failed load', async () => {
    const cache = cacheOf();
    await expect(cache.text('t', 'k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.text('t', 'k', async () => 'ok')).text).toBe('ok');
  });

  it('compresses a text once per encoding, off the event loop', async () => {
    const cache = cacheOf();
    const text = await cache.text('t', 'big', async () =>
      JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `photo ${i}` }))),
    );
    const [br, gz] = await Promise.all([text.encodedAs('br'), text.encodedAs('gzip')]);
    expect(br.length).toBeLessThan(text.bytes.length / 4);
    expect(gz.length).toBeLessThan(text.bytes.length / 4);
    expect(await text.encodedAs('br')).toBe(br);
  });
});
