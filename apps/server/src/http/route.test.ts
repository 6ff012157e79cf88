import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRuntime } from '../context';
import { notFound } from '../lib/errors';
import { route } from './route';

// Answers are serialized as they are (the app compiles its zod schemas; not needed here).
const COMPILERS = {
  buildValidator: () => () => (value: unknown) => ({ value }),
  buildSerializer: () => () => (data: unknown) => JSON.stringify(data),
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

const endpoint = (path: string) =>
  ({
    method: 'GET',
    path,
    access: 'public',
    summary: 'A test endpoint',
    tag: 'test',
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: z.object({ id: z.number(), how: z.string() }),
  }) as const;

describe('route()', () => {
  let app: FastifyInstance;
  /** What each route's Fastify handler returned last, by URL. */
  const returned = new Map<string, unknown>();

  beforeAll(async () => {
    app = Fastify({ schemaController: { compilersFactory: COMPILERS } });
    app.decorate('runtime', {} as AppRuntime);
    app.addHook('onRoute', (r) => {
      const inner = r.handler;
      r.handler = function (this: FastifyInstance, request, reply) {
        const out = inner.call(this, request, reply);
        returned.set(r.url, out);
        return out;
      };
    });
    // A value, not a promise: answered in the same turn.
    route(app, endpoint('/now/{id}/'), ({ params }) => {
      if (params.id === 404) throw notFound();
      return { id: params.id, how: 'now' };
    });
    // A promise, and a thenable that is not one (a query builder returned as it is).
    route(app, endpoint('/later/{id}/'), async ({ params }) => ({ id: params.id, how: 'later' }));
    route(app, endpoint('/thenable/{id}/'), ({ params }) => {
      const answer = { id: params.id, how: 'thenable' };
      const thenable = { then: (resolve: (v: typeof answer) => void) => resolve(answer) };
      return thenable as unknown as typeof answer;
    });
    // A handler that sends its own answer (a cached text) returns the reply.
    route(app, endpoint('/sent/{id}/'), ({ params, reply }) => reply.type('text/plain').send(`sent ${params.id}`));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers what a handler returns, whether a value, a promise or another thenable', async () => {
    for (const how of ['now', 'later', 'thenable']) {
      const res = await app.inject({ method: 'GET', url: `/${how}/7/` });
      expect({ how, status: res.statusCode, body: res.json() as unknown }).toEqual({ how, status: 200, body: { id: 7, how } });
    }
  });

  it('hands back a reply its handler sent as it is: no promise is made waiting for it (a reply is a thenable)', async () => {
    const res = await app.inject({ method: 'GET', url: '/sent/7/' });
    expect(res.body).toBe('sent 7');
    const out = returned.get('/sent/:id/');
    expect(out).not.toBeInstanceOf(Promise);
    expect((out as { sent?: boolean }).sent).toBe(true);
    // A value is answered in the same turn too; only a promise's handler returns one.
    await app.inject({ method: 'GET', url: '/now/7/' });
    expect(returned.get('/now/:id/')).not.toBeInstanceOf(Promise);
    await app.inject({ method: 'GET', url: '/later/7/' });
    expect(returned.get('/later/:id/')).toBeInstanceOf(Promise);
  });

  it('turns an error thrown at once, or a path naming no record, into its answer', async () => {
    expect((await app.inject({ method: 'GET', url: '/now/404/' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/now/abc/' })).statusCode).toBe(404);
  });
});
