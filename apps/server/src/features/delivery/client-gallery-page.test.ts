import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CLIENT_GALLERY_PAGE_MESSAGES, CLIENT_GALLERY_REQUESTS_PER_EMAIL_PER_HOUR, type ClientGallery } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, mailSettled, makeImage, multipart, type TestApp } from '../../../test/harness';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../test/smtp';
import { createAccount } from '../../auth/accounts.repository';
import { clientGalleries, outgoingMail } from '../../db/schema';
import { createMailer } from '../../mail/mailer';

const ORIGIN = 'https://studio.example';
const ADMIN_BASE = '/adminportal/manage-client-galleries/';

/** Look-up jobs in the given states (the result's shape differs between the two drivers). */
async function lookUpJobs(t: TestApp, states: string[]): Promise<number> {
  const res: unknown = await t.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'client-gallery-links' and state::text in (${sql.join(
      states.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  const rows = (Array.isArray(res) ? res : (res as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(rows[0]!.n);
}

/** A message's text with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describeEachDatabase('the client gallery page', (kind) => {
  let t: TestApp;
  let smtp: LoopbackSmtp;
  let ip = 0;
  /** A fresh visitor address per request: the per-address limit is not what these tests are about. */
  const ask = (email: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/site/client-gallery/',
      payload: { email } as Record<string, string>,
      remoteAddress: `198.51.100.${++ip}`,
    });

  /** Waits until every queued look-up job has run, then until its mail has left. */
  const settled = async () => {
    await t.app.runtime.jobs.start(t.app.runtime);
    while ((await lookUpJobs(t, ['created', 'retry', 'active'])) > 0) await new Promise((r) => setTimeout(r, 25));
    // A look-up that failed would send nothing too: it must not pass for "no mail".
    expect(await lookUpJobs(t, ['failed'])).toBe(0);
    await mailSettled(t);
  };

  const gallery = async (title: string, user: number, status: boolean): Promise<ClientGallery> => {
    const cover = await makeImage({ width: 800, height: 600, seed: title.length * 31 + user });
    const body = await multipart({
      title,
      user,
      status: String(status),
      cover_image: { filename: 'c.jpg', content: cover, type: 'image/jpeg' },
    });
    const res = await t.as({ method: 'POST', url: ADMIN_BASE, payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  let ada: { published: ClientGallery[]; hidden: ClientGallery[] };
  let bobsGallery: ClientGallery;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Studio <studio@studio.test>',
      dataDir: '/nonexistent',
    });
    t = await createTestApp(kind, { mailer, env: { PUBLIC_URL: ORIGIN } });
    const adaId = (await createAccount(t.database.db, { username: 'ada', passwordHash: 'x', email: 'Ada@Example.test' })).id;
    const bobId = (await createAccount(t.database.db, { username: 'bob', passwordHash: 'x', email: 'bob@example.test' })).id;
    const expired = await gallery('Old portraits', adaId, true);
    await t.database.db.update(clientGalleries).set({ deliveryExpiresAt: '2001-01-01' }).where(eq(clientGalleries.id, expired.id));
    ada = {
      published: [await gallery('Our wedding', adaId, true), await gallery('Engagement', adaId, true)],
      hidden: [await gallery('Still editing', adaId, false), expired],
    };
    bobsGallery = await gallery('Bob family', bobId, true);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const answer = { status: true, detail: CLIENT_GALLERY_PAGE_MESSAGES.sent };
  const linkOf = (g: ClientGallery) => `${ORIGIN}${g.delivery_url}`;

  it("sends one e-mail listing exactly the customer's live galleries", async () => {
    smtp.inbox.length = 0;
    const res = await ask('  ada@example.TEST ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(answer);
    await settled();
    expect(smtp.inbox).toHaveLength(1);
    const mail = smtp.inbox[0]!;
    expect(mail.to).toEqual(['ada@example.test']);
    // Each link is in the text part and again in the HTML part.
    const links = new Set(decoded(mail.raw).match(/https:\/\/studio\.example\/g\/[A-Za-z0-9_-]+\//g));
    expect([...links]).toEqual(ada.published.map(linkOf));
    expect(decoded(mail.raw)).toContain('Our wedding');
    for (const g of [...ada.hidden, bobsGallery]) expect(decoded(mail.raw)).not.toContain(g.delivery_url);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    smtp.inbox.length = 0;
    const res = await ask('nobody@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(answer);
    await settled();
    expect(smtp.inbox).toHaveLength(0);
    const rows = await t.database.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, 'nobody@example.test'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a malformed address with its field message', async () => {
    for (const [email, message] of [
      ['not-an-email', CLIENT_GALLERY_PAGE_MESSAGES.emailInvalid],
      ['  ', CLIENT_GALLERY_PAGE_MESSAGES.emailRequired],
      [undefined, CLIENT_GALLERY_PAGE_MESSAGES.emailRequired],
    ] as const) {
      const res = await ask(email);
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json()).toEqual({ email: [message] });
    }
  });

  it('sends no more mail to an address past its hourly limit, with the same answer', async () => {
    smtp.inbox.length = 0;
    for (let i = 0; i < CLIENT_GALLERY_REQUESTS_PER_EMAIL_PER_HOUR + 2; i++) {
      const res = await ask(i % 2 ? 'BOB@example.test' : 'bob@example.test');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(answer);
    }
    await settled();
    expect(smtp.inbox).toHaveLength(CLIENT_GALLERY_REQUESTS_PER_EMAIL_PER_HOUR);
    for (const mail of smtp.inbox) expect(decoded(mail.raw)).toContain(linkOf(bobsGallery));
  });

  it('works as a plain form: a thank-you page, or the page again with the field message', async () => {
    const form = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/site/client-gallery/',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload,
        remoteAddress: `198.51.100.${++ip}`,
      });
    const bad = await form('email=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expect(bad.body).toContain(CLIENT_GALLERY_PAGE_MESSAGES.emailInvalid);
    expect(bad.body).toContain('value="nope"');
    const good = await form('email=someone%40example.test');
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe('/client-gallery/?sent=1#gallery-links');
    const thanks = await t.app.inject({ method: 'GET', url: '/client-gallery/?sent=1', headers: { accept: 'text/html' } });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('Check your inbox');
    expect(thanks.body).toContain('noindex');
  });

  it('e-mails no link when PUBLIC_URL is unset and the Host could be forged; a loopback Host gets its own', async () => {
    const cyId = (await createAccount(t.database.db, { username: 'cy', passwordHash: 'x', email: 'cy@example.test' })).id;
    const cys = await gallery('Cy portraits', cyId, true);
    const config = t.app.runtime.config as { publicUrl: string | null };
    config.publicUrl = null;
    try {
      const askAs = (host: string) =>
        t.app.inject({
          method: 'POST',
          url: '/site/client-gallery/',
          headers: { host },
          payload: { email: 'cy@example.test' },
          remoteAddress: `198.51.100.${++ip}`,
        });
      smtp.inbox.length = 0;
      const forged = await askAs('evil.example');
      expect(forged.statusCode).toBe(200);
      expect(forged.json()).toEqual(answer);
      await settled();
      expect(smtp.inbox).toHaveLength(0);
      expect((await askAs('localhost:8080')).json()).toEqual(answer);
      await settled();
      expect(smtp.inbox).toHaveLength(1);
      expect(decoded(smtp.inbox[0]!.raw)).toContain(`http://localhost:8080${cys.delivery_url}`);
    } finally {
      config.publicUrl = ORIGIN;
    }
  });

  it('is a page of the website, in the sitemap and linked from every page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/client-gallery/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/site/client-gallery/"');
    expect(page.body).toContain(`<link rel="canonical" href="${ORIGIN}/client-gallery/"/>`);
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.body).toContain('href="/client-gallery/"');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>${ORIGIN}/client-gallery/</loc>`);
  });
});
