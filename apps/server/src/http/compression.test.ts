import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * A built portal in miniature, as `vite build` writes it: a hashed script with its .br and .gz
 * beside it (vite-plugin-compression2), and a small one with none.
 */
function portalFixture(): { dir: string; script: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Darkroom</title><div id="root"></div>');
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
  const file = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'export const x = 1;\n');
  return { dir, script };
}

describe('compressed delivery', () => {
  let t: TestApp;
  let fixture: { dir: string; script: string };
  beforeAll(async () => {
    fixture = portalFixture();
    t = await createTestApp('pglite', { env: { ADMIN_DIST: fixture.dir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(fixture.dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the portal scripts precompressed: brotli, then gzip, else as they are', async () => {
    const url = '/admin-account/assets/index-abc123.js';
    const br = await get(url, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(fixture.script);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(fixture.script);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(fixture.script);
  });

  it("answers the portal's folders with its index, whatever the accept-encoding", async () => {
    for (const url of ['/admin-account/', '/admin-account/assets/', '/admin-account/portfolio']) {
      for (const encoding of [undefined, 'gzip', 'br']) {
        const res = await get(url, encoding);
        const expected = url === '/admin-account/assets/' ? 404 : 200;
        expect({ url, encoding, status: res.statusCode }).toEqual({ url, encoding, status: expected });
        if (expected === 200) expect(res.body).toContain('<div id="root">');
      }
    }
  });

  it('keeps the security headers on compressed files', async () => {
    const res = await get('/admin-account/assets/index-abc123.js', 'br');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses JSON above the threshold, and leaves small answers alone', async () => {
    const big = await get('/docs/json', 'gzip');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const br = await get('/docs/json', 'br');
    expect(br.headers['content-encoding']).toBe('br');

    const small = await get('/healthz', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('compresses a cached list of a few KB once per version, in the encoding the client accepts', async () => {
    const addCustomer = async (i: number) => {
      const res = await t.as({
        method: 'POST',
        url: '/adminportal/manage-users/',
        payload: { username: `client${i}`, first_name: `Client`, last_name: `Number ${i}`, email: `c${i}@example.com`, phone: '555 0100' },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    for (let i = 0; i < 8; i++) await addCustomer(i);
    const list = (encoding?: string) =>
      t.as({ method: 'GET', url: '/adminportal/manage-users/', headers: encoding ? { 'accept-encoding': encoding } : {} });

    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Between the compression threshold and the size where even plain answers are prepared bytes.
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.body.length).toBeLessThan(16 * 1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        const res = await list(accept);
        expect({ accept, encoding: res.headers['content-encoding'] }).toEqual({ accept, encoding });
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
    }
    // A new version of the list is compressed anew: the new customer is in it.
    await addCustomer(8);
    const after = await list('br');
    expect(brotliDecompressSync(after.rawPayload).toString()).toBe((await list()).body);
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('client8');
  });

  it('never inflates a compressed request body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/accounts/auth-admin/login/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'owner', password: 'correct horse battery' })),
    });
    expect(res.statusCode).toBe(400);
  });
});
