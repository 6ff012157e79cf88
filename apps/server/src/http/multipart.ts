import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { fastifyMultipart, type FastifyMultipartOptions } from '@fastify/multipart';

/** The plugin's hooks that only look after files saved by `saveRequestFiles`. */
const SAVED_FILE_HOOKS: ReadonlySet<string> = new Set(['onRequest', 'onResponse']);

const notUsedHere = () => {
  throw new Error('saveRequestFiles is not used here: read-body.ts spools uploads and removes them');
};

/**
 * @fastify/multipart's body parser and `request.parts()`, without its two hooks on every request
 * (an async onRequest adding a 'close' listener, an async onResponse): they remove the temporary
 * files of `saveRequestFiles`, which this server never calls (read-body.ts spools uploads itself
 * and app.ts releases them, on body routes only). On a cached GET they were a promise to wait
 * for before the route ran, a listener and a hook chain after it. `saveRequestFiles` throws, so
 * nothing can save files the hooks would have removed.
 */
export const multipartBodies = fp(
  (app: FastifyInstance, options: FastifyMultipartOptions, done: (err?: Error) => void) => {
    const withoutSavedFileHooks = new Proxy(app, {
      get(target, key) {
        if (key === 'addHook')
          return (name: string, hook: unknown) =>
            SAVED_FILE_HOOKS.has(name) ? withoutSavedFileHooks : target.addHook(name as 'onRequest', hook as never);
        if (key === 'decorateRequest')
          return (name: string, value: unknown) => target.decorateRequest(name, name === 'saveRequestFiles' ? notUsedHere : value);
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    (fastifyMultipart as unknown as FastifyPluginCallback<FastifyMultipartOptions>)(withoutSavedFileHooks, options, done);
  },
  { name: 'multipart-bodies', fastify: '5.x' },
);
