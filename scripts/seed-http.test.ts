import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, createTestApp, describeEachDatabase, type TestApp } from '../apps/server/test/harness';
import { SeedError, seedOverHttp } from './seed-http';

describeEachDatabase('the HTTP seed', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('publishes what it makes: the slide (the home page hero), the love story, the client gallery', async () => {
    await seedOverHttp(base, ADMIN.username, ADMIN.password);
    for (const list of ['manage-carousel', 'manage-love-stories', 'manage-client-galleries']) {
      const rows = (await t.as({ method: 'GET', url: `/adminportal/${list}/` })).json() as { status: boolean }[];
      expect(
        rows.map((r) => r.status),
        list,
      ).toEqual([true]);
    }
  });

  it('fails with one line when the password is wrong or no server answers', async () => {
    const wrong = await seedOverHttp(base, ADMIN.username, 'not the password').catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(SeedError);
    expect((wrong as Error).message).toMatch(/^Signing in as "owner" failed \(400\)/);
    const nobody = await seedOverHttp('http://127.0.0.1:9', 'admin', 'x').catch((e: unknown) => e);
    expect(nobody).toBeInstanceOf(SeedError);
    expect((nobody as Error).message).toBe('No Darkroom answers at http://127.0.0.1:9: start it (npm start) and give its address.');
  });
});
