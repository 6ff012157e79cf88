import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DELIVERY_MESSAGES, SITE_SETTINGS_MESSAGES, type ClientGallery } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, mailSettled, makeImage, multipart, type TestApp } from '../../../test/harness';
import { deliveryToken } from '../../../test/client-gallery-fixtures';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../test/smtp';
import { createAccount } from '../../auth/accounts.repository';
import { clientGalleries, contactInfos } from '../../db/schema';
import { createMailer } from '../../mail/mailer';
import { dayIn } from './delivery.service';
import { sendExpiryReminders } from './expiry-reminders';

const ADMIN_BASE = '/adminportal/manage-client-galleries/';
// Always at least a day apart, whatever the hour: UTC-12 and UTC+14.
const EARLY_ZONE = 'Etc/GMT+12';
const LATE_ZONE = 'Etc/GMT-14';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describeEachDatabase('client delivery expiry: studio time zone, expired page, reminders', (kind) => {
  let t: TestApp;
  let smtp: LoopbackSmtp;
  let ada: number;
  let seed = 5100;

  const settings = (extra: Record<string, unknown>) =>
    t.as({ method: 'PUT', url: '/adminportal/site-settings/', payload: { studio_name: 'Lumen Studio', ...extra } });
  const createGallery = async (title: string): Promise<ClientGallery> => {
    const cover = { filename: 'cover.jpg', content: await makeImage({ seed: seed++ }), type: 'image/jpeg' };
    const body = await multipart({ title, user: ada, cover_image: cover });
    const res = await t.as({ method: 'POST', url: ADMIN_BASE, payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json() as ClientGallery;
    const published = await t.as({ method: 'PATCH', url: `${ADMIN_BASE}${g.id}/`, payload: { status: true } });
    expect(published.statusCode, published.body).toBe(200);
    return published.json();
  };
  const setExpiry = (g: ClientGallery, day: string) =>
    t.database.db.update(clientGalleries).set({ deliveryExpiresAt: day }).where(eq(clientGalleries.id, g.id));

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Lumen <studio@lumen.test>',
      dataDir: '/nonexistent',
    });
    t = await createTestApp(kind, { mailer, env: { PUBLIC_URL: 'https://photos.lumen.test' } });
    ada = (
      await createAccount(t.database.db, { username: 'ada', passwordHash: 'x', firstName: 'Ada', lastName: 'L', email: 'ada@example.test' })
    ).id;
    await t.database.db.insert(contactInfos).values({ name: 'Lumen', email: 'hello@lumen.test', phone: '+44 20 7946 0000' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('keeps the time zone and reminder days as Site settings, checked', async () => {
    const initial = (await t.as({ method: 'GET', url: '/adminportal/site-settings/' })).json();
    expect(initial.time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(initial.expiry_reminder_days).toBe(7);
    const bad = await settings({ time_zone: 'Mars/Olympus', expiry_reminder_days: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      time_zone: [SITE_SETTINGS_MESSAGES.timeZoneInvalid],
      expiry_reminder_days: [SITE_SETTINGS_MESSAGES.reminderDaysInvalid],
    });
    const ok = await settings({ time_zone: EARLY_ZONE, expiry_reminder_days: 5 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ time_zone: EARLY_ZONE, expiry_reminder_days: 5 });
    // Left out: kept.
    expect((await settings({})).json()).toMatchObject({ time_zone: EARLY_ZONE, expiry_reminder_days: 5 });
  });

  it("refuses past dates, ends a link with the studio's day and shows an expired page with the studio's contact", async () => {
    await settings({ time_zone: EARLY_ZONE });
    const g = await createGallery('Expiring');
    const token = deliveryToken(g);
    const today = dayIn(EARLY_ZONE);
    const past = await t.as({ method: 'PATCH', url: `${ADMIN_BASE}${g.id}/`, payload: { delivery_expires_at: addDays(today, -1) } });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ delivery_expires_at: [DELIVERY_MESSAGES.expiresPast] });
    const ok = await t.as({ method: 'PATCH', url: `${ADMIN_BASE}${g.id}/`, payload: { delivery_expires_at: today } });
    expect(ok.statusCode, ok.body).toBe(200);

    // Its last day in the studio's zone: open.
    expect((await t.app.inject({ method: 'GET', url: `/g/${token}/` })).statusCode).toBe(200);
    // In a zone where that day is already over: expired.
    await settings({ time_zone: LATE_ZONE });
    const page = await t.app.inject({ method: 'GET', url: `/g/${token}/` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This gallery has expired');
    expect(page.body).toContain('Lumen Studio');
    expect(page.body).toContain('hello@lumen.test');
    expect(page.body).toContain('+44 20 7946 0000');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const json = await t.app.inject({ method: 'GET', url: `/site/galleries/${token}/` });
    expect(json.statusCode).toBe(410);
    expect(json.json()).toEqual({ detail: DELIVERY_MESSAGES.expired });

    // An unknown token and a revoked one stay the plain 404.
    const unknown = await t.app.inject({ method: 'GET', url: `/g/${'x'.repeat(43)}/` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('This gallery has expired');
    const renewed = await t.as({ method: 'POST', url: `${ADMIN_BASE}${g.id}/delivery/regenerate/` });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const revoked = await t.app.inject({ method: 'GET', url: `/g/${token}/` });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).not.toContain('This gallery has expired');
    await settings({ time_zone: EARLY_ZONE });
  });

  it('reminds the customer once, N days before the last day, over SMTP', async () => {
    await settings({ time_zone: EARLY_ZONE, expiry_reminder_days: 7 });
    const today = dayIn(EARLY_ZONE);
    const soon = await createGallery('Soon over');
    const later = await createGallery('Far off');
    await setExpiry(soon, addDays(today, 3));
    await setExpiry(later, addDays(today, 30));
    // The previous test's gallery ends today: it is due as well.
    expect(await sendExpiryReminders(t.ctx)).toBe(2);
    expect(await sendExpiryReminders(t.ctx)).toBe(0);
    await mailSettled(t);
    const mails = smtp.inbox.map((m) => m.raw).filter((m) => m.includes('Soon over'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: ada@example.test');
    expect(mails[0]).toContain(`https://photos.lumen.test/g/${deliveryToken(soon)}/`);
    expect(smtp.inbox.some((m) => m.raw.includes('Far off'))).toBe(false);
    // A new date is reminded of again, once.
    await setExpiry(soon, addDays(today, 2));
    expect(await sendExpiryReminders(t.ctx)).toBe(1);
    expect(await sendExpiryReminders(t.ctx)).toBe(0);
    // The job is scheduled for the deployment.
    expect((await t.app.runtime.jobs.schedules()).map((s) => s.name)).toContain('delivery-expiry-reminders');
  });
});
