import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeImage, multipart, type TestApp } from '../../test/harness';
import { startTestBucket, type TestBucket } from '../../test/s3rver';
import { spoolDir } from './spool';

const BASE = '/adminportal/pages/the-team/';

describe('a bucket that stops answering', () => {
  let bucket: TestBucket;
  let t: TestApp;
  let seed = 1;
  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await createTestApp('pglite', { env: { ...bucket.env, S3_PREFIX: 'faults' } });
  });
  afterAll(async () => {
    await t.close();
    await bucket.close();
  });

  const create = async (name: string) =>
    t.as({
      method: 'POST',
      url: BASE,
      ...(await multipart({
        name,
        email: 'maya@studio.test',
        phone: '+1 555 0101',
        title: 'Photographer',
        cover_image: { filename: 'p.jpg', content: await makeImage({ width: 600, height: 600, seed: seed++ }), type: 'image/jpeg' },
      })),
    });
  const names = async () => ((await t.as({ method: 'GET', url: BASE })).json() as { name: string }[]).map((m) => m.name).sort();
  const spooled = () => (fs.existsSync(spoolDir()) ? fs.readdirSync(spoolDir()) : []);

  it('answers an upload 503 with a message, records nothing, leaves no spool file; works again once it is back', async () => {
    const ok = await create('Before');
    expect(ok.statusCode, ok.body).toBe(201);
    const shown = await t.app.inject({ method: 'GET', url: (ok.json() as { cover_image: string }).cover_image });
    expect(shown.statusCode).toBe(200);

    await bucket.stop();
    const failed = await create('During');
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json()).toEqual({ detail: 'The media storage is not answering. Please try again in a few minutes.' });
    expect(failed.headers['retry-after']).toBe('60');
    await expect.poll(spooled).toEqual([]);
    // Serving fails the same way, not with a 500.
    expect((await t.app.inject({ method: 'GET', url: (ok.json() as { cover_image: string }).cover_image })).statusCode).toBe(503);

    await bucket.restart();
    expect(await names()).toEqual(['Before']);
    const after = await create('After');
    expect(after.statusCode, after.body).toBe(201);
    expect(await names()).toEqual(['After', 'Before']);
  });
});
