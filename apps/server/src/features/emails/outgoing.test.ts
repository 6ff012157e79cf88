import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ENQUIRY_MESSAGES, type OutgoingMailRecord } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, mailSettled, type TestApp } from '../../../test/harness';
import { startLoopbackSmtp } from '../../../test/smtp';
import { outgoingMail } from '../../db/schema';
import { createMailer } from '../../mail/mailer';

/**
 * The loopback SMTP server, refusing the first `state.refuse` messages with a temporary error
 * (451) and, while held, keeping each message's acceptance until `state.release()`.
 */
async function startSmtp() {
  const state = { refuse: 0, tries: 0, hold: false, release: () => {}, held: Promise.resolve() };
  const smtp = await startLoopbackSmtp({
    beforeAccept() {
      state.tries++;
      if (state.refuse > 0) {
        state.refuse--;
        throw Object.assign(new Error('Try again later'), { responseCode: 451 });
      }
      return state.hold ? state.held : undefined;
    },
  });
  return {
    ...smtp,
    state,
    /** Holds every message's acceptance until `state.release()`. */
    hold() {
      state.hold = true;
      state.held = new Promise<void>((r) => (state.release = r));
    },
  };
}

describeEachDatabase('e-mail through the job queue', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Darkroom <portal@studio.test>',
      dataDir: '/nonexistent',
    });
    t = await createTestApp(kind, { mailer, env: { MAIL_RETRY_LIMIT: '3', MAIL_RETRY_DELAY_SECONDS: '1' } });
    await t.app.runtime.jobs.start(t.app.runtime);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.inbox.length = 0;
    smtp.state.tries = 0;
  });

  let visitor = 0;
  const enquire = (full_name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/site/enquiries/',
      payload: { full_name, email: 'ada@example.com', message: 'Do you shoot weddings in June?' },
      remoteAddress: `203.0.113.${++visitor}`,
    });
  const messages = () => t.database.db.select().from(outgoingMail).orderBy(outgoingMail.id);

  it('delivers a message once when the mail server refuses it, then accepts it', async () => {
    smtp.state.refuse = 1;
    expect((await enquire('Refused Once')).statusCode).toBe(201);
    await mailSettled(t);
    expect(smtp.state.tries).toBe(2);
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]!.raw).toContain('Subject: New enquiry from Refused Once');
    const [mail] = (await messages()).filter((m) => m.subject === 'New enquiry from Refused Once');
    expect(mail).toMatchObject({ kind: 'enquiry', status: 'sent', attempts: 2, error: null, delivered: 'smtp' });
  }, 30_000);

  it('answers an enquiry without waiting for the mail server', async () => {
    smtp.hold();
    try {
      // The mail server holds every message until released: a request that waited for it would never answer.
      const res = await enquire('Patient Visitor');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ detail: ENQUIRY_MESSAGES.received });
      const [mail] = (await messages()).filter((m) => m.subject === 'New enquiry from Patient Visitor');
      expect(mail!.status).toBe('queued');
    } finally {
      smtp.state.hold = false;
      smtp.state.release();
    }
    await mailSettled(t);
    expect(smtp.inbox.filter((m) => m.raw.includes('Patient Visitor'))).toHaveLength(1);
  }, 30_000);

  it('keeps a message failed with its error once the mail server refused every try', async () => {
    smtp.state.refuse = 4;
    expect((await enquire('Never Delivered')).statusCode).toBe(201);
    await mailSettled(t);
    const [mail] = await t.database.db.select().from(outgoingMail).where(eq(outgoingMail.subject, 'New enquiry from Never Delivered'));
    expect(mail).toMatchObject({ status: 'failed', attempts: 4 });
    expect(mail!.error).toMatch(/451|Try again later/);
    expect(smtp.inbox).toHaveLength(0);
  }, 60_000);

  it('lists every message with its state for admins, newest first', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/adminportal/send-email/messages/' })).statusCode).toBe(401);
    const res = await t.as({ method: 'GET', url: '/adminportal/send-email/messages/' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as OutgoingMailRecord[];
    expect(list.map((m) => [m.subject, m.kind, m.status, m.attempts])).toEqual([
      ['New enquiry from Never Delivered', 'enquiry', 'failed', 4],
      ['New enquiry from Patient Visitor', 'enquiry', 'sent', 1],
      ['New enquiry from Refused Once', 'enquiry', 'sent', 2],
    ]);
    expect(list[0]!.error).toMatch(/451|Try again later/);
    expect(list[0]!.time_sent).toBeNull();
    expect(list[1]!.time_sent).toEqual(expect.any(String));
    expect(JSON.stringify(list)).not.toContain('Do you shoot weddings');
  });
});
