import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import * as tar from 'tar-stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { diskStorage, type MediaStorage } from '../media/storage';
import { archiveFileWriter } from '../media/archive';
import {
  createTestApp,
  DATABASE_KINDS,
  describeEachDatabase,
  makeImage,
  multipart,
  type DatabaseKind,
  type TestApp,
} from '../../test/harness';
import { exportRows, insertRows, listTables } from './backup.repository';
import { BackupError, restoreBackup, verifyBackup, writeBackup } from './backup.service';
import { main as cli } from './cli';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-backup-'));

/** An empty target: a database with nothing in it (not even migrations) and an empty media folder. */
interface Target {
  database: Database;
  storage: MediaStorage;
  dir: string;
  url: string | null;
  close(): Promise<void>;
}

async function emptyTarget(kind: DatabaseKind): Promise<Target> {
  const dir = tmp();
  const storage = diskStorage(path.join(dir, 'media'));
  if (kind === 'pglite') {
    // The migrated template holds no rows: empty as far as a restore is concerned.
    const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteDump: dump, migrate: false });
    return {
      database,
      storage,
      dir,
      url: null,
      close: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `darkroom_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), pgliteDir: null, poolSize: 2, migrate: false });
  return {
    database,
    storage,
    dir,
    url: u.toString(),
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every row of every table, as UTC JSON text, sorted: two databases in the same state give the same answer. */
async function allRows(database: Database): Promise<Record<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const t of await listTables(tx)) {
      const res = (await tx.execute(sql`select row_to_json(r)::text as row from ${sql.identifier(t.name)} r`)) as unknown as {
        rows: { row: string }[];
      };
      out[t.name] = res.rows.map((r) => r.row).sort();
    }
    return out;
  });
}

async function allFiles(storage: MediaStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const o of storage.list()) {
    const hash = createHash('sha256');
    for await (const chunk of (await storage.read(o.key))!) hash.update(chunk as Buffer);
    out[o.key] = hash.digest('hex');
  }
  return out;
}

/** Storage keys named anywhere in the rows (originals `o/..`, derived `d/..`), found without knowing the schema. */
function referencedKeys(rows: Record<string, string[]>): Set<string> {
  const keys = new Set<string>();
  for (const list of Object.values(rows))
    for (const row of list) for (const m of row.matchAll(/"([od]\/[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z]+)"/g)) keys.add(m[1]!);
  return keys;
}

let seed = 1;
const image = (width = 640, height = 420) => makeImage({ width: width + (seed % 7) * 2, height, seed: seed++ });

/** A studio with some of everything, made through the API as an admin would. */
async function populate(t: TestApp): Promise<void> {
  const post = async (url: string, fields: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = await multipart(fields);
    const res = await t.as({ method: 'POST', url, payload, headers });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const json = async (url: string, payload: object) => {
    const res = await t.as({ method: 'POST', url, payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const customer = await json('/adminportal/manage-users/', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    username: 'ada',
    phone: '+44 20 7946 0000',
  });
  await json('/adminportal/manage-users/', {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    username: 'grace',
    phone: '+1 555 0101',
  });
  const serviceIds: number[] = [];
  for (const name of ['Weddings', 'Portraits']) {
    const s = await post('/adminportal/manage-services/', {
      name,
      description: `${name} — «unhurried» coverage 📷`,
      cover_image: { filename: 'c.jpg', content: await image(), type: 'image/jpeg' },
    });
    serviceIds.push(s.id);
    await post('/adminportal/manage-gallery/', {
      service: String(s.id),
      land_scape_image: [
        { filename: `${name}-1.jpg`, content: await image(), type: 'image/jpeg' },
        {
          filename: `${name}-2.png`,
          content: await makeImage({ width: 300, height: 200, format: 'png', seed: seed++ }),
          type: 'image/png',
        },
      ],
    });
  }
  // An order unlike the creation order: a restore must keep the positions (compared row by row).
  const order = await t.as({ method: 'PUT', url: '/adminportal/manage-services/order/', payload: { ids: serviceIds.reverse() } });
  expect(order.statusCode, order.body).toBe(200);
  await post('/adminportal/manage-love-stories/', {
    title: 'Ada & Charles',
    user: String(customer.id),
    description: JSON.stringify({ description1: 'A spring wedding.' }),
    cover_image: { filename: 'l.jpg', content: await image(), type: 'image/jpeg' },
  });
  const clientGallery = await post('/adminportal/manage-client-galleries/', {
    title: 'Lovelace family',
    user: String(customer.id),
    gallery_link: 'https://photos.example.com/lovelace',
    cover_image: { filename: 'g.jpg', content: await image(), type: 'image/jpeg' },
  });
  await addSet(t, clientGallery.id, await image());
  await post('/adminportal/manage-carousel/', {
    header: 'Weddings',
    title: 'Your day',
    message: 'Stories told in light',
    image: { filename: 'k.jpg', content: await image(1280, 600), type: 'image/jpeg' },
  });
  const enquiry = await t.app.inject({
    method: 'POST',
    url: '/site/enquiries/',
    payload: { full_name: 'Margaret Hamilton', email: 'margaret@example.com', message: 'Free on 14 June?\nThanks' },
  });
  expect(enquiry.statusCode).toBeLessThan(300);
  // A gap in a sequence must survive: the next id after a restore is the next id before it.
  const gone = await json('/adminportal/manage-users/', {
    first_name: 'Gone',
    last_name: 'Soon',
    email: 'gone@example.com',
    username: 'gone',
    phone: '+1 555 0102',
  });
  expect((await t.as({ method: 'DELETE', url: `/adminportal/manage-users/${gone.id}/` })).statusCode).toBe(204);
}

/** A set of a client gallery holding its one photo: the sets' two tables have rows to restore. */
async function addSet(t: TestApp, clientGalleryId: number, photo: Buffer): Promise<void> {
  const { payload, headers } = await multipart({
    'client-gallery': String(clientGalleryId),
    land_scape_image: { filename: 'set-photo.jpg', content: photo, type: 'image/jpeg' },
  });
  const up = await t.as({ method: 'POST', url: '/adminportal/manage-gallery/', payload, headers });
  expect(up.statusCode, up.body).toBe(201);
  const sets = `/adminportal/manage-client-galleries/${clientGalleryId}/sets/`;
  const [set] = (await t.as({ method: 'POST', url: sets, payload: { name: 'Ceremony' } })).json() as { id: number }[];
  const photos = (up.json() as { stored: { id: number }[] }).stored.map((p) => p.id);
  expect((await t.as({ method: 'POST', url: `${sets}photos/`, payload: { set: set!.id, photos } })).statusCode).toBe(200);
}

const backupTo = async (t: { database: Database; storage: MediaStorage }, file: string) => writeBackup(t, archiveFileWriter(file));
const sourceOf = (t: TestApp) => ({ database: t.database, storage: t.app.runtime.storage });

/** Both sides hold the same rows, the same files, and the restored side counts on from where the source stood. */
async function expectSameState(
  a: { database: Database; storage: MediaStorage },
  b: { database: Database; storage: MediaStorage },
  /** Rows of the source written after the backup (its own audit entry). */
  later: (table: string, row: string) => boolean = () => false,
) {
  const [rowsA, rowsB] = [await allRows(a.database), await allRows(b.database)];
  for (const [table, rows] of Object.entries(rowsA)) rowsA[table] = rows.filter((row) => !later(table, row));
  expect(Object.keys(rowsB)).toEqual(Object.keys(rowsA));
  for (const table of Object.keys(rowsA)) expect(rowsB[table], table).toEqual(rowsA[table]);
  expect(await allFiles(b.storage)).toEqual(await allFiles(a.storage));
  const sequence = async (d: Database) =>
    ((await d.db.execute(sql`select last_value::int as n, is_called from accounts_id_seq`)) as unknown as { rows: object[] }).rows[0];
  expect(await sequence(b.database)).toEqual(await sequence(a.database));
}

describeEachDatabase('backup and restore', (kind) => {
  let t: TestApp;
  let dir: string;
  let archive: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    dir = tmp();
    await populate(t);
    archive = path.join(dir, 'studio.tar');
    await backupTo(sourceOf(t), archive);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes one archive whose manifest counts every row and hashes every file', async () => {
    const m = await verifyBackup(archive);
    expect(m.format).toBe('darkroom-backup');
    expect(m.database).toBe(kind);
    expect(m.schemaVersion.tag).toMatch(/^\d{4}_/);
    const rows = await allRows(t.database);
    for (const table of m.tables) expect(table.rows, table.name).toBe(rows[table.name]!.length);
    expect(m.tables.find((x) => x.name === 'services')!.rows).toBe(2);
    expect(m.tables.find((x) => x.name === 'client_gallery_set_photos')!.rows).toBe(1);
    const files = await allFiles(t.app.runtime.storage);
    expect(Object.fromEntries(m.files.map((f) => [f.key, f.sha256]))).toEqual(files);
    expect(m.files.length).toBeGreaterThan(20);
    // Parents come before children.
    const order = m.tables.map((x) => x.name);
    for (const table of m.tables)
      for (const parent of table.references) expect(order.indexOf(parent)).toBeLessThan(order.indexOf(table.name));
  });

  it('restores into an empty target the same records, files and sequences', async () => {
    const target = await emptyTarget(kind);
    try {
      await restoreBackup(target, archive);
      await expectSameState(sourceOf(t), target);
    } finally {
      await target.close();
    }
  });

  it('restores into a target a server then serves: the API answers as the source did', async () => {
    const target = await emptyTarget(kind);
    try {
      await restoreBackup(target, archive);
      const config = loadConfig({ DATA_DIR: target.dir, LOG_LEVEL: 'silent', ADMIN_DIST: path.join(target.dir, 'none') });
      const app = await buildApp({ config, database: target.database, logger: false });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/accounts/auth-admin/login/',
          payload: { username: 'owner', password: 'correct horse battery' },
        });
        expect(login.statusCode).toBe(200);
        const headers = { authorization: `Token ${(login.json() as { authToken: string }).authToken}` };
        for (const url of ['/adminportal/manage-services/', '/adminportal/manage-users/', '/adminportal/manage-love-stories/']) {
          const [before, after] = [await t.as({ method: 'GET', url }), await app.inject({ method: 'GET', url, headers })];
          expect(after.statusCode, url).toBe(200);
          expect(after.json(), url).toEqual(before.json());
        }
        const services = (await app.inject({ method: 'GET', url: '/adminportal/manage-services/', headers })).json() as {
          name: string;
          orig_image: string;
        }[];
        // The admin's order, not the creation order, came back with the rows.
        expect(services.map((x) => x.name)).toEqual(['Portraits', 'Weddings']);
        const original = await app.inject({ method: 'GET', url: services[0]!.orig_image, headers });
        expect(original.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it('refuses a non-empty target unless forced, and a forced restore replaces what was there', async () => {
    const target = await emptyTarget(kind);
    try {
      await restoreBackup(target, archive);
      await target.database.db.execute(sql`insert into enquiries (full_name, email, message) values ('Extra', 'x@example.com', 'later')`);
      await expect(restoreBackup(target, archive)).rejects.toThrow(/The target is not empty: table \w+ has rows.*--force/s);
      const fresh = await emptyTarget(kind);
      try {
        await fresh.storage.put('d/00/stray.webp', Buffer.from('x'));
        await expect(restoreBackup(fresh, archive)).rejects.toThrow(/not empty: the media folder holds files/);
      } finally {
        await fresh.close();
      }
      await restoreBackup(target, archive, { force: true });
      await expectSameState(sourceOf(t), target);
    } finally {
      await target.close();
    }
  });

  it('refuses a corrupted archive, says what is wrong, and leaves the target untouched', async () => {
    const target = await emptyTarget(kind);
    try {
      const m = await verifyBackup(archive);
      const victim = m.files[3]!;
      const bytes = fs.readFileSync(archive);
      // Flip a byte inside one stored file: tar headers are 512-byte blocks before each entry.
      const at = bytes.indexOf(Buffer.from(`files/${victim.key}`));
      expect(at).toBeGreaterThan(0);
      const damaged = Buffer.from(bytes);
      damaged[at + 512 + 100] = damaged[at + 512 + 100]! ^ 0xff;
      const damagedFile = path.join(dir, 'damaged.tar');
      fs.writeFileSync(damagedFile, damaged);
      const err = await restoreBackup(target, damagedFile).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as BackupError).problems).toEqual([expect.stringContaining(`files/${victim.key}: SHA-256`)]);
      expect((err as Error).message).toContain('does not match its manifest');

      const truncated = path.join(dir, 'truncated.tar');
      fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(restoreBackup(target, truncated)).rejects.toThrow(/truncated or damaged|no manifest\.json/);

      const cutAtEntry = path.join(dir, 'cut.tar');
      const manifestAt = bytes.lastIndexOf(Buffer.from('manifest.json'));
      fs.writeFileSync(cutAtEntry, Buffer.concat([bytes.subarray(0, manifestAt), Buffer.alloc(1024)]));
      await expect(restoreBackup(target, cutAtEntry)).rejects.toThrow(/no manifest\.json \(written last\)/);

      const garbage = path.join(dir, 'garbage.tar');
      fs.writeFileSync(garbage, randomBytes(4096));
      await expect(restoreBackup(target, garbage)).rejects.toThrow(BackupError);
      await expect(restoreBackup(target, path.join(dir, 'absent.tar'))).rejects.toThrow(/truncated or damaged|No archive/);

      // Nothing was restored: no table, no file.
      expect(Object.values(await allRows(target.database)).flat()).toEqual([]);
      expect(await allFiles(target.storage)).toEqual({});
    } finally {
      await target.close();
    }
  });

  /** A copy of the archive with each entry's bytes as `change` makes them (in order; the manifest last). */
  async function rewritten(name: string, change: (entry: string, data: Buffer) => Buffer): Promise<string> {
    const file = path.join(dir, name);
    const pack = tar.pack();
    const written = new Promise<void>((resolve, reject) =>
      pack
        .pipe(fs.createWriteStream(file))
        .on('finish', () => resolve())
        .on('error', reject),
    );
    const extract = tar.extract();
    fs.createReadStream(archive).pipe(extract);
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      const data = change(entry.header.name, Buffer.concat(chunks));
      await new Promise<void>((resolve, reject) => pack.entry({ name: entry.header.name }, data, (e) => (e ? reject(e) : resolve())));
    }
    pack.finalize();
    await written;
    return file;
  }

  it('refuses a backup from a newer schema than this code knows, naming both versions', async () => {
    // The same archive, its header and manifest claiming a migration from the future.
    const future = await rewritten('future.tar', (name, data) => {
      if (!name.endsWith('.json')) return data;
      const json = JSON.parse(data.toString()) as { schemaVersion: { tag: string; when: number } };
      json.schemaVersion = { ...json.schemaVersion, tag: '9999_future', when: json.schemaVersion.when + 1e12 };
      return Buffer.from(JSON.stringify(json));
    });
    const target = await emptyTarget(kind);
    try {
      await expect(restoreBackup(target, future)).rejects.toThrow(/schema \(9999_future\) is newer than this Darkroom knows \(\d{4}_\w+\)/);
      expect(Object.values(await allRows(target.database)).flat()).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('refuses a crafted archive whose row is larger than any row can be, reading it line by line', async () => {
    // A chunk of one 17 MB line, with a manifest that vouches for it (size, SHA-256, one row).
    const huge = Buffer.concat([Buffer.from('{"id":1,"x":"'), Buffer.alloc(17 * 1024 * 1024, 'a'), Buffer.from('"}\n')]);
    let chunk = '';
    const crafted = await rewritten('crafted.tar', (name, data) => {
      if (name.startsWith('rows/') && !chunk) {
        chunk = name;
        return huge;
      }
      if (name !== 'manifest.json') return data;
      const manifest = JSON.parse(data.toString()) as {
        tables: { rows: number; chunks: { name: string; rows: number; size: number; sha256: string }[] }[];
      };
      for (const t of manifest.tables) {
        const c = t.chunks.find((x) => x.name === chunk);
        if (!c) continue;
        t.rows += 1 - c.rows;
        Object.assign(c, { rows: 1, size: huge.length, sha256: createHash('sha256').update(huge).digest('hex') });
      }
      return Buffer.from(JSON.stringify(manifest));
    });
    const target = await emptyTarget(kind);
    try {
      const err = await restoreBackup(target, crafted).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(/damaged/);
      expect(Object.values(await allRows(target.database)).flat()).toEqual([]);
      expect(await allFiles(target.storage)).toEqual({});
    } finally {
      await target.close();
    }
  });

  it('a backup taken during a stream of writes restores with every referenced file present', async () => {
    let writing = true;
    let made = 0;
    const writer = (async () => {
      while (writing) {
        const { payload, headers } = await multipart({
          name: `Live ${made}`,
          description: 'made during the backup',
          cover_image: { filename: 'c.jpg', content: await image(), type: 'image/jpeg' },
        });
        const res = await t.as({ method: 'POST', url: '/adminportal/manage-services/', payload, headers });
        expect(res.statusCode).toBe(201);
        await t.app.inject({
          method: 'POST',
          url: '/site/enquiries/',
          payload: { full_name: 'Live', email: 'l@example.com', message: `n${made}` },
        });
        made += 1;
      }
    })();
    const live = path.join(dir, 'live.tar');
    try {
      while (made < 2) await new Promise((r) => setTimeout(r, 20));
      await backupTo(sourceOf(t), live);
      const stop = made + 2;
      while (made < stop) await new Promise((r) => setTimeout(r, 20));
    } finally {
      writing = false;
      await writer;
    }
    const target = await emptyTarget(kind);
    try {
      const { manifest } = await restoreBackup(target, live);
      const rows = await allRows(target.database);
      const referenced = referencedKeys(rows);
      expect(referenced.size).toBeGreaterThan(20);
      const files = await allFiles(target.storage);
      for (const key of referenced) expect(files[key], key).toBeDefined();
      const services = rows['services']!.length;
      expect(services).toBe(manifest.tables.find((x) => x.name === 'services')!.rows);
      expect(services).toBeGreaterThan(2);
      // Taken in the middle of the writes: later services exist in the source only.
      expect(services).toBeLessThan((await allRows(t.database))['services']!.length);
    } finally {
      await target.close();
    }
  });

  it('streams a backup to an admin through POST /adminportal/backup/ (how PGlite is backed up while the server runs)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/adminportal/backup/' })).statusCode).toBe(401);
    const res = await t.as({ method: 'POST', url: '/adminportal/backup/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="darkroom-.*\.tar"; filename\*=/);
    const file = path.join(dir, 'http.tar');
    fs.writeFileSync(file, res.rawPayload);
    const target = await emptyTarget(kind);
    try {
      await restoreBackup(target, file);
      // The audit log records the request once it has answered: after the snapshot, so not in it.
      await expectSameState(sourceOf(t), target, (table, row) => table === 'audit_log' && row.includes('"area":"backup"'));
    } finally {
      await target.close();
    }
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('moving between PGlite and PostgreSQL', () => {
  it('a PGlite backup restores into PostgreSQL, and that one back into a new PGlite DATA_DIR through the CLI', async () => {
    const source = await createTestApp('pglite');
    const dir = tmp();
    const pgTarget = await emptyTarget('postgres');
    const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: process.env.LOG_LEVEL };
    try {
      await populate(source);
      const first = path.join(dir, 'pglite.tar');
      await backupTo(sourceOf(source), first);
      await restoreBackup(pgTarget, first);
      await expectSameState(sourceOf(source), pgTarget);

      // Back again with the commands a studio runs: backup from PostgreSQL, restore into an empty DATA_DIR.
      const second = path.join(dir, 'postgres.tar');
      const pgMedia = path.join(dir, 'pg-data');
      await restoreBackup({ database: pgTarget.database, storage: diskStorage(path.join(pgMedia, 'media')) }, first, { force: true });
      Object.assign(process.env, { DATABASE_URL: pgTarget.url!, DATA_DIR: pgMedia, LOG_LEVEL: 'silent' });
      expect(await cli(['backup', second])).toBe(0);
      const dataDir = path.join(dir, 'new-data');
      delete process.env.DATABASE_URL;
      process.env.DATA_DIR = dataDir;
      expect(await cli(['restore', second])).toBe(0);
      // A second restore into the same DATA_DIR is refused: it is not empty any more.
      expect(await cli(['restore', second])).toBe(1);
      const restored = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
      try {
        await expectSameState(sourceOf(source), { database: restored, storage: diskStorage(path.join(dataDir, 'media')) });
      } finally {
        await restored.close();
      }
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      await pgTarget.close();
      await source.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the commands on a PGlite DATA_DIR the server has open', () => {
  it('refuse, and say how to back up through the running server instead', async () => {
    const dataDir = tmp();
    try {
      // What the server leaves while it runs: its pid beside the data directory (this test process stands in for it).
      fs.writeFileSync(path.join(dataDir, 'pglite.pid'), String(process.pid));
      const cli = path.resolve(import.meta.dirname, 'cli.ts');
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '8123' };
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { env }).then(
          () => ({ code: 0, stderr: '' }),
          (err: { code: number; stderr: string }) => err,
        );
      const backup = await run('backup', path.join(dataDir, 'b.tar'));
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain(`is open in another process (pid ${process.pid})`);
      expect(backup.stderr).toContain('curl -fsS -X POST -H "Authorization: Token <token>" http://localhost:8123/adminportal/backup/');
      expect(fs.existsSync(path.join(dataDir, 'b.tar'))).toBe(false);
      expect((await run('nonsense')).code).toBe(2);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A table no migration knows, with the types a schema may grow: rows must cross between databases unchanged. */
const PROBE = [
  sql.raw(`create table backup_probe_parent (id integer generated always as identity primary key, name text not null)`),
  sql.raw(`
  create table backup_probe (
    id bigint generated always as identity primary key,
    parent_id integer references backup_probe_parent (id),
    self_id bigint references backup_probe (id),
    at timestamptz, local_at timestamp, day date, span interval,
    amount numeric(20, 6), ratio double precision, flag boolean,
    bytes bytea, tags text[], grid integer[], doc jsonb, plain json, uid uuid,
    words text, twice bigint generated always as (id * 2) stored
  )`),
];
const PROBE_ROWS = [
  sql.raw(`insert into backup_probe_parent (name) values ('a'), ('b')`),
  sql.raw(`
  insert into backup_probe (parent_id, self_id, at, local_at, day, span, amount, ratio, flag, bytes, tags, grid, doc, plain, uid, words)
  values
    (2, null, '2026-03-29 01:30:00.123456+01', '2026-03-29 01:30:00.5', '2024-02-29', '1 day 02:03:04.5',
     12345678901234.123456, 0.1, true, '\\x00ff10'::bytea, array['a', 'b,c', 'd"e', null], array[1, 2],
     '{"n": 1.5, "s": "x\\ty", "nested": {"a": [1, null, "z"]}}'::jsonb, '{"b": 1, "a": 2}', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
     e'line\\nnext \\t tab \\\\ slash ''quote'' ✓ 📷'),
    (1, 1, null, null, null, null, null, 'NaN', false, ''::bytea, '{}', null, 'null'::jsonb, '[]', null, '')`),
];

describe('rows of every type', () => {
  it.each(DATABASE_KINDS.flatMap((from) => DATABASE_KINDS.map((to) => [from, to] as const)))(
    'cross from %s to %s unchanged, generated and identity columns included',
    async (from, to) => {
      const source = await emptyTarget(from);
      const target = await emptyTarget(to);
      try {
        for (const d of [source.database, target.database]) for (const q of PROBE) await d.db.execute(q);
        for (const q of PROBE_ROWS) await source.database.db.execute(q);
        const tables = (await listTables(source.database.db)).filter((x) => x.name.startsWith('backup_probe'));
        expect(tables.map((x) => x.name)).toEqual(['backup_probe_parent', 'backup_probe']);
        expect(tables[1]!.columns).not.toContain('twice');
        await source.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local time zone 'UTC'`);
          for (const [i, table] of tables.entries())
            await exportRows(tx, table, `probe_${i}`, 1, async (rows) => {
              await insertRows(target.database.db, table, rows);
            });
        });
        const dump = async (d: Database) =>
          d.db.transaction(async (tx) => {
            await tx.execute(sql`set local time zone 'UTC'`);
            const res = (await tx.execute(sql`select row_to_json(p)::text as row from backup_probe p order by id`)) as unknown as {
              rows: { row: string }[];
            };
            return res.rows.map((r) => r.row);
          });
        const rows = await dump(target.database);
        expect(rows).toEqual(await dump(source.database));
        expect(rows[0]).toContain('"twice":2');
        expect(rows[0]).toContain('"bytes":"\\\\x00ff10"');
      } finally {
        await source.close();
        await target.close();
      }
    },
  );
});
