import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BACKUP_MESSAGES, type BackupList } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness';
import { createAccount } from '../auth/accounts.repository';
import { issueToken } from '../auth/tokens.repository';
import { verifyBackup } from './backup.service';

describeEachDatabase('the backups of BACKUP_DIR in the portal', (kind) => {
  let t: TestApp;
  let customer: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-backup-files-'));
  const backupDir = path.join(dir, 'backups');
  beforeAll(async () => {
    // No schedule: only the backups started here. The workers start later, in the test.
    t = await createTestApp(kind, { env: { BACKUP_DIR: backupDir, BACKUP_SCHEDULE: 'off' } });
    const account = await createAccount(t.database.db, { username: 'customer', passwordHash: 'x', isStaff: false });
    customer = (await issueToken(t.database.db, account.id, 3_600_000)).token;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const list = async (job?: string) => {
    const res = await t.as({ method: 'GET', url: `/adminportal/backups/${job ? `?job=${job}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BackupList>();
  };

  it('is for admins only: 401 without a session, 403 for a customer', async () => {
    for (const [method, url] of [
      ['GET', '/adminportal/backups/'],
      ['POST', '/adminportal/backups/'],
      ['GET', '/adminportal/backups/darkroom-x.tar/'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, headers: { authorization: `Token ${customer}` } })).statusCode, url).toBe(403);
    }
    expect(fs.existsSync(backupDir)).toBe(false);
  });

  it('lists nothing before the first backup, starts one (once at a time), and lists it once written', async () => {
    expect(await list()).toEqual({ backups: [], running: 0, job: null });
    const started = await t.as({ method: 'POST', url: '/adminportal/backups/' });
    expect(started.statusCode, started.body).toBe(201);
    const { job } = started.json<{ job: string; detail: string }>();
    expect(started.json()).toMatchObject({ detail: BACKUP_MESSAGES.started });
    // No worker yet: the job waits, and a second start is refused rather than queued behind it.
    expect(await list(job)).toMatchObject({ backups: [], running: 1, job: { state: 'created', error: null } });
    const again = await t.as({ method: 'POST', url: '/adminportal/backups/' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: BACKUP_MESSAGES.alreadyRunning });

    await t.app.runtime.jobs.start(t.app.runtime);
    let answer = await list(job);
    while (answer.job?.state !== 'completed') {
      expect(answer.job?.state).not.toBe('failed');
      await new Promise((r) => setTimeout(r, 100));
      answer = await list(job);
    }
    expect(answer.running).toBe(0);
    expect(answer.backups).toHaveLength(1);
    const [backup] = answer.backups;
    expect(backup!.name).toMatch(/^darkroom-.*\.tar$/);
    expect(backup!.size).toBe(fs.statSync(path.join(backupDir, backup!.name)).size);
    expect(Date.parse(backup!.created_at)).toBeGreaterThan(Date.now() - 600_000);
  });

  it('downloads a listed backup whole, as an attachment', async () => {
    const [backup] = (await list()).backups;
    const res = await t.as({ method: 'GET', url: `/adminportal/backups/${backup!.name}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${backup!.name}"; filename*=UTF-8''${backup!.name}`);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(backupDir, backup!.name)))).toBe(true);
    const copy = path.join(dir, 'downloaded.tar');
    fs.writeFileSync(copy, res.rawPayload);
    expect((await verifyBackup(copy)).database).toBe(kind);
  });

  it('serves nothing but a plain .tar file of BACKUP_DIR: no other folder, no link, no other file', async () => {
    fs.writeFileSync(path.join(dir, 'secret.tar'), 'outside BACKUP_DIR');
    fs.symlinkSync(path.join(dir, 'secret.tar'), path.join(backupDir, 'link.tar'));
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'not a backup');
    fs.mkdirSync(path.join(backupDir, 'folder.tar'));
    const get = (name: string) => t.as({ method: 'GET', url: `/adminportal/backups/${name}/` });
    // A way out of the folder, or a name no backup has: a path that names no backup is not found.
    const names = ['..%2Fsecret.tar', '..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', '..', '..%5Csecret.tar', '..secret.tar'];
    names.push('.hidden.tar', 'notes.txt', 'a%00.tar', 'a%20b.tar', 'link.tar', 'folder.tar', 'missing.tar');
    for (const name of names) {
      const res = await get(name);
      expect(res.statusCode, name).toBe(404);
      expect(res.body).not.toContain('outside BACKUP_DIR');
    }
    // Listed: only the real backup.
    expect((await list()).backups.map((b) => b.name)).toEqual([expect.stringMatching(/^darkroom-/)]);
  });
});
