import Fastify, { type FastifyInstance } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBodies } from './multipart';

describe('multipartBodies', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(multipartBodies, { limits: { fileSize: 1024 } });
    app.post('/parts', async (request) => {
      const seen: string[] = [];
      for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
        if (part.type === 'file') seen.push(`${part.fieldname}=${(await part.toBuffer()).toString()}`);
        else seen.push(`${part.fieldname}=${String(part.value)}`);
      }
      return { seen };
    });
    app.post('/save', async (request) => {
      await request.saveRequestFiles();
      return { saved: true };
    });
    app.get('/plain', () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  /** A multipart body of one text field and one file, posted to `url`. */
  const postParts = (url: string) => {
    const boundary = 'darkroom-test-boundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="title"',
      '',
      'Spring',
      `--${boundary}`,
      'Content-Disposition: form-data; name="photo"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'bytes',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    return app.inject({ method: 'POST', url, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  };

  it('reads a multipart body part by part', async () => {
    const res = await postParts('/parts');
    expect(res.json()).toEqual({ seen: ['title=Spring', 'photo=bytes'] });
  });

  it('adds no hook to every request (the plugin added an onRequest and an onResponse one)', async () => {
    const hooks = app.printRoutes({ includeHooks: true, commonPrefix: false });
    expect(hooks).toMatch(/\/plain \(GET\)/);
    expect(hooks).not.toMatch(/onRequest|onResponse/);
    expect((await app.inject({ method: 'GET', url: '/plain' })).json()).toEqual({ ok: true });
  });

  it('refuses saveRequestFiles, whose files those hooks would have removed', async () => {
    const res = await postParts('/save');
    expect(res.statusCode).toBe(500);
    expect((res.json() as { message: string }).message).toMatch(/saveRequestFiles is not used here/);
  });
});
