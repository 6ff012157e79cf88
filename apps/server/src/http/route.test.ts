import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRuntime } from '../context';
import { createLogger } from '../lib/log';
import { notFound } from '../lib/errors';
import { route } from './route';

const endpoint = (path: string) =>
  ({
    method: 'GET',
    path,
    access: 'public',
    summary: 'A test endpoint',
    tag: 'test',
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: z.object({ id: z.number(), rows: z.array(z.string()) }),
  }) as const;

describe('route()', () => {
  let app: FastifyInstance;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const log = createLogger('info', {
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
    });
    app = Fastify({ loggerInstance: log }) as unknown as FastifyInstance;
    app.decorate('runtime', {} as AppRuntime);
    route(app, endpoint('/rows/{id}/'), async ({ params }) => {
      if (params.id === 404) throw notFound();
      const rows = Array.from({ length: params.id }, (_, i) => `row ${i}`);
      // A field the response schema does not list never leaves.
      return { id: params.id, rows, secret: 'hash' } as { id: number; rows: string[] };
    });
    // A handler that sends its own answer (a file) hands back the reply.
    route(app, endpoint('/file/{id}/'), async ({ params, reply }) =>
      reply.type('application/octet-stream').send(Readable.from([Buffer.alloc(params.id * 1024, 1)])),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers what a handler returns, serialized by the response schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/rows/2/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ id: 2, rows: ['row 0', 'row 1'] });
  });

  it('compresses a large answer as the client accepts: brotli, then gzip, else none', async () => {
    const plain = await app.inject({ method: 'GET', url: '/rows/300/' });
    const br = await app.inject({ method: 'GET', url: '/rows/300/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await app.inject({ method: 'GET', url: '/rows/300/', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await app.inject({ method: 'GET', url: '/rows/300/', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('turns an error, or a path naming no record, into its answer', async () => {
    expect((await app.inject({ method: 'GET', url: '/rows/404/' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/rows/abc/' })).statusCode).toBe(404);
  });

  it('sends a file its handler sent once, and logs no error or warning for it', async () => {
    lines.length = 0;
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: 'GET', url: '/file/64/', headers: { connection: 'close' } });
      expect(res.rawPayload.length).toBe(64 * 1024);
    }
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});
