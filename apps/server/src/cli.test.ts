import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { findByUsername } from './auth/accounts.repository';
import { verifyPassword } from './auth/passwords';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, 'cli.ts');

describe('npm run admin -- create', { timeout: 180_000 }, () => {
  it('creates an admin with a generated password printed once, and refuses a duplicate', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, 'create', 'studio-two'], { env });
      const password = /Password: (\S+)/.exec(stdout)?.[1];
      expect(password).toBeTruthy();
      const dup = await run(process.execPath, ['--import', 'tsx', cli, 'create', 'studio-two'], { env }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect((dup as { code: number }).code).toBe(1);
      expect((dup as { stderr: string }).stderr).toContain('already exists');

      const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
      const account = await findByUsername(database.db, 'studio-two');
      await database.close();
      expect(account).toMatchObject({ isStaff: true, isActive: true });
      expect(await verifyPassword(account!.passwordHash, password!)).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prints usage for a wrong command', async () => {
    const res = await run(process.execPath, ['--import', 'tsx', cli, 'frobnicate'], { env: process.env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((res as { code: number }).code).toBe(2);
    expect((res as { stderr: string }).stderr).toContain('Usage');
  });
});
