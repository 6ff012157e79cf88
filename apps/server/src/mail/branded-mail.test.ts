import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AddressObject } from 'mailparser';
import type { ClientGallery, EnquiryPage } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, mailSettled, makeImage, multipart, type TestApp } from '../../test/harness';
import { startLoopbackSmtp, type LoopbackSmtp, type ReceivedMail } from '../../test/smtp';
import { createAccount } from '../auth/accounts.repository';
import { clientGalleries, contactInfos, outgoingMail } from '../db/schema';
import { brandedMail, queueMail } from '../features/emails/outgoing.service';
import { DELIVERY_PASSWORD_NOTE } from '../features/delivery/delivery.service';
import { sendExpiryReminders } from '../features/delivery/expiry-reminders';
import { watermarksSettled } from '../features/watermark/watermark.service';
import { COVER_CID } from './content';
import { createMailer } from './mailer';
import { selectionSubmittedMail, studioAlertMail } from './messages';

const ORIGIN = 'https://photos.lumen.test';
const GALLERY_PASSWORD = 'Sunflower-Meadow-42';
const DOWNLOAD_PIN = '4831';

const first = (a: AddressObject | AddressObject[] | undefined) => [a ?? []].flat()[0]?.value[0];

/** What every branded message must be: both parts, the studio's name and reply address, no secret. */
function expectBranded(m: ReceivedMail, replyTo = 'hello@lumen.test') {
  expect(m.mail.text?.trim()).toBeTruthy();
  expect(typeof m.mail.html === 'string' && m.mail.html.includes('<html')).toBe(true);
  expect(first(m.mail.from)).toEqual({ name: 'Lumen Studio', address: 'no-reply@lumen.test' });
  expect(first(m.mail.replyTo)?.address).toBe(replyTo);
  expect(m.mail.html).toContain('Lumen Studio');
  // Nothing secret in any part, encoded or not (the PIN's four digits could occur in the
  // cover's base64 by chance, so they are looked for in the words).
  for (const part of [m.raw, m.mail.text ?? '', m.mail.html || '']) expect(part).not.toContain(GALLERY_PASSWORD);
  for (const part of [m.mail.text ?? '', m.mail.html || '']) expect(part).not.toContain(DOWNLOAD_PIN);
}

/** The button's link in the HTML, and the same link in the text. */
function expectButton(m: ReceivedMail, url: string) {
  expect(m.mail.html).toContain(`href="${url}"`);
  expect(m.mail.text).toContain(url);
}

/** The cover inline: referenced as cid: in the HTML and attached as a JPEG of 960 x 640. */
async function expectCover(m: ReceivedMail) {
  expect(m.mail.html).toContain(`src="cid:${COVER_CID}"`);
  const cover = m.mail.attachments.find((a) => a.contentId === `<${COVER_CID}>` || a.cid === COVER_CID);
  expect(cover?.contentType).toBe('image/jpeg');
  const meta = await sharp(cover!.content).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 960, 640]);
}

describeEachDatabase('branded e-mails over SMTP', (kind) => {
  let t: TestApp;
  let smtp: LoopbackSmtp;
  let ada: number;
  let seed = 7100;

  const createGallery = async (title: string): Promise<ClientGallery> => {
    const cover = { filename: 'cover.jpg', content: await makeImage({ seed: seed++, width: 1600, height: 1200 }), type: 'image/jpeg' };
    const body = await multipart({ title, user: ada, cover_image: cover });
    const res = await t.as({ method: 'POST', url: '/adminportal/manage-client-galleries/', payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json() as ClientGallery;
    const published = await t.as({
      method: 'PATCH',
      url: `/adminportal/manage-client-galleries/${g.id}/`,
      payload: { status: true, delivery_password: GALLERY_PASSWORD, download_pin: DOWNLOAD_PIN },
    });
    expect(published.statusCode, published.body).toBe(200);
    return published.json();
  };
  const inboxFor = (subject: string) => smtp.inbox.filter((m) => m.mail.subject === subject);

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Darkroom <no-reply@lumen.test>',
      dataDir: '/nonexistent',
    });
    t = await createTestApp(kind, { mailer, env: { PUBLIC_URL: ORIGIN } });
    ada = (
      await createAccount(t.database.db, { username: 'ada', passwordHash: 'x', firstName: 'Ada', lastName: 'L', email: 'ada@example.test' })
    ).id;
    await t.database.db.insert(contactInfos).values({ name: 'Lumen', email: 'hello@lumen.test', phone: '+44 20 7946 0000' });
    const { time_updated: _t, ...current } = (await t.as({ method: 'GET', url: '/adminportal/site-settings/' })).json() as Record<
      string,
      unknown
    >;
    const saved = await t.as({
      method: 'PUT',
      url: '/adminportal/site-settings/',
      payload: {
        ...current,
        studio_name: 'Lumen Studio',
        enquiry_ack: { enabled: true, subject: 'Thank you for writing', message: 'We answer within a day.' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.inbox.length = 0;
  });

  it('sends the delivery link with the cover, a button, and a word on the password instead of it', async () => {
    const g = await createGallery('Autumn wedding');
    const res = await t.as({
      method: 'POST',
      url: `/adminportal/manage-client-galleries/${g.id}/delivery/send/`,
      payload: { message: 'It was a joy.\nEnjoy them!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await mailSettled(t);
    const [m] = inboxFor('Your photos: Autumn wedding');
    expectBranded(m!);
    expectButton(m!, `${ORIGIN}${g.delivery_url}`);
    await expectCover(m!);
    expect(m!.mail.text).toContain(DELIVERY_PASSWORD_NOTE);
    expect(m!.mail.html).toContain('It was a joy.<br/>Enjoy them!');
    // The e-mails page keeps the text part.
    const [row] = await t.database.db.select().from(outgoingMail).where(eq(outgoingMail.subject, 'Your photos: Autumn wedding'));
    expect(row!.body).toBe(m!.mail.text);
  });

  it('reminds before expiry with the cover and a button', async () => {
    const g = await createGallery('Closing soon');
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.update(clientGalleries).set({ deliveryExpiresAt: soon }).where(eq(clientGalleries.id, g.id));
    expect(await sendExpiryReminders(t.ctx)).toBeGreaterThan(0);
    await mailSettled(t);
    const [m] = inboxFor('Your photos expire soon: Closing soon');
    expectBranded(m!);
    expectButton(m!, `${ORIGIN}${g.delivery_url}`);
    await expectCover(m!);
    expect(m!.mail.text).toContain(soon);
  });

  it("shows a watermarked gallery's cover from its watermarked copy, and none before it exists", async () => {
    const mark = await multipart({ text: 'PROOF', position: 'center', size: '60', opacity: '80' });
    const saved = await t.as({ method: 'PUT', url: '/adminportal/site-settings/watermark/', payload: mark.payload, headers: mark.headers });
    expect(saved.statusCode, saved.body).toBe(200);
    const g = await createGallery('Proofs to choose');
    const on = await t.as({ method: 'PATCH', url: `/adminportal/manage-client-galleries/${g.id}/`, payload: { watermark: true } });
    expect(on.statusCode, on.body).toBe(200);
    await watermarksSettled(t.ctx);
    const [{ coverAssetId }] = await t.database.db
      .select({ coverAssetId: clientGalleries.coverAssetId })
      .from(clientGalleries)
      .where(eq(clientGalleries.id, g.id));
    const send = () =>
      t.as({ method: 'POST', url: `/adminportal/manage-client-galleries/${g.id}/delivery/send/`, payload: { message: '' } });
    expect((await send()).statusCode).toBe(200);
    await mailSettled(t);
    const [m] = inboxFor('Your photos: Proofs to choose');
    await expectCover(m!);
    const cover = m!.mail.attachments.find((a) => a.cid === COVER_CID || a.contentId === `<${COVER_CID}>`)!.content;
    const { assets } = t.app.runtime;
    expect(cover.equals((await assets.mailPicture(coverAssetId!, true))!)).toBe(true);
    expect(cover.equals((await assets.mailPicture(coverAssetId!))!)).toBe(false);

    // Without its watermarked copy the message goes without a cover rather than with the plain one.
    await t.database.db.execute(sql`update media_assets set variants = variants - 'watermarked' where id = ${coverAssetId!}`);
    smtp.inbox.length = 0;
    expect((await send()).statusCode).toBe(200);
    await mailSettled(t);
    const [bare] = inboxFor('Your photos: Proofs to choose');
    expect(bare!.mail.html).not.toContain('cid:');
    expect(bare!.mail.attachments).toEqual([]);
    await t.as({ method: 'PATCH', url: `/adminportal/manage-client-galleries/${g.id}/`, payload: { watermark: false } });
  });

  it("e-mails a customer's gallery links from the client gallery page", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/site/client-gallery/', payload: { email: 'ada@example.test' } });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.runtime.jobs.start(t.app.runtime);
    while (!inboxFor('Your client galleries').length) await new Promise((r) => setTimeout(r, 25));
    const [m] = inboxFor('Your client galleries');
    expectBranded(m!);
    const galleries = await t.database.db.select({ token: clientGalleries.deliveryToken }).from(clientGalleries);
    for (const g of galleries) expectButton(m!, `${ORIGIN}/g/${g.token}/`);
  });

  it('notifies the admins of an enquiry (Reply-To the visitor) and acknowledges it to the visitor', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/site/enquiries/',
      payload: { full_name: 'Grace Hopper', email: 'grace@example.test', message: 'Are you free in June?' },
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode, res.body).toBe(201);
    await mailSettled(t);
    const [notice] = inboxFor('New enquiry from Grace Hopper');
    expectBranded(notice!, 'grace@example.test');
    expectButton(notice!, `${ORIGIN}/admin-account/User-enquiries`);
    expect(notice!.mail.html).toContain('Are you free in June?');
    const [ack] = inboxFor('Thank you for writing');
    expectBranded(ack!);
    expect(first(ack!.mail.to)?.address).toBe('grace@example.test');
    expect(ack!.mail.html).toContain('We answer within a day.');

    // The studio's reply from the portal.
    const [enquiry] = ((await t.as({ method: 'GET', url: '/adminportal/user-enqueries/' })).json() as EnquiryPage).items;
    const reply = await t.as({
      method: 'POST',
      url: `/adminportal/user-enqueries/${enquiry!.id}/reply/`,
      payload: { subject: 'June is free', message: 'Dear Grace,\n\nWe are free on the 14th.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await mailSettled(t);
    const [answer] = inboxFor('June is free');
    expectBranded(answer!);
    expect(answer!.mail.html).toContain('We are free on the 14th.');
    expect(answer!.mail.text).toContain('Dear Grace,\n\nWe are free on the 14th.');
  });

  it('renders the selection-submitted notice and a studio alert in the brand', async () => {
    const selection = selectionSubmittedMail({
      galleryTitle: 'Autumn wedding',
      galleryId: 12,
      visitorName: 'Ada L',
      visitorEmail: 'ada@example.test',
      fileNames: ['IMG_0001.jpg', 'IMG_0002.jpg'],
      notes: [{ name: 'IMG_0002.jpg', text: 'crop tighter' }],
      publicUrl: ORIGIN,
    });
    const alert = studioAlertMail({
      event: 'downloaded',
      galleryTitle: 'Autumn wedding',
      galleryId: 12,
      detail: 'All photos, web size.',
      publicUrl: ORIGIN,
    });
    await t.ctx.mailer.send({ to: 'owner@studio.test', subject: 'Selection', ...(await brandedMail(t.ctx, selection)) });
    await t.ctx.mailer.send({ to: 'owner@studio.test', subject: 'Alert', ...(await brandedMail(t.ctx, alert)) });
    const [s] = inboxFor('Selection');
    expectBranded(s!, 'ada@example.test');
    expectButton(s!, `${ORIGIN}/admin-account/ClientGalleries?id=12`);
    expect(s!.mail.text).toContain('File names: IMG_0001.jpg, IMG_0002.jpg');
    expect(s!.mail.text).toContain('IMG_0002.jpg: crop tighter');
    expect(s!.mail.html).toContain('2 photos');
    const [a] = inboxFor('Alert');
    expectBranded(a!);
    expectButton(a!, `${ORIGIN}/admin-account/ClientGalleries?id=12`);
    expect(a!.mail.text).toContain('All photos, web size.');
  });

  it('sends a message without its cover when the cover cannot be read, and an old row as text', async () => {
    await queueMail(t.ctx, {
      kind: 'delivery',
      to: 'ada@example.test',
      subject: 'No cover',
      content: { preview: 'x', heading: 'No cover', paragraphs: ['Still here.'], coverAssetId: 999_999 },
    });
    await t.database.db
      .insert(outgoingMail)
      .values({ kind: 'delivery', toAddress: 'ada@example.test', subject: 'Old row', body: 'Plain words.' });
    const [old] = await t.database.db.select().from(outgoingMail).where(eq(outgoingMail.subject, 'Old row'));
    await t.ctx.jobs.send('mail', { id: old!.id });
    await mailSettled(t);
    const [m] = inboxFor('No cover');
    expectBranded(m!);
    expect(m!.mail.html).not.toContain('cid:');
    expect(m!.mail.attachments).toHaveLength(0);
    const [o] = inboxFor('Old row');
    expect(o!.mail.text?.trim()).toBe('Plain words.');
    expect(o!.mail.html).toBeFalsy();
  });

  it("wears the studio's logo and accent once Site settings' branding has them", async () => {
    const logo = await makeImage({ width: 300, height: 100, seed: 91 });
    const branded = await t.as({
      method: 'PUT',
      url: '/adminportal/site-settings/branding/',
      ...(await multipart({
        accent: '#2A6F97',
        font_pairing: 'editorial',
        logo: { filename: 'logo.jpg', content: logo, type: 'image/jpeg' },
      })),
    });
    expect(branded.statusCode, branded.body).toBe(200);
    const content = { preview: 'Hello', heading: 'Hello', paragraphs: ['A word from the studio.'] };
    await t.ctx.mailer.send({ to: 'owner@studio.test', subject: 'In the brand', ...(await brandedMail(t.ctx, content)) });
    const [m] = inboxFor('In the brand');
    const src = /<img[^>]+src="(https:\/\/photos\.lumen\.test\/media\/[^"]+\.png)"/.exec(m!.mail.html as string)?.[1];
    expect(src).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: src!.slice(ORIGIN.length) })).headers['content-type']).toBe('image/png');
    expect(m!.mail.html).toContain('#2a6f97');
  });
});
