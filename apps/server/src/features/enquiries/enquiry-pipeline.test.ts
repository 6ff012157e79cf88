import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_SITE_SETTINGS,
  ENQUIRY_EXTRA_FIELDS,
  ENQUIRY_MESSAGES,
  type ClientGallery,
  type Enquiry,
  type EnquiryPage,
  type PersonAccount,
  type SiteSettings,
} from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, makeImage, mailSettled, multipart, type TestApp } from '../../../test/harness';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../test/smtp';
import { enquiries, outgoingMail } from '../../db/schema';
import { createMailer } from '../../mail/mailer';

const valid = { full_name: 'Ada Lovelace', email: 'ada@example.com', message: 'Do you shoot weddings in June?' };
let visitor = 0;
const freshIp = () => `203.0.113.${++visitor}`;

describeEachDatabase('the enquiry pipeline', (kind) => {
  let t: TestApp;
  let smtp: LoopbackSmtp;
  let serviceId: number;
  let draftServiceId: number;

  const settings = async (changes: Partial<SiteSettings>) => {
    const { time_updated: _t, ...current } = (await t.as({ method: 'GET', url: '/adminportal/site-settings/' })).json() as SiteSettings;
    const res = await t.as({ method: 'PUT', url: '/adminportal/site-settings/', payload: { ...current, ...changes } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SiteSettings;
  };
  const allOff = Object.fromEntries(ENQUIRY_EXTRA_FIELDS.map((f) => [f.key, 'off'])) as SiteSettings['enquiry_fields'];
  const submit = (payload: Record<string, unknown>, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/site/enquiries/', payload: payload as Record<string, string>, remoteAddress: ip });
  const list = async () => ((await t.as({ method: 'GET', url: '/adminportal/user-enqueries/?page_size=100' })).json() as EnquiryPage).items;
  const newest = async () => (await list())[0]!;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Studio <studio@studio.test>',
      dataDir: '/nonexistent',
    });
    t = await createTestApp(kind, { mailer, env: { ENQUIRY_MAX_PER_HOUR: '2' } });
    const service = async (name: string) => {
      const res = await t.as({
        method: 'POST',
        url: '/adminportal/manage-services/',
        ...(await multipart({
          name,
          description: `${name}.`,
          cover_image: { filename: 'c.jpg', content: await makeImage(), type: 'image/jpeg' },
        })),
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    serviceId = await service('Weddings');
    draftServiceId = await service('Draft service');
    const publish = await t.as({
      method: 'PATCH',
      url: `/adminportal/manage-services/${serviceId}/`,
      ...(await multipart({ status: 'true' })),
    });
    expect(publish.statusCode, publish.body).toBe(200);
    const contact = await t.as({
      method: 'POST',
      url: '/adminportal/pages/contact-us-content/',
      payload: { email: 'hello@studio.test', phone: '+44 20 7946 0000' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.inbox.length = 0;
    await settings({ enquiry_fields: allOff, enquiry_ack: { ...DEFAULT_SITE_SETTINGS.enquiry_ack, enabled: false } });
  });

  it('stores the extra answers the settings ask for, and drops those they do not', async () => {
    await settings({ enquiry_fields: { ...allOff, event_date: 'optional', venue: 'required', service: 'optional', phone: 'optional' } });
    const res = await submit({
      ...valid,
      event_date: '2031-06-14',
      venue: 'Lakeside Hall',
      service: String(serviceId),
      phone: '+44 7700 900123',
      budget: 'should be dropped',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await newest()).toMatchObject({
      event_date: '2031-06-14',
      venue: 'Lakeside Hall',
      service: serviceId,
      service_name: 'Weddings',
      phone: '+44 7700 900123',
      budget: '',
      status: 'new',
    });
  });

  it('answers malformed extra answers with a message per field', async () => {
    await settings({ enquiry_fields: { ...allOff, event_date: 'optional', service: 'optional', phone: 'optional' } });
    const res = await submit({ ...valid, event_date: '2031-02-30', service: 'abc', phone: 'x'.repeat(41) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      event_date: [ENQUIRY_MESSAGES.eventDateInvalid],
      service: [ENQUIRY_MESSAGES.serviceInvalid],
      phone: [expect.stringContaining('40')],
    });
    // A service the site does not publish is not one to ask about.
    const draft = await submit({ ...valid, service: draftServiceId });
    expect(draft.statusCode).toBe(400);
    expect(draft.json()).toEqual({ service: [ENQUIRY_MESSAGES.serviceInvalid] });
  });

  it('requires what the settings require, and such refusals do not count against the limit', async () => {
    await settings({ enquiry_fields: { ...allOff, event_date: 'required', budget: 'required', heard_from: 'optional' } });
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      const res = await submit({ ...valid, budget: ' ' }, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ event_date: ['Event date is required'], budget: ['Budget is required'] });
    }
    // The limit is 2 an hour: both still go through after four refusals.
    for (let i = 0; i < 2; i++) expect((await submit({ ...valid, event_date: '2031-01-01', budget: '£2,000' }, ip)).statusCode).toBe(201);
    const limited = await submit({ ...valid, event_date: '2031-01-01', budget: '£2,000' }, ip);
    expect(limited.statusCode).toBe(429);
    const { detail } = limited.json() as { detail: string };
    expect(detail).toContain(ENQUIRY_MESSAGES.tooMany);
    expect(detail).toContain('hello@studio.test');
    expect(detail).toContain('+44 20 7946 0000');
  });

  it('changes the status and notes; a wrong status is a 400 with its message', async () => {
    expect((await submit(valid)).statusCode).toBe(201);
    const { id } = await newest();
    const url = `/adminportal/user-enqueries/${id}/`;
    const res = await t.as({ method: 'PATCH', url, payload: { status: 'booked', notes: 'Deposit paid on Monday.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'booked', notes: 'Deposit paid on Monday.' });
    expect((await list()).find((e) => e.id === id)).toMatchObject({ status: 'booked', notes: 'Deposit paid on Monday.' });
    const notesOnly = await t.as({ method: 'PATCH', url, payload: { notes: '' } });
    expect(notesOnly.json()).toMatchObject({ status: 'booked', notes: '' });
    const bad = await t.as({ method: 'PATCH', url, payload: { status: 'won' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: [ENQUIRY_MESSAGES.statusInvalid] });
    expect((await t.as({ method: 'PATCH', url: '/adminportal/user-enqueries/999999/', payload: { status: 'lost' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url, payload: { status: 'lost' } })).statusCode).toBe(401);
  });

  it('queues a reply, delivers it to the visitor, keeps it with the enquiry and marks it Replied', async () => {
    expect((await submit({ ...valid, email: 'reply-to-me@example.com' })).statusCode).toBe(201);
    const { id } = await newest();
    const res = await t.as({
      method: 'POST',
      url: `/adminportal/user-enqueries/${id}/reply/`,
      payload: { subject: 'Your June wedding', message: 'We are free on the 14th.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const replied = res.json() as Enquiry;
    expect(replied.status).toBe('replied');
    expect(replied.replies).toEqual([
      {
        id: expect.any(Number),
        subject: 'Your June wedding',
        message: 'We are free on the 14th.',
        mail_status: 'queued',
        sent_by: expect.any(String),
        time_created: expect.any(String),
      },
    ]);
    await mailSettled(t);
    const delivered = smtp.inbox.map((m) => m.raw).filter((m) => m.includes('Subject: Your June wedding'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain('To: reply-to-me@example.com');
    expect(delivered[0]).toContain('We are free on the 14th.');
    expect((await list()).find((e) => e.id === id)!.replies[0]!.mail_status).toBe('sent');
    const blank = await t.as({ method: 'POST', url: `/adminportal/user-enqueries/${id}/reply/`, payload: { subject: ' ', message: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ subject: [ENQUIRY_MESSAGES.replySubjectRequired], message: [ENQUIRY_MESSAGES.replyMessageRequired] });
  });

  it('acknowledges each enquiry once when the studio turns it on, in its words, and never a bot', async () => {
    await settings({ enquiry_ack: { enabled: true, subject: 'We have your enquiry', message: 'Thanks! We answer within a day.' } });
    expect((await submit({ ...valid, email: 'ack-me@example.com' })).statusCode).toBe(201);
    expect((await submit({ ...valid, email: 'bot@example.com', website: 'http://spam.example' })).statusCode).toBe(201);
    await mailSettled(t);
    const acks = smtp.inbox.map((m) => m.raw).filter((m) => m.includes('Subject: We have your enquiry'));
    expect(acks).toHaveLength(1);
    expect(acks[0]).toContain('To: ack-me@example.com');
    expect(acks[0]).toContain('Thanks! We answer within a day.');
    expect(await newest()).toMatchObject({ email: 'ack-me@example.com', acknowledged: true });
    const rows = await t.database.db.select().from(outgoingMail).where(eq(outgoingMail.kind, 'enquiry-ack'));
    expect(rows.filter((r) => r.toAddress === 'ack-me@example.com')).toHaveLength(1);
    // Off again: no acknowledgement.
    await settings({ enquiry_ack: { enabled: false, subject: 'We have your enquiry', message: 'x' } });
    expect((await submit({ ...valid, email: 'quiet@example.com' })).statusCode).toBe(201);
    await mailSettled(t);
    expect(await newest()).toMatchObject({ email: 'quiet@example.com', acknowledged: false });
    // At a line's start: the admins' notice has it as its Reply-To.
    expect(smtp.inbox.some((m) => /^To: quiet@example\.com/m.test(m.raw))).toBe(false);
  });

  it('refuses an acknowledgement turned on without its words', async () => {
    const res = await t.as({
      method: 'PUT',
      url: '/adminportal/site-settings/',
      payload: { studio_name: 'Studio', enquiry_ack: { enabled: true, subject: '', message: ' ' } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json() as object)).toEqual(['enquiry_ack']);
  });

  it('converts an enquiry into a customer with an empty client gallery, once', async () => {
    expect((await submit({ ...valid, full_name: 'Grace Hopper', email: 'grace@example.com' })).statusCode).toBe(201);
    const { id } = await newest();
    const body = {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      phone: '+1 555 0100',
      username: 'grace-hopper',
      create_gallery: true,
      gallery_title: 'Grace & Sam',
    };
    const res = await t.as({ method: 'POST', url: `/adminportal/user-enqueries/${id}/convert/`, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const converted = res.json() as Enquiry;
    expect(converted.customer).toEqual(expect.any(Number));
    expect(converted.client_gallery).toEqual(expect.any(Number));
    const customer = (await t.as({ method: 'GET', url: `/adminportal/manage-users/${converted.customer}/` })).json() as PersonAccount;
    expect(customer).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' });
    const galleries = (await t.as({ method: 'GET', url: '/adminportal/manage-client-galleries/' })).json() as ClientGallery[];
    expect(galleries.find((g) => g.id === converted.client_gallery)).toMatchObject({
      title: 'Grace & Sam',
      user: converted.customer,
      status: false,
    });

    const again = await t.as({
      method: 'POST',
      url: `/adminportal/user-enqueries/${id}/convert/`,
      payload: { ...body, username: 'other' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ENQUIRY_MESSAGES.alreadyConverted });

    // Without a gallery; a taken username is the people area's field message.
    expect((await submit({ ...valid, full_name: 'Alan Turing' })).statusCode).toBe(201);
    const second = (await newest()).id;
    const taken = await t.as({
      method: 'POST',
      url: `/adminportal/user-enqueries/${second}/convert/`,
      payload: { ...body, username: 'grace-hopper' },
    });
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json() as object)).toEqual(['username']);
    const plain = await t.as({
      method: 'POST',
      url: `/adminportal/user-enqueries/${second}/convert/`,
      payload: { ...body, first_name: 'Alan', last_name: 'Turing', username: 'alan', create_gallery: false },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ customer: expect.any(Number), client_gallery: null });
  });

  it('gives a plain form post its page back with the messages, under the page policy that lets its styles load', async () => {
    await settings({ enquiry_fields: { ...allOff, venue: 'required' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/site/enquiries/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'full_name=Form+Sender&email=form%40example.com&message=Hello&venue=',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain("default-src 'none'");
    expect(res.body).toContain('Venue or location is required');
    // The first wrong field is focused (and so scrolled to) without a script.
    expect(res.body).toMatch(/<input[^>]*id="f-venue"[^>]*autofocus=""/);
    expect(res.body).toContain('value="Form Sender"');
  });

  it('preselects the service a visitor asks about on the contact page', async () => {
    await settings({ enquiry_fields: { ...allOff, service: 'optional' } });
    const page = await t.app.inject({ method: 'GET', url: `/contact/?service=${serviceId}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(new RegExp(`<option value="${serviceId}" selected="">Weddings</option>`));
    expect(page.body).not.toContain('Draft service');
    const plain = await t.app.inject({ method: 'GET', url: '/contact/', headers: { accept: 'text/html' } });
    expect(plain.body).not.toMatch(/selected="">Weddings/);
    expect(plain.body).toContain(DEFAULT_SITE_SETTINGS.enquiry_privacy);
  });

  it('keeps the acknowledgement words out of the public settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/site/settings/' });
    expect(res.json()).not.toHaveProperty('enquiry_ack');
    expect(res.json()).toHaveProperty('enquiry_fields');
    // Nothing of the test's own rows lingers un-typed.
    expect((await t.database.db.select().from(enquiries)).every((r) => ['new', 'replied', 'booked', 'lost'].includes(r.status))).toBe(true);
  });
});
