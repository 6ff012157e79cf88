import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness';
import { doneLine, main, parseSeedArgs } from './cli';
import { DEMO_SIZES, seedDemoStudio } from './demo-studio';

it('reads the demo sizes from the command line, and refuses anything else', () => {
  expect(parseSeedArgs(['--demo'])).toEqual(DEMO_SIZES);
  expect(parseSeedArgs(['--demo', '--photos', '12', '--customers', '3'])).toEqual({ ...DEMO_SIZES, photos: 12, customers: 3 });
  expect(parseSeedArgs([])).toBeNull();
  expect(parseSeedArgs(['--demo', '--photos'])).toBeNull();
  expect(parseSeedArgs(['--demo', '--photos', '-1'])).toBeNull();
  expect(parseSeedArgs(['--demo', '--colour', '3'])).toBeNull();
});

it('says how to sign in next: an admin to create only when none exists', () => {
  expect(doneLine(12.34, false)).toBe('Done in 12.3 s. Create an admin with: npm run admin -- create <name>');
  expect(doneLine(12.34, true)).not.toContain('Create an admin');
});

it('refuses with one line, no stack trace, while the server has the embedded database open', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-busy-'));
  // The marker a running server leaves (db/client.ts): a live process that is not this one.
  fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  fs.writeFileSync(`${path.join(dataDir, 'pglite')}.pid`, String(process.ppid));
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  try {
    expect(await main(['--demo', '--services', '1'], { DATA_DIR: dataDir })).toBe(1);
  } finally {
    spy.mockRestore();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  expect(errors).toEqual([`The seed needs the database to itself: stop the server (pid ${process.ppid}) first, then run it again.`]);
});

describeEachDatabase('demo seed', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('fills a studio through the real services: services, a gallery in order, customers, client galleries, enquiries', async () => {
    const sizes = { services: 3, photos: 12, customers: 25, enquiries: 1100, clientGalleries: 2 };
    const lines: string[] = [];
    const seeded = await seedDemoStudio(t.ctx, sizes, (l) => lines.push(l));

    const services = (await t.as({ method: 'GET', url: '/adminportal/manage-services/' })).json() as { id: number; status: boolean }[];
    expect(services).toHaveLength(3);
    expect(services.filter((s) => s.status)).toHaveLength(3);
    const photos = (await t.as({ method: 'GET', url: `/adminportal/service-galleries/${seeded.galleryServiceId}/` })).json() as {
      name: string;
    }[];
    expect(photos.map((p) => p.name)).toEqual(Array.from({ length: 12 }, (_, i) => `wedding-${String(i + 1).padStart(5, '0')}.jpg`));
    const users = (await t.as({ method: 'GET', url: '/adminportal/manage-users/' })).json() as { email: string }[];
    expect(users).toHaveLength(25);
    expect(new Set(users.map((u) => u.email)).size).toBe(25);
    const galleries = (await t.as({ method: 'GET', url: '/adminportal/manage-client-galleries/' })).json() as {
      id: number;
      status: boolean;
    }[];
    expect(galleries).toHaveLength(2);
    // Everything made is published: the home page has its hero, the galleries can be sent.
    expect(galleries.every((g) => g.status)).toBe(true);
    const slides = (await t.as({ method: 'GET', url: '/adminportal/manage-carousel/' })).json() as { status: boolean }[];
    expect(slides.map((s) => s.status)).toEqual([true]);
    const stories = (await t.as({ method: 'GET', url: '/adminportal/manage-love-stories/' })).json() as { status: boolean }[];
    expect(stories.map((s) => s.status)).toEqual([true]);
    // Each client gallery holds photos to deliver.
    for (const g of galleries) {
      const clientPhotos = (await t.as({ method: 'GET', url: `/adminportal/client-photos/${g.id}/` })).json() as { name: string }[];
      expect(clientPhotos.map((p) => p.name)).toEqual(Array.from({ length: 12 }, (_, i) => `DSC_${String(i + 1).padStart(4, '0')}.jpg`));
    }
    const enquiries = (await t.as({ method: 'GET', url: '/adminportal/user-enqueries/' })).json() as { total: number };
    expect(enquiries.total).toBe(1100);
    expect(lines).toContain('enquiries: 1100');
    expect(lines).toContain('carousel slide and love story: published');
    // A customer can not sign in with anything the seed knows.
    const login = await t.app.inject({
      method: 'POST',
      url: '/accounts/auth-admin/login/',
      payload: { username: 'ana.silva.0', password: '' },
    });
    expect(login.statusCode).not.toBe(200);
  });
});
