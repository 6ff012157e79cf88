import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config';
import { openDatabase, pgliteOf, type Database } from '../src/db/client';
import { defineJobs } from '../src/jobs/definitions';
import { JobQueue } from '../src/jobs/queue';
import { createLogger } from '../src/lib/log';

/** The job queue's tables and queues, installed once in the template as a server's first start does. */
async function installJobQueue(database: Database): Promise<void> {
  const queue = defineJobs(new JobQueue(database, createLogger('silent')), loadConfig({}));
  await queue.install();
  await queue.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string | null;
  }
}

/**
 * Migrates one PGlite database and dumps it, so each test file starts from a copy in ~0.4 s
 * instead of initialising PostgreSQL-in-WASM again; with TEST_DATABASE_URL, does the same
 * with a template database on the real server.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-test-'));
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await installJobQueue(database);
  const dump = await pgliteOf(database).dumpDataDir('none');
  const dumpPath = path.join(dir, 'template.tar');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', dumpPath);

  let template: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    template = `darkroom_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const tpl = await openDatabase({ databaseUrl: u.toString(), pgliteDir: null, poolSize: 1 });
    await installJobQueue(tpl);
    await tpl.close();
    await admin.end();
  }
  project.provide('pgTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
