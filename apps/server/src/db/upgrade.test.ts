import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { originalUrl } from '@darkroom/contracts';
import { ADMIN, describeEachDatabase, makeImage, type DatabaseKind } from '../../test/harness';
import { buildApp } from '../app';
import { createAccount } from '../auth/accounts.repository';
import { hashPassword } from '../auth/passwords';
import { loadConfig, type Config } from '../config';
import { displayUrl, imageKeys, processImage } from '../media/image-pipeline';
import { diskStorage } from '../media/storage';
import type { StoredImage } from '../media/stored-image';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type Database } from './client';

/** The migrations of the first release only (0000), so a database can be made the way it was. */
function firstReleaseMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-0000-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag === '0000_init');
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  fs.copyFileSync(path.join(MIGRATIONS_DIR, '0000_init.sql'), path.join(dir, '0000_init.sql'));
  fs.copyFileSync(path.join(MIGRATIONS_DIR, 'meta/0000_snapshot.json'), path.join(dir, 'meta/0000_snapshot.json'));
  return dir;
}

async function openEmpty(kind: DatabaseKind): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite')
    return { database: await openDatabase({ databaseUrl: null, pgliteDir: null, migrate: false }), drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL!;
  const name = `darkroom_up_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), pgliteDir: null, migrate: false, poolSize: 2 });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The jsonb the first release stored for an image (no asset id). */
const oldJson = (img: StoredImage) => {
  const { id: _id, ...rest } = img;
  return JSON.stringify(rest);
};

describeEachDatabase('upgrade from the first release', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let config: Config;
  let token: string;
  const images: StoredImage[] = [];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-upgrade-'));
    config = loadConfig({ DATA_DIR: dataDir, ADMIN_DIST: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'silent' });
    ({ database, drop } = await openEmpty(kind));
    const old = firstReleaseMigrations();
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: old });
    else await migratePg(database.db as never, { migrationsFolder: old });
    fs.rmSync(old, { recursive: true, force: true });

    // A studio's data as the first release wrote it: real files, jsonb image columns.
    const storage = diskStorage(config.mediaDir);
    for (let seed = 1; seed <= 7; seed++) {
      const file = path.join(dataDir, `in-${seed}.jpg`);
      fs.writeFileSync(file, await makeImage({ width: 1600, height: 1000, seed: 700 + seed }));
      images.push(await processImage(storage, { path: file, bytes: fs.statSync(file).size }, { field: 'x', use: 'galleryPhoto' }));
    }
    const [a, b, c, d, e] = images.map(oldJson) as string[];
    const db = database.db;
    const one = async (q: ReturnType<typeof sql>) => {
      const res = await db.execute(q);
      const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { id: number }[];
      return rows[0]?.id ?? 0;
    };
    ids.customer = await one(sql`insert into accounts (username, password_hash) values ('cust', 'x') returning id`);
    ids.service = await one(
      sql`insert into services (name, description, cover, status) values ('Weddings', 'd', ${a}::jsonb, true) returning id`,
    );
    ids.pageImage = await one(sql`insert into page_images (page, image) values (2, ${b}::jsonb) returning id`);
    ids.about = await one(
      sql`insert into about_content (header_text, info_text1, page_image, info_image) values ('H', 'I', ${c}::jsonb, ${d}::jsonb) returning id`,
    );
    ids.carousel = await one(
      sql`insert into carousel_items (header, title, message, image) values ('H', 'T', 'M', ${e}::jsonb) returning id`,
    );
    ids.home = await one(sql`insert into home_gallery_images (name, cover) values ('h.jpg', ${a}::jsonb) returning id`);
    ids.contact = await one(sql`insert into contact_us_content (email, phone, nav_image) values ('s@x.io', '1', ${b}::jsonb) returning id`);
    ids.story = await one(
      sql`insert into love_stories (title, description, account_id, cover) values ('Ann', '{"description1":"x"}', ${ids.customer}, ${c}::jsonb) returning id`,
    );
    ids.client = await one(
      sql`insert into client_galleries (title, account_id, cover) values ('Smith', ${ids.customer}, ${d}::jsonb) returning id`,
    );
    ids.team = await one(
      sql`insert into team_members (name, email, phone, title, cover) values ('T', 't@x.io', '1', 'Lead', ${e}::jsonb) returning id`,
    );
    ids.servicePage = await one(sql`insert into service_page (name, description, image) values ('S', 'd', ${a}::jsonb) returning id`);
    const photo = (type: string, parent: number, name: string, img: StoredImage, position: number) =>
      db.execute(
        sql`insert into gallery_photos (parent_type, parent_id, name, title, sha256, image, position) values (${type}, ${parent}, ${name}, ${name}, ${img.sha256}, ${oldJson(img)}::jsonb, ${position})`,
      );
    await photo('service', ids.service, 'one.jpg', images[1]!, 0);
    await photo('service', ids.service, 'two.jpg', images[2]!, 1);
    await photo('service', ids.service, 'three.jpg', images[6]!, 2);
    await photo('love-story', ids.story, 'ann.jpg', images[3]!, 0);
    await photo('client-gallery', ids.client, 'smith.jpg', images[4]!, 0);
    // A photo whose love story was deleted before its photos (the old schema could not prevent it).
    await photo('love-story', 999, 'lost.jpg', images[5]!, 0);

    // The upgrade: the same start-up migration any release runs.
    await migrateDatabase(database);

    app = await buildApp({ config, database, logger: false });
    await createAccount(database.db, { username: ADMIN.username, passwordHash: await hashPassword(ADMIN.password), isStaff: true });
    const login = await app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: ADMIN });
    token = (login.json() as { authToken: string }).authToken;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  const get = async <T>(url: string): Promise<T> => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const served = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;

  it('keeps every area image, served from the same files', async () => {
    const [a, b, c, d, e] = images.map((i) => displayUrl(i));
    type Row = Record<string, unknown>;
    const expectImage = async (row: Row | undefined, field: string, url: string) => {
      expect(row?.[field], field).toBe(url);
      expect(await served(url)).toBe(200);
    };
    // A client gallery's images are private: the portal gets signed links (the file is the same).
    const expectSigned = async (row: Row | undefined, field: string, url: string) => {
      expect(String(row?.[field]).startsWith(`${url}?exp=`), field).toBe(true);
      expect(await served(String(row?.[field]))).toBe(200);
    };
    await expectImage((await get<Row[]>('/adminportal/manage-services/'))[0], 'cover_image', a!);
    const pageImage = (await get<Row[]>('/adminportal/pages-images/'))[0]!;
    expect((pageImage.image_view as { url: string }).url).toBe(b);
    const about = (await get<Row[]>('/adminportal/pages/about-content/'))[0]!;
    expect((about.page_image_view as { url: string }).url).toBe(c);
    await expectImage(about, 'info_image', d!);
    await expectImage((await get<Row[]>('/adminportal/manage-carousel/'))[0], 'image', e!);
    await expectImage((await get<Row[]>('/adminportal/home-gallery-image/'))[0], 'cover_image', a!);
    await expectImage((await get<Row[]>('/adminportal/pages/contact-us-content/'))[0], 'nav_image', b!);
    await expectImage((await get<Row[]>('/adminportal/manage-love-stories/'))[0], 'cover_image', c!);
    await expectSigned((await get<Row[]>('/adminportal/manage-client-galleries/'))[0], 'cover_image', d!);
    await expectImage((await get<Row[]>('/adminportal/pages/the-team/'))[0], 'cover_image', e!);
    await expectImage((await get<Row[]>('/adminportal/pages/service-content/'))[0], 'image', a!);
  });

  it('keeps every gallery photo in order with its parent, and drops orphans', async () => {
    type Photo = { name: string; land_scape_img: string; gal: number; type: string };
    const service = await get<Photo[]>(`/adminportal/service-galleries/${ids.service}/`);
    expect(service.map((p) => [p.name, p.land_scape_img, p.gal, p.type])).toEqual([
      ['one.jpg', displayUrl(images[1]!), ids.service, 'service'],
      ['two.jpg', displayUrl(images[2]!), ids.service, 'service'],
      ['three.jpg', displayUrl(images[6]!), ids.service, 'service'],
    ]);
    const story = await get<Photo[]>(`/adminportal/galleries/love-stories/${ids.story}/`);
    expect(story.map((p) => [p.name, p.land_scape_img])).toEqual([['ann.jpg', displayUrl(images[3]!)]]);
    const client = await get<Photo[]>(`/adminportal/client-photos/${ids.client}/`);
    expect(client.map((p) => [p.name, p.land_scape_img.split('?')[0]])).toEqual([['smith.jpg', displayUrl(images[4]!)]]);
    expect(client[0]!.land_scape_img).toMatch(/\?exp=\d+&sig=/);
    for (const p of [...service, ...story, ...client]) expect(await served(p.land_scape_img)).toBe(200);
    const res = await database.db.execute(sql`select count(*)::int as n from gallery_photos`);
    const rows = (Array.isArray(res) ? res : (res as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0]!.n).toBe(5);
  });

  it('gives every existing client gallery its own delivery link, closed until published', async () => {
    type G = { id: number; delivery_url: string; allow_download: boolean; delivery_password_set: boolean; favourites_count: number };
    const [g] = await get<G[]>('/adminportal/manage-client-galleries/');
    expect(g!.delivery_url).toMatch(/^\/g\/[A-Za-z0-9_-]{43}\/$/);
    expect(g).toMatchObject({ allow_download: true, delivery_password_set: false, favourites_count: 0 });
    const json = `/site/galleries/${g!.delivery_url.slice(3)}`;
    expect(await served(json)).toBe(404);
    await app.inject({
      method: 'PATCH',
      url: `/adminportal/manage-client-galleries/${g!.id}/`,
      headers: { authorization: `Token ${token}` },
      payload: { status: true },
    });
    expect(await served(json)).toBe(200);
  });

  it('serves every original, byte for byte, to an admin', async () => {
    for (const img of images.slice(0, 5)) {
      const res = await app.inject({ method: 'GET', url: originalUrl(img.sha256), headers: { authorization: `Token ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(fs.readFileSync(path.join(config.mediaDir, img.original)))).toBe(true);
    }
  });

  it('lets the sweep collect what only the dropped orphan held, and nothing else', async () => {
    const runtime = app.runtime;
    await runtime.assets.collectUnreferenced(new Date(Date.now() + 60_000));
    const exists = (key: string) => fs.existsSync(path.join(config.mediaDir, key));
    expect(imageKeys(images[5]!).some(exists)).toBe(false);
    for (const img of [...images.slice(0, 5), images[6]!]) expect(imageKeys(img).every(exists)).toBe(true);
  });

  it('enforces the new parents: deleting a service deletes its gallery and frees its files', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: `/adminportal/manage-services/${ids.service}/`,
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(204);
    const left = await database.db.execute(sql`select count(*)::int as n from galleries where service_id is not null`);
    const rows = (Array.isArray(left) ? left : (left as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0]!.n).toBe(0);
    const exists = (key: string) => fs.existsSync(path.join(config.mediaDir, key));
    // images[6] was only in the service's gallery; its cover and its other photos are used elsewhere.
    expect(imageKeys(images[6]!).some(exists)).toBe(false);
    for (const img of images.slice(0, 5)) expect(imageKeys(img).every(exists)).toBe(true);
  });
});
