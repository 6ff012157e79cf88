import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMON_MESSAGES, EMAIL_MESSAGES, type SendEmailResult, type SentEmailRecord } from '@darkroom/contracts';
import { ADMIN, createTestApp, describeEachDatabase, mailSettled, type TestApp } from '../../../test/harness';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../test/smtp';
import { createAccount, findByUsername } from '../../auth/accounts.repository';
import { outgoingMail, sentEmails } from '../../db/schema';
import { createMailer } from '../../mail/mailer';

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim();

describeEachDatabase('send email (SMTP)', (kind) => {
  let t: TestApp;
  let smtp: LoopbackSmtp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // RCPT TO addresses starting with 'reject' are refused with 550.
    smtp = await startLoopbackSmtp({ refuseRecipient: (address) => address.startsWith('reject') });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Darkroom <portal@studio.test>',
      dataDir: '/nonexistent',
    });
    t = await createTestApp(kind, { mailer });
    const db = t.database.db;
    ids.owner = (await findByUsername(db, ADMIN.username))!.id;
    const mk = async (username: string, email: string, isStaff = true) =>
      (await createAccount(db, { username, passwordHash: 'x', isStaff, firstName: username, lastName: 'Admin', email })).id;
    ids.ann = await mk('ann', 'ann@studio.test');
    ids.bob = await mk('bob', 'bob@studio.test');
    ids.rejected = await mk('rejecty', 'reject@studio.test');
    ids.rejected2 = await mk('rejecty2', 'reject2@studio.test');
    ids.noMail = await mk('nomail', '');
    ids.customer = await mk('client', 'client@example.com', false);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.inbox.length = 0;
  });

  /** Sends, then waits until the job queue has delivered (or given up on) every message. */
  const send = async (payload: Record<string, unknown>) => {
    const res = await t.as({ method: 'POST', url: '/adminportal/send-email/', payload });
    await mailSettled(t);
    return res;
  };
  const messagesOf = (id: number) =>
    t.database.db.select().from(outgoingMail).where(eq(outgoingMail.sentEmailId, id)).orderBy(outgoingMail.id);
  const records = () => t.database.db.select().from(sentEmails);

  it('queues one message per admin, sends them over SMTP and records each recipient', async () => {
    const res = await send({ subject: 'Studio meeting', message: 'We meet on Friday at 10.', recipients: [ids.ann, ids.bob] });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SendEmailResult;
    expect(body).toMatchObject({ subject: 'Studio meeting', status: 'queued', detail: EMAIL_MESSAGES.queued });
    expect(body.results).toEqual([
      { id: ids.ann, name: 'ann Admin', email: 'ann@studio.test', status: 'queued', delivered: null, detail: '' },
      { id: ids.bob, name: 'bob Admin', email: 'bob@studio.test', status: 'queued', delivered: null, detail: '' },
    ]);
    expect((await messagesOf(body.id)).map((m) => [m.recipientId, m.status, m.delivered, m.attempts])).toEqual([
      [ids.ann, 'sent', 'smtp', 1],
      [ids.bob, 'sent', 'smtp', 1],
    ]);

    expect(smtp.inbox).toHaveLength(2);
    const byRcpt = new Map(smtp.inbox.map((m) => [m.to.join(','), m]));
    for (const address of ['ann@studio.test', 'bob@studio.test']) {
      const mail = byRcpt.get(address)!;
      expect(mail, address).toBeDefined();
      expect(mail.from).toBe('portal@studio.test');
      expect(header(mail.raw, 'To')).toBe(address);
      expect(header(mail.raw, 'Subject')).toBe('Studio meeting');
      expect(mail.raw).toContain('We meet on Friday at 10.');
      expect(mail.raw).toContain('Sent by Olive Owner <owner@studio.test>');
    }

    const [row] = await t.database.db.select().from(sentEmails).where(eq(sentEmails.id, body.id));
    expect(row).toMatchObject({
      subject: 'Studio meeting',
      message: 'We meet on Friday at 10.',
      status: 'sent',
      error: null,
      sentBy: ids.owner,
      recipients: [
        { id: ids.ann, email: 'ann@studio.test' },
        { id: ids.bob, email: 'bob@studio.test' },
      ],
    });
  });

  it('cannot be turned into a relay by a subject carrying header lines', async () => {
    const res = await send({ subject: 'Hello\r\nBcc: evil@example.com', message: 'Body', recipients: [ids.ann] });
    expect(res.statusCode).toBe(200);
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]!.to).toEqual(['ann@studio.test']);
    expect(smtp.inbox[0]!.raw).not.toMatch(/^Bcc:/im);
    expect(header(smtp.inbox[0]!.raw, 'Subject')).toBe('Hello Bcc: evil@example.com');
  });

  it('sends to a repeated recipient once', async () => {
    const res = await send({ subject: 'Once', message: 'Only once', recipients: [ids.ann, ids.ann] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as SendEmailResult).results).toHaveLength(1);
    expect(smtp.inbox.map((m) => m.to)).toEqual([['ann@studio.test']]);
  });

  it('accepts form-encoded recipients as a comma list', async () => {
    const res = await t.as({
      method: 'POST',
      url: '/adminportal/send-email/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `subject=Form&message=From+a+form&recipients=${ids.ann}%2C${ids.bob}`,
    });
    expect(res.statusCode).toBe(200);
    await mailSettled(t);
    expect(smtp.inbox.flatMap((m) => m.to).sort()).toEqual(['ann@studio.test', 'bob@studio.test']);
  });

  it('records a refused recipient while the others still get it (partial)', async () => {
    const res = await send({ subject: 'Partial', message: 'Some of you', recipients: [ids.rejected, ids.bob] });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SendEmailResult;
    expect(body.status).toBe('queued');
    const [refused, sent] = await messagesOf(body.id);
    expect(refused).toMatchObject({ recipientId: ids.rejected, status: 'failed', delivered: null });
    expect(refused!.error).toMatch(/550|Mailbox unavailable|rejected/i);
    expect(sent).toMatchObject({ recipientId: ids.bob, status: 'sent', delivered: 'smtp' });
    expect(smtp.inbox.map((m) => m.to)).toEqual([['bob@studio.test']]);
    const [row] = await t.database.db.select().from(sentEmails).where(eq(sentEmails.id, body.id));
    expect(row!.status).toBe('partial');
    expect(row!.error).toContain('reject@studio.test');
  });

  it('records the send failed when no message could be delivered', async () => {
    const res = await send({ subject: 'Nobody', message: 'Lost', recipients: [ids.rejected, ids.rejected2] });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SendEmailResult;
    expect(body.status).toBe('queued');
    expect((await messagesOf(body.id)).map((m) => m.status)).toEqual(['failed', 'failed']);
    const [row] = await t.database.db.select().from(sentEmails).where(eq(sentEmails.id, body.id));
    expect(row!.status).toBe('failed');
  });

  it('answers missing fields with the spec messages and sends nothing', async () => {
    const before = (await records()).length;
    const res = await send({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      subject: [EMAIL_MESSAGES.subjectRequired],
      message: [EMAIL_MESSAGES.messageRequired],
      recipients: [EMAIL_MESSAGES.recipientsRequired],
    });
    const blank = await send({ subject: '  ', message: ' ', recipients: [] });
    expect(blank.json()).toEqual({
      subject: [EMAIL_MESSAGES.subjectRequired],
      message: [EMAIL_MESSAGES.messageRequired],
      recipients: [EMAIL_MESSAGES.recipientsRequired],
    });
    expect(smtp.inbox).toHaveLength(0);
    expect((await records()).length).toBe(before);
  });

  it('enforces the subject and body limits', async () => {
    const res = await send({ subject: 's'.repeat(256), message: 'm'.repeat(10_001), recipients: [ids.ann] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ subject: [EMAIL_MESSAGES.subjectMax], message: [EMAIL_MESSAGES.messageMax] });
  });

  it.each([
    ['an unknown id', () => [ids.ann, 999_999]],
    ['a customer', () => [ids.customer]],
    ['a malformed id', () => ['abc']],
  ])('refuses %s as recipient with a 400 on recipients', async (_label, recipients) => {
    const res = await send({ subject: 'Hi', message: 'Hello', recipients: recipients() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ recipients: [EMAIL_MESSAGES.recipientUnknown] });
    expect(smtp.inbox).toHaveLength(0);
  });

  it('refuses an admin without an email address, naming them', async () => {
    const res = await send({ subject: 'Hi', message: 'Hello', recipients: [ids.ann, ids.noMail] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ recipients: [`nomail Admin ${EMAIL_MESSAGES.recipientNoEmail}`] });
    expect(smtp.inbox).toHaveLength(0);
  });

  it('lists past sends newest first with status, recipients and sender', async () => {
    const res = await t.as({ method: 'GET', url: '/adminportal/send-email/' });
    expect(res.statusCode).toBe(200);
    const history = res.json() as SentEmailRecord[];
    expect(history.map((h) => h.subject).slice(0, 6)).toEqual([
      'Nobody',
      'Partial',
      'Form',
      'Once',
      'Hello Bcc: evil@example.com',
      'Studio meeting',
    ]);
    expect(history[1]).toMatchObject({
      status: 'partial',
      recipients: [
        { id: ids.rejected, email: 'reject@studio.test' },
        { id: ids.bob, email: 'bob@studio.test' },
      ],
      sent_by: { id: ids.owner, name: 'Olive Owner' },
      error: expect.stringContaining('reject@studio.test'),
    });
    expect(history[5]).toMatchObject({ status: 'sent', error: null, message: 'We meet on Friday at 10.' });
    // A new send shows up at once (the cached list is dropped).
    await send({ subject: 'Latest', message: 'Newest first', recipients: [ids.ann] });
    const after = (await t.as({ method: 'GET', url: '/adminportal/send-email/' })).json() as SentEmailRecord[];
    expect(after[0]!.subject).toBe('Latest');
  });

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/adminportal/send-email/' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/adminportal/send-email/',
      payload: { subject: 'x', message: 'y', recipients: [ids.ann] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: COMMON_MESSAGES.unauthenticated });
    expect(smtp.inbox).toHaveLength(0);
  });
});

describeEachDatabase('send email (outbox)', (kind) => {
  let t: TestApp;
  let bob: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    bob = (await createAccount(t.database.db, { username: 'bob', passwordHash: 'x', isStaff: true, email: 'bob@studio.test' })).id;
  });
  afterAll(() => t.close());

  it('writes one .eml per recipient to DATA_DIR/outbox without SMTP_URL', async () => {
    const owner = (await findByUsername(t.database.db, ADMIN.username))!.id;
    const res = await t.as({
      method: 'POST',
      url: '/adminportal/send-email/',
      payload: { subject: 'Outbox test', message: 'Saved to disk', recipients: [owner, bob] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SendEmailResult;
    await mailSettled(t);
    const messages = await t.database.db.select().from(outgoingMail).where(eq(outgoingMail.sentEmailId, body.id));
    expect(messages.map((m) => m.delivered)).toEqual(['outbox', 'outbox']);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files.sort()).toEqual(messages.map((m) => m.detail).sort());
    const mails = files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails.map((m) => header(m, 'To')).sort()).toEqual(['bob@studio.test', 'owner@studio.test']);
    for (const m of mails) {
      expect(header(m, 'Subject')).toBe('Outbox test');
      expect(m).toContain('Saved to disk');
    }
  });

  // The original portal wired this dialog to admin creation; sending must never create an account.
  it('never creates an account, whatever extra fields arrive', async () => {
    const res = await t.as({
      method: 'POST',
      url: '/adminportal/send-email/',
      payload: { subject: 'S', message: 'M', recipients: [bob], username: 'sneaky', first_name: 'X', email: 'x@y.z' },
    });
    expect(res.statusCode).toBe(200);
    expect(await findByUsername(t.database.db, 'sneaky')).toBeUndefined();
  });
});
