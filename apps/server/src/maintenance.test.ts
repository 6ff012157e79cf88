import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, fileStored, makeImage, multipart, type TestApp } from '../test/harness';
import { contextFor } from './context';
import { sweepMedia } from './maintenance';
import { processImage, imageKeys } from './media/image-pipeline';

describeEachDatabase('media sweep', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { MEDIA_SWEEP_GRACE_MINUTES: '30' }, jobs: { pollingIntervalSeconds: 0.5 } });
  });
  afterAll(() => t.close());

  const age = (key: string, minutes: number) => {
    const when = new Date(Date.now() - minutes * 60_000);
    fs.utimesSync(path.join(t.config.mediaDir, key), when, when);
  };

  it('removes unreferenced files older than the grace period, and only those', async () => {
    // A referenced image (a team member's), aged past the grace period: kept.
    const body = await multipart({
      name: 'Ana',
      email: 'ana@studio.test',
      phone: '1',
      title: 'Lead',
      cover_image: { filename: 'a.jpg', content: await makeImage({ width: 800, height: 600, seed: 801 }), type: 'image/jpeg' },
    });
    const res = await t.as({ method: 'POST', url: '/adminportal/pages/the-team/', ...body });
    expect(res.statusCode, res.body).toBe(201);
    const kept = fs.readdirSync(t.config.mediaDir, { recursive: true }) as string[];
    for (const f of kept) if (f.endsWith('.jpg') || f.endsWith('.webp')) age(f, 120);

    // Files a crash left behind (stored, never recorded): one old, one young.
    const file = path.join(t.config.dataDir, 'in.jpg');
    const ingest = async (seed: number) => {
      fs.writeFileSync(file, await makeImage({ width: 800, height: 600, seed }));
      return processImage(t.app.storage, { path: file, bytes: fs.statSync(file).size }, { field: 'x', use: 'galleryPhoto' });
    };
    const old = await ingest(802);
    for (const k of imageKeys(old)) age(k, 90);
    const young = await ingest(803);
    // Half-written files of a crash mid-write: the old one goes, a young one may be a write under way.
    const partial = (name: string) => path.join(t.config.mediaDir, 'd', name);
    fs.writeFileSync(partial('.x.webp.1.abc.part'), 'half');
    fs.writeFileSync(partial('.y.webp.1.abc.part'), 'half');
    age('d/.x.webp.1.abc.part', 90);

    const swept = await sweepMedia(contextFor(t.app.runtime, { kind: 'system', name: 'test' }));
    expect(swept.files).toBe(imageKeys(old).length + 1);
    expect(fs.existsSync(partial('.x.webp.1.abc.part'))).toBe(false);
    expect(fs.existsSync(partial('.y.webp.1.abc.part'))).toBe(true);
    for (const k of imageKeys(old)) expect(await fileStored(t.app.storage, k)).toBe(false);
    for (const k of imageKeys(young)) expect(await fileStored(t.app.storage, k)).toBe(true);
    const member = (await t.as({ method: 'GET', url: '/adminportal/pages/the-team/' })).json()[0];
    expect((await t.app.inject({ method: 'GET', url: member.cover_image })).statusCode).toBe(200);
  });
});

describeEachDatabase('upkeep jobs', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { MEDIA_SWEEP_GRACE_MINUTES: '30' }, jobs: { pollingIntervalSeconds: 0.5 } });
    await t.app.runtime.jobs.start(t.app.runtime);
  });
  afterAll(() => t.close());

  it('are scheduled for the deployment, not on timers of each process', async () => {
    const schedules = await t.app.runtime.jobs.schedules();
    expect(schedules.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'activity-prune', cron: '15 */6 * * *' },
      { name: 'backup', cron: '0 3 * * *' },
      { name: 'blog-publish', cron: '* * * * *' },
      { name: 'delivery-expiry-reminders', cron: '17 * * * *' },
      { name: 'media-sweep', cron: '*/10 * * * *' },
      { name: 'spool-sweep', cron: '*/10 * * * *' },
    ]);
  });

  it('sweep media when the job runs', async () => {
    const partial = path.join(t.config.mediaDir, 'd', '.z.webp.1.abc.part');
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    fs.writeFileSync(partial, 'half');
    const when = new Date(Date.now() - 90 * 60_000);
    fs.utimesSync(partial, when, when);
    const id = await t.app.runtime.jobs.send('media-sweep', {});
    for (;;) {
      const job = await t.app.runtime.jobs.get('media-sweep', id);
      if (job?.state === 'completed' || job?.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await t.app.runtime.jobs.get('media-sweep', id))?.state).toBe('completed');
    expect(fs.existsSync(partial)).toBe(false);
  }, 30_000);
});
