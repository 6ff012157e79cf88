import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, inject } from 'vitest';
import { tryAgainIn } from '@darkroom/contracts';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createAccount } from '../src/auth/accounts.repository';
import { hashPassword } from '../src/auth/passwords';
import type { JobQueueOptions } from '../src/jobs/queue';
import type { Mailer } from '../src/mail/mailer';
import type { MediaStorage } from '../src/media/storage';
import type { RateLimiter } from '../src/lib/rate-limiter';
import { contextFor, systemContext, type AppContext } from '../src/context';
import type { Account } from '../src/auth/accounts.repository';
import { eq } from 'drizzle-orm';
import { galleries, galleryPhotos, outgoingMail, type GalleryParentType } from '../src/db/schema';
import { derivationSettled } from '../src/features/galleries/galleries.service';
import { upsertAsset } from '../src/media/assets.repository';
import type { StoredImage } from '../src/media/stored-image';

export type DatabaseKind = 'pglite' | 'postgres';
/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ADMIN = { username: 'owner', password: 'correct horse battery' };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL only: the address of this test's database, for a second process on it. */
  databaseUrl?: string;
  config: Config;
  /** The context of work done by the system (no admin acting). */
  ctx: AppContext;
  /** The context of a request by this admin. */
  contextAs(account: Account): AppContext;
  /** Token of the seeded admin (signed in on first use). */
  token(): Promise<string>;
  /** inject() with the admin's Authorization header. */
  as(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

async function openTestDatabase(kind: DatabaseKind): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
    return { database: await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteDump: dump }), drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const template = inject('pgTemplate');
  const name = `darkroom_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Copying a template fails while another copy holds it; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      break;
    } catch (err) {
      if (attempt > 40) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), pgliteDir: null, poolSize: 4 });
  return {
    database,
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  limiter?: RateLimiter;
  log?: FastifyBaseLogger;
  jobs?: JobQueueOptions;
}

/** A real app on a fresh copy of the migrated database, with one admin seeded. */
export async function createTestApp(kind: DatabaseKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-app-'));
  // E-mail is tried once unless a test says otherwise: a refusal is then final at once.
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_DIST: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'silent',
    MAIL_RETRY_LIMIT: '0',
    // In the test's own process: a child per app would add a start to every test that uploads
    // (media/derive-process.test.ts and the server-process tests run the child).
    DERIVE_PROCESS: 'false',
    ...opts.env,
  });
  const { database, url: databaseUrl, drop } = await openTestDatabase(kind);
  const app = await buildApp({
    config,
    database,
    logger: process.env.TEST_LOGS ? undefined : false,
    mailer: opts.mailer,
    limiter: opts.limiter,
    log: opts.log,
    jobs: opts.jobs ?? { pollingIntervalSeconds: 0.5 },
  });
  await createAccount(database.db, {
    username: ADMIN.username,
    passwordHash: await hashPassword(ADMIN.password),
    isStaff: true,
    firstName: 'Olive',
    lastName: 'Owner',
    email: 'owner@studio.test',
    phone: '+1 555 0100',
  });
  let token: string | null = null;
  const getToken = async () => {
    if (token) return token;
    const res = await app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: ADMIN });
    if (res.statusCode !== 200) throw new Error(`test login failed: ${res.body}`);
    token = (res.json() as { authToken: string }).authToken;
    return token;
  };
  return {
    app,
    database,
    databaseUrl,
    config,
    ctx: systemContext(app.runtime, 'test'),
    contextAs: (account) => contextFor(app.runtime, { kind: 'admin', account, tokenId: null }),
    token: getToken,
    as: async (o) => app.inject({ ...o, headers: { ...o.headers, authorization: `Token ${await getToken()}` } }),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL only: another app on this test's database, as a second process behind a load
 * balancer would be (its own connections, caches and LISTEN/NOTIFY), with its own limiter if given.
 */
export async function secondProcess(
  t: TestApp,
  opts: { limiter?: RateLimiter } = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (!t.databaseUrl) throw new Error('a second process needs PostgreSQL');
  const database = await openDatabase({ databaseUrl: t.databaseUrl, pgliteDir: null, migrate: false, poolSize: 2 });
  try {
    const app = await buildApp({ config: t.config, database, logger: false, limiter: opts.limiter });
    return {
      app,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/**
 * Starts the app's job queue (once) and waits until no e-mail is queued: each was sent, or failed
 * after its last try. The test's own timeout bounds the wait.
 */
export async function mailSettled(t: Pick<TestApp, 'app' | 'database'>): Promise<void> {
  await t.app.runtime.jobs.start(t.app.runtime);
  while ((await t.database.db.select({ id: outgoingMail.id }).from(outgoingMail).where(eq(outgoingMail.status, 'queued'))).length) {
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Starts the app's job queue (once) and waits until no photo is processing: each was derived, or
 * failed. Uploads answer before derivation, so a test reading what visitors see waits here first.
 * The test's own timeout bounds the wait.
 */
export const photosDerived = (t: Pick<TestApp, 'app'>): Promise<void> => derivationSettled(systemContext(t.app.runtime, 'test'));

/** The database of a server process the test starts, and a way for the test to look into it. */
export interface ProcessDatabase {
  /** What the process is started with (nothing for PGlite: it lives in its data directory). */
  env: Record<string, string>;
  /** Opens it beside (or after) the process, without migrating. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** PGlite in `dataDir`, or a new empty PostgreSQL database that the process migrates as at a first start. */
export async function processDatabase(kind: DatabaseKind, dataDir: string): Promise<ProcessDatabase> {
  if (kind === 'pglite') {
    return {
      env: {},
      open: () => openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') }),
      drop: async () => {},
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `darkroom_p_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    env: { DATABASE_URL: url },
    open: () => openDatabase({ databaseUrl: url, pgliteDir: null, migrate: false, poolSize: 2 }),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Runs a suite once per database kind: `describeEachDatabase('services', (kind) => ...)`. */
export function describeEachDatabase(name: string, fn: (kind: DatabaseKind) => void): void {
  for (const kind of DATABASE_KINDS) describe(`${name} [${kind}]`, () => fn(kind));
}

export type FormValue = string | number | boolean | { filename: string; content: Buffer; type?: string };

/** A multipart body for inject(), built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, FormValue | FormValue[]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const fd = new FormData();
  for (const [key, raw] of Object.entries(fields)) {
    for (const v of Array.isArray(raw) ? raw : [raw]) {
      if (typeof v === 'object')
        fd.append(key, new Blob([new Uint8Array(v.content)], { type: v.type ?? 'application/octet-stream' }), v.filename);
      else fd.append(key, String(v));
    }
  }
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

/** A real image made by sharp; `seed` changes the pixels so each seed has its own SHA-256. */
export async function makeImage(opts: { width?: number; height?: number; format?: 'jpeg' | 'png'; seed?: number } = {}): Promise<Buffer> {
  const { width = 1600, height = 1000, format = 'jpeg', seed = 1 } = opts;
  const r = (seed * 73) % 256;
  const g = (seed * 151) % 256;
  const b = (seed * 199) % 256;
  const overlay = Buffer.from(
    `<svg width="${width}" height="${height}"><rect x="${seed % 97}" y="${seed % 53}" width="${Math.max(10, width / 3)}" height="${Math.max(10, height / 3)}" fill="rgb(${255 - r},${255 - g},${255 - b})"/></svg>`,
  );
  const img = sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).composite([{ input: overlay }]);
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
}

/** Whether a file is stored under `key`. */
export const fileStored = async (storage: MediaStorage, key: string) => (await storage.stat(key)) !== null;

/** The storage key behind a `/media/...` URL from an API response. */
export const mediaKeyOf = (url: string) => url.replace(/^\/media\//, '');

/**
 * A row as tests read it: every `<field>AssetId` column also given as `<field>`, the stored
 * image it points at (null when the column is null).
 */
export type WithImages<Row> = Row & {
  [K in keyof Row as K extends `${infer F}AssetId` ? F : never]: Row[K] extends number ? StoredImage : StoredImage | null;
};
export async function rowWithImages<Row extends object>(t: TestApp, row: Row): Promise<WithImages<Row>> {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const [key, value] of Object.entries(row)) {
    const m = /^(.+)AssetId$/.exec(key);
    if (m) out[m[1]!] = typeof value === 'number' ? await t.app.runtime.assets.image(value) : null;
  }
  return out as WithImages<Row>;
}

/** Gallery photos as tests read them: with their owner (`parentType`, `parentId`) and image. */
export async function galleryPhotoRows(
  t: TestApp,
  filter: { type?: GalleryParentType; parentId?: number; id?: number } = {},
): Promise<{ id: number; parentType: GalleryParentType; parentId: number; name: string; image: StoredImage; assetId: number }[]> {
  const rows = await t.database.db
    .select({ photo: galleryPhotos, gallery: galleries })
    .from(galleryPhotos)
    .innerJoin(galleries, eq(galleries.id, galleryPhotos.galleryId))
    .orderBy(galleryPhotos.id);
  const out = [];
  for (const { photo, gallery } of rows) {
    const parentType: GalleryParentType =
      gallery.serviceId !== null ? 'service' : gallery.loveStoryId !== null ? 'love-story' : 'client-gallery';
    const parentId = (gallery.serviceId ?? gallery.loveStoryId ?? gallery.clientGalleryId)!;
    if (filter.type && filter.type !== parentType) continue;
    if (filter.parentId !== undefined && filter.parentId !== parentId) continue;
    if (filter.id !== undefined && filter.id !== photo.id) continue;
    out.push({
      id: photo.id,
      parentType,
      parentId,
      name: photo.name,
      assetId: photo.assetId,
      image: (await t.app.runtime.assets.image(photo.assetId))!,
    });
  }
  return out;
}

/** Puts photos straight into galleries (recording their images as assets), bypassing the upload route. */
export async function insertGalleryPhotos(
  t: TestApp,
  photos: { parentType: GalleryParentType; parentId: number; name: string; image: StoredImage }[],
): Promise<void> {
  const owner = { service: 'serviceId', 'love-story': 'loveStoryId', 'client-gallery': 'clientGalleryId' } as const;
  await t.database.db.transaction(async (tx) => {
    for (const p of photos) {
      const col = owner[p.parentType];
      await tx
        .insert(galleries)
        .values({ [col]: p.parentId })
        .onConflictDoNothing();
      const [gallery] = await tx.select().from(galleries).where(eq(galleries[col], p.parentId));
      const assetId = (await upsertAsset(tx, p.image, null)).id;
      await tx.insert(galleryPhotos).values({ galleryId: gallery!.id, name: p.name, assetId });
    }
  });
}

/**
 * A customer's name in a list served from the response cache, before and after an admin renames
 * them (through the people area, which drops its cache tag): the `user_text` of record `id`.
 */
export async function userTextAroundRename(
  t: TestApp,
  listUrl: string,
  id: number,
  customer: number,
  rename: { first_name: string; last_name: string },
): Promise<[string | undefined, string | undefined]> {
  const listed = async () =>
    ((await t.as({ method: 'GET', url: listUrl })).json() as { id: number; user_text: string }[]).find((r) => r.id === id)?.user_text;
  const before = await listed();
  const res = await t.as({ method: 'PATCH', url: `/adminportal/manage-users/${customer}/`, payload: rename });
  expect(res.statusCode, res.body).toBe(200);
  return [before, await listed()];
}

/** Records an image as an asset without checking its files (placeholder images in tests). */
/** A parent's cover that is not under test: an asset record without files (`digit` keeps tests' records apart). */
export const placeholderCover = (digit: string): StoredImage => ({
  id: 0,
  original: `o/00/${digit.repeat(64)}.jpg`,
  mime: 'image/jpeg',
  bytes: 1,
  sha256: digit.repeat(64),
  width: 1,
  height: 1,
  variants: [],
});

export async function assetIdOf(t: TestApp, image: StoredImage): Promise<number> {
  return (await upsertAsset(t.database.db, image, null)).id;
}

/**
 * Checks a throttled answer: 429, a Retry-After of at most `windowMs` (in seconds), and the answer
 * (its JSON detail, or a page's body) saying `message` and when to try again, as Retry-After does.
 */
export function expectThrottled(res: LightMyRequestResponse, message: string, windowMs: number): void {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(Math.ceil(windowMs / 1000));
  const said = `${message} ${tryAgainIn(wait)}`;
  if (/^application\/json/.test(String(res.headers['content-type']))) expect(res.json()).toEqual({ detail: said });
  else expect(res.body).toContain(said);
}
