import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DASHBOARD_COUNT_KEYS,
  DASHBOARD_LATEST_ENQUIRIES,
  DASHBOARD_STORAGE_TTL_SECONDS,
  type DashboardSummary,
} from '@darkroom/contracts';
import { assetIdOf, createTestApp, describeEachDatabase, insertGalleryPhotos, type TestApp } from '../../../test/harness';
import {
  accounts,
  carouselItems,
  clientGalleries,
  enquiries,
  homeGalleryImages,
  loveStories,
  pageImages,
  services,
  teamMembers,
} from '../../db/schema';
import type { StoredImage } from '../../media/stored-image';
import { forgetStorageUsage, storageUsage } from './dashboard.service';

/** Rows only need a well-formed image record to be counted; no files are involved. */
const image: StoredImage = {
  id: 0,
  original: 'o/aa/x.jpg',
  mime: 'image/jpeg',
  bytes: 1,
  sha256: 'aa',
  width: 800,
  height: 600,
  variants: [],
};

describeEachDatabase('dashboard', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const summary = async (): Promise<DashboardSummary> => {
    const res = await t.as({ method: 'GET', url: '/adminportal/dashboard/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as DashboardSummary;
  };

  it('requires an admin token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/adminportal/dashboard/' });
    expect(res.statusCode).toBe(401);
  });

  it('starts with zero everywhere except the seeded admin', async () => {
    const s = await summary();
    expect(Object.keys(s.counts)).toEqual([...DASHBOARD_COUNT_KEYS]);
    expect(s.counts).toEqual({
      services: 0,
      love_stories: 0,
      client_galleries: 0,
      gallery_photos: 0,
      team_members: 0,
      users: 0,
      admins: 1,
      enquiries: 0,
      page_images: 0,
      carousel_items: 0,
      home_gallery_images: 0,
    });
    expect(s.published).toEqual({
      services: 0,
      love_stories: 0,
      client_galleries: 0,
      page_images: 0,
      carousel_items: 0,
      home_gallery_images: 0,
    });
    expect(s.latest_enquiries).toEqual([]);
    expect(s.latest_deliveries).toEqual([]);
    expect(s.storage).toEqual({ files: expect.any(Number), bytes: expect.any(Number), measured_at: expect.stringMatching(/^\d{4}-/) });
  });

  it('counts every area, users apart from admins, and published rows apart', async () => {
    const db = t.database.db;
    const cover = await assetIdOf(t, image);
    await db.insert(services).values([
      { name: 'Weddings', description: 'd', coverAssetId: cover, status: true },
      { name: 'Portraits', description: 'd', coverAssetId: cover },
    ]);
    await db.insert(loveStories).values([
      { title: 'A', description: {}, coverAssetId: cover, status: true },
      { title: 'B', description: {}, coverAssetId: cover, status: true },
      { title: 'C', description: {}, coverAssetId: cover },
    ]);
    await db.insert(clientGalleries).values({ title: 'G', coverAssetId: cover });
    await insertGalleryPhotos(t, [
      { parentType: 'service', parentId: 1, name: 'a.jpg', image: { ...image, sha256: 'a' } },
      { parentType: 'love-story', parentId: 1, name: 'b.jpg', image: { ...image, sha256: 'b' } },
      { parentType: 'client-gallery', parentId: 1, name: 'c.jpg', image: { ...image, sha256: 'c' } },
      { parentType: 'client-gallery', parentId: 1, name: 'd.jpg', image: { ...image, sha256: 'd' } },
    ]);
    await db.insert(teamMembers).values({ name: 'T', email: 't@x.io', phone: '1', title: 'Lead', coverAssetId: cover });
    await db.insert(accounts).values([
      { username: 'cust1', passwordHash: 'x' },
      { username: 'cust2', passwordHash: 'x', isActive: false },
      { username: 'admin2', passwordHash: 'x', isStaff: true },
    ]);
    await db.insert(pageImages).values([
      { page: 1, imageAssetId: cover, status: true },
      { page: 2, imageAssetId: cover },
    ]);
    await db.insert(carouselItems).values({ header: 'H', title: 'T', message: 'M', imageAssetId: cover, status: true });
    await db.insert(homeGalleryImages).values([
      { name: 'h1', coverAssetId: cover },
      { name: 'h2', coverAssetId: cover },
      { name: 'h3', coverAssetId: cover, status: true },
    ]);

    const s = await summary();
    expect(s.counts).toEqual({
      services: 2,
      love_stories: 3,
      client_galleries: 1,
      gallery_photos: 4,
      team_members: 1,
      users: 2,
      admins: 2,
      enquiries: 0,
      page_images: 2,
      carousel_items: 1,
      home_gallery_images: 3,
    });
    expect(s.published).toEqual({
      services: 1,
      love_stories: 2,
      client_galleries: 0,
      page_images: 1,
      carousel_items: 1,
      home_gallery_images: 1,
    });
  });

  it('lists the newest five enquiries, newest first, with the spec fields', async () => {
    const base = Date.UTC(2026, 0, 1);
    await t.database.db.insert(enquiries).values(
      Array.from({ length: 7 }, (_, i) => ({
        fullName: `Visitor ${i}`,
        email: `v${i}@example.com`,
        message: `Message ${i}`,
        timeCreated: new Date(base + i * 60_000),
      })),
    );
    const s = await summary();
    expect(s.counts.enquiries).toBe(7);
    expect(s.latest_enquiries).toHaveLength(DASHBOARD_LATEST_ENQUIRIES);
    expect(s.latest_enquiries.map((e) => e.full_name)).toEqual(['Visitor 6', 'Visitor 5', 'Visitor 4', 'Visitor 3', 'Visitor 2']);
    expect(s.latest_enquiries[0]).toMatchObject({
      id: expect.any(Number),
      full_name: 'Visitor 6',
      email: 'v6@example.com',
      message: 'Message 6',
      status: 'new',
      time_created: new Date(base + 6 * 60_000).toISOString(),
    });
  });

  it('reflects an enquiry sent through the public form at once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/site/enquiries/',
      payload: { full_name: 'Fresh Visitor', email: 'fresh@example.com', message: 'Hello' },
      remoteAddress: '198.51.100.7',
    });
    expect(res.statusCode).toBe(201);
    const s = await summary();
    expect(s.counts.enquiries).toBe(8);
    expect(s.latest_enquiries[0]).toMatchObject({ full_name: 'Fresh Visitor', email: 'fresh@example.com', message: 'Hello' });
  });

  it('reports media storage, measured at most once per minute', async () => {
    forgetStorageUsage(t.ctx);
    const before = await storageUsage(t.ctx);
    await t.app.storage.put('dashboard-test/one.bin', Buffer.alloc(1234, 1));
    // Within the TTL the remembered figure is served: the folder is not walked again.
    expect((await summary()).storage).toEqual(before);
    const now = Date.parse(before.measured_at);
    expect(await storageUsage(t.ctx, now + (DASHBOARD_STORAGE_TTL_SECONDS - 1) * 1000)).toEqual(before);
    // After the TTL it is measured again and includes the new file.
    const later = now + DASHBOARD_STORAGE_TTL_SECONDS * 1000;
    const after = await storageUsage(t.ctx, later);
    expect(after).toEqual({ files: before.files + 1, bytes: before.bytes + 1234, measured_at: new Date(later).toISOString() });
    await t.app.storage.delete(['dashboard-test/one.bin']);
  });

  it('shares one folder walk between concurrent requests', async () => {
    forgetStorageUsage(t.ctx);
    const [a, b] = await Promise.all([summary(), summary()]);
    expect(a.storage).toEqual(b.storage);
  });

  it('counts the admins a new enquiry is mailed to: active, with an address', async () => {
    const { db } = t.database;
    // The seeded admin has an address; everyone else here is someone no notification reaches.
    expect((await summary()).enquiry_recipients).toBe(1);
    await db.insert(accounts).values([
      { username: 'blank-admin', passwordHash: 'x', isStaff: true, email: '  ' },
      { username: 'gone-admin', passwordHash: 'x', isStaff: true, isActive: false, email: 'gone@studio.test' },
      { username: 'a-customer', passwordHash: 'x', email: 'customer@example.com' },
    ]);
    expect((await summary()).enquiry_recipients).toBe(1);
    await db.update(accounts).set({ email: '' }).where(eq(accounts.username, 'owner'));
    try {
      expect((await summary()).enquiry_recipients).toBe(0);
    } finally {
      await db.update(accounts).set({ email: 'owner@studio.test' }).where(eq(accounts.username, 'owner'));
    }
  });
});
