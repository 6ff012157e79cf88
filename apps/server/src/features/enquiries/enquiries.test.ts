import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES, ENQUIRY_LIMITS, ENQUIRY_MESSAGES, type EnquiryPage } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, expectThrottled, type TestApp, mailSettled } from '../../../test/harness';
import { redisRateLimiter, type RateLimiter } from '../../lib/rate-limiter';
import { enquiries } from '../../db/schema';
import type { Mailer, OutgoingMail } from '../../mail/mailer';

const valid = { full_name: 'Ada Lovelace', email: 'ada@example.com', message: 'Do you shoot weddings in June?' };
let ipCounter = 0;
/** A fresh address per test, so the per-address limit of one test never leaks into another. */
const freshIp = () => `203.0.113.${++ipCounter}`;

describeEachDatabase('enquiries', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ENQUIRY_MAX_PER_HOUR: '3' } });
  });
  afterAll(() => t.close());

  const submit = (payload: Record<string, unknown>, ip = freshIp(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/site/enquiries/', payload: payload as Record<string, string>, remoteAddress: ip, headers });
  const list = async () => {
    const res = await t.as({ method: 'GET', url: '/adminportal/user-enqueries/?page_size=100' });
    expect(res.statusCode).toBe(200);
    return (res.json() as EnquiryPage).items;
  };

  it('takes a visitor enquiry without a token and lists it for admins, newest first', async () => {
    const first = await submit({ ...valid, full_name: '  Grace Hopper ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ status: true, detail: ENQUIRY_MESSAGES.received });
    const second = await submit({ ...valid, full_name: 'Katherine Johnson', message: 'Second' });
    expect(second.statusCode).toBe(201);
    const rows = await list();
    expect(rows.map((r) => r.full_name).slice(0, 2)).toEqual(['Katherine Johnson', 'Grace Hopper']);
    expect(rows[1]).toEqual({
      id: expect.any(Number),
      full_name: 'Grace Hopper',
      email: valid.email,
      message: valid.message,
      event_date: null,
      venue: '',
      service: null,
      service_name: '',
      budget: '',
      phone: '',
      heard_from: '',
      status: 'new',
      notes: '',
      customer: null,
      client_gallery: null,
      acknowledged: false,
      replies: [],
      time_created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('accepts a form-encoded enquiry as a plain HTML form sends it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/site/enquiries/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'full_name=Form+Sender&email=form%40example.com&message=Hello+there',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(201);
    expect((await list()).some((r) => r.full_name === 'Form Sender' && r.email === 'form@example.com')).toBe(true);
  });

  it('answers missing or blank fields with a message per field', async () => {
    const empty = await submit({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      full_name: [ENQUIRY_MESSAGES.fullNameRequired],
      email: [ENQUIRY_MESSAGES.emailRequired],
      message: [ENQUIRY_MESSAGES.messageRequired],
    });
    const blank = await submit({ full_name: '   ', email: ' ', message: '\n' });
    expect(blank.json()).toEqual({
      full_name: [ENQUIRY_MESSAGES.fullNameRequired],
      email: [ENQUIRY_MESSAGES.emailRequired],
      message: [ENQUIRY_MESSAGES.messageRequired],
    });
  });

  it('checks the email format', async () => {
    for (const email of ['not-an-email', 'a@', '@b.com', 'a b@c.com']) {
      const res = await submit({ ...valid, email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: [ENQUIRY_MESSAGES.emailInvalid] });
    }
  });

  it('enforces the length limits, and accepts values at the limit', async () => {
    const over = await submit({
      full_name: 'n'.repeat(ENQUIRY_LIMITS.fullName + 1),
      email: `${'e'.repeat(ENQUIRY_LIMITS.email)}@x.io`,
      message: 'm'.repeat(ENQUIRY_LIMITS.message + 1),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      full_name: [ENQUIRY_MESSAGES.fullNameMax],
      email: [ENQUIRY_MESSAGES.emailMax],
      message: [ENQUIRY_MESSAGES.messageMax],
    });
    const at = await submit({
      full_name: 'n'.repeat(ENQUIRY_LIMITS.fullName),
      email: valid.email,
      message: 'm'.repeat(ENQUIRY_LIMITS.message),
    });
    expect(at.statusCode).toBe(201);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = (await t.database.db.select().from(enquiries)).length;
    const res = await submit({ ...valid, full_name: 'Spam Bot', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: true, detail: ENQUIRY_MESSAGES.received });
    expect((await t.database.db.select().from(enquiries)).length).toBe(before);
  });

  it('limits enquiries per address (429 with detail), not counting rejected ones', async () => {
    const ip = freshIp();
    expect((await submit({ ...valid, email: 'bad' }, ip)).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await submit({ ...valid, message: `limit ${i}` }, ip)).statusCode).toBe(201);
    const blocked = await submit({ ...valid, message: 'limit 3' }, ip);
    expectThrottled(blocked, ENQUIRY_MESSAGES.tooMany, t.config.enquiryWindowMs);
    expect((await list()).some((r) => r.message === 'limit 3')).toBe(false);
    // Another visitor is not affected.
    expect((await submit(valid)).statusCode).toBe(201);
  });

  it('keeps the admin list and delete behind a token', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/adminportal/user-enqueries/' });
    expect(get.statusCode).toBe(401);
    expect(get.json()).toEqual({ detail: COMMON_MESSAGES.unauthenticated });
    const [row] = await list();
    const del = await t.app.inject({ method: 'DELETE', url: `/adminportal/user-enqueries/${row!.id}/` });
    expect(del.statusCode).toBe(401);
    expect((await list()).some((r) => r.id === row!.id)).toBe(true);
  });

  it('deletes an enquiry; an unknown or malformed id is a 404', async () => {
    expect((await submit({ ...valid, full_name: 'To Delete' })).statusCode).toBe(201);
    const target = (await list()).find((r) => r.full_name === 'To Delete')!;
    const del = await t.as({ method: 'DELETE', url: `/adminportal/user-enqueries/${target.id}/` });
    expect(del.statusCode).toBe(204);
    expect((await list()).some((r) => r.id === target.id)).toBe(false);
    const again = await t.as({ method: 'DELETE', url: `/adminportal/user-enqueries/${target.id}/` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: COMMON_MESSAGES.notFound });
    expect((await t.as({ method: 'DELETE', url: '/adminportal/user-enqueries/abc/' })).statusCode).toBe(404);
  });
});

describeEachDatabase('enquiries from many addresses at once', (kind) => {
  let t: TestApp;
  const sent: OutgoingMail[] = [];
  beforeAll(async () => {
    const mailer: Mailer = {
      async send(mail) {
        sent.push(mail);
        return { delivered: 'smtp', id: String(sent.length) };
      },
      close() {},
    };
    t = await createTestApp(kind, { env: { ENQUIRY_MAX_TOTAL_PER_HOUR: '5' }, mailer });
    const contact = await t.as({
      method: 'POST',
      url: '/adminportal/pages/contact-us-content/',
      payload: { email: 'hello@studio.test', phone: '+44 20 7946 0000' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
  });
  afterAll(() => t.close());

  it('takes at most ENQUIRY_MAX_TOTAL_PER_HOUR an hour from everyone together, and says how else to reach the studio', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/site/enquiries/',
        payload: { ...valid, message: `flood ${i}` },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/site/enquiries/', payload: valid, remoteAddress: '198.51.100.99' });
    expect(refused.statusCode).toBe(429);
    const { detail } = refused.json() as { detail: string };
    expect(detail).toContain(ENQUIRY_MESSAGES.busy);
    expect(detail).toContain('hello@studio.test');
    expect(detail).toContain('+44 20 7946 0000');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.database.db.select().from(enquiries)).length).toBe(5);
  });

  it("never lets a visitor's name write header syntax into the subject of the studio's e-mail", async () => {
    // The real mailer, writing the message as it would go out (.eml in DATA_DIR/outbox).
    const fresh = await createTestApp(kind);
    try {
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/site/enquiries/',
        payload: { ...valid, full_name: '=?utf-8?B?VXJnZW50OiB3aXJlIG1vbmV5?=' },
        remoteAddress: '198.51.100.200',
      });
      expect(res.statusCode).toBe(201);
      await mailSettled(fresh);
      const outbox = path.join(fresh.config.dataDir, 'outbox');
      const [file] = fs.readdirSync(outbox);
      const subject = /^Subject: (.*)$/m.exec(fs.readFileSync(path.join(outbox, file!), 'utf8'))?.[1];
      expect(subject).toContain('New enquiry from');
      expect(subject).not.toMatch(/=\?utf-8\?B\?/i);
    } finally {
      await fresh.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('enquiry limit shared through Redis', () => {
  const apps: TestApp[] = [];
  const limiters: RateLimiter[] = [];
  beforeAll(async () => {
    const prefix = `darkroom:test:${randomUUID()}:`;
    for (let i = 0; i < 2; i++) {
      const limiter = redisRateLimiter(redisUrl!, prefix);
      limiters.push(limiter);
      apps.push(await createTestApp('pglite', { env: { ENQUIRY_MAX_PER_HOUR: '4' }, limiter }));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await Promise.all(limiters.map((l) => l.close()));
  });

  it('counts one address across two app instances', async () => {
    const ip = '198.51.100.7';
    const post = (i: number) =>
      apps[i % 2]!.app.inject({
        method: 'POST',
        url: '/site/enquiries/',
        payload: { ...valid, message: `shared ${i}` },
        remoteAddress: ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    // Each instance stored only what it accepted: four in all.
    const stored = (await Promise.all(apps.map((a) => a.database.db.select().from(enquiries)))).flat();
    expect(stored.filter((r) => r.message.startsWith('shared ')).length).toBe(4);
  });
});
