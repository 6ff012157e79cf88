import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness';
import { loadConfig } from '../config';
import { verifyBackup } from './backup.service';

describeEachDatabase('scheduled backups', (kind) => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-backups-'));
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { BACKUP_DIR: dir, BACKUP_KEEP: '2', BACKUP_SCHEDULE: '30 2 * * *' } });
    await t.app.runtime.jobs.start(t.app.runtime);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the backup job as its schedule would, and waits for its end. */
  const runBackup = async () => {
    const id = await t.app.runtime.jobs.send('backup', {});
    for (;;) {
      const job = await t.app.runtime.jobs.get('backup', id);
      if (job?.state === 'completed' || job?.state === 'failed') return job.state;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('is scheduled on BACKUP_SCHEDULE', async () => {
    expect(await t.app.runtime.jobs.schedules()).toContainEqual({ name: 'backup', cron: '30 2 * * *' });
  });

  it('writes verified archives into BACKUP_DIR and keeps the newest BACKUP_KEEP', async () => {
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup: left alone');
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await runBackup()).toBe('completed');
      names.push(...fs.readdirSync(dir).filter((n) => n.endsWith('.tar') && !names.includes(n)));
    }
    expect(names).toHaveLength(3);
    expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(1), 'notes.txt'].sort());
    for (const name of names.slice(1)) {
      const manifest = await verifyBackup(path.join(dir, name));
      expect(manifest.totals.tables).toBeGreaterThan(0);
      expect(manifest.database).toBe(kind);
    }
  }, 60_000);
});

it('reads the backup settings: daily at 03:00 into DATA_DIR/backups, seven kept, or off', () => {
  const config = loadConfig({ DATA_DIR: '/srv/darkroom' });
  expect(config).toMatchObject({ backupSchedule: '0 3 * * *', backupDir: '/srv/darkroom/backups', backupKeep: 7 });
  expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backupSchedule).toBeNull();
  expect(() => loadConfig({ BACKUP_SCHEDULE: 'daily' })).toThrow(/BACKUP_SCHEDULE/);
});
