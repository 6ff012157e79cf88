import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  SELECTION_MESSAGES,
  selectionFullMessage,
  type ClientGallery,
  type DashboardSummary,
  type DeliveryGallery,
  type Selection,
} from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, mailSettled, makeImage, photosDerived, type TestApp } from '../../../test/harness';
import { CLIENT_GALLERIES, createClientGallery, uploadClientPhotos } from '../../../test/client-gallery-fixtures';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../test/smtp';
import { createAccount } from '../../auth/accounts.repository';
import { createMailer } from '../../mail/mailer';

const cookieOf = (res: LightMyRequestResponse) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => String(c).split(';', 1)[0])
    .filter((c) => c.startsWith('darkroom_visitor='))
    .filter((c, i, all) => all.indexOf(c) === i)
    .join('; ');

describeEachDatabase("client delivery: each visitor's selection and the studio's alerts", (kind) => {
  let t: TestApp;
  let smtp: LoopbackSmtp;
  let gallery: ClientGallery;
  let token: string;
  let photoIds: number[];

  const patch = (payload: Record<string, unknown>) => t.as({ method: 'PATCH', url: `${CLIENT_GALLERIES}${gallery.id}/`, payload });
  const site = (rest = '') => `/site/galleries/${token}/${rest}`;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object, remoteAddress = '10.3.0.1') => {
    const opts: InjectOptions = { method, url, headers: cookie ? { cookie } : {}, remoteAddress };
    if (payload !== undefined) opts.payload = payload;
    return t.app.inject(opts);
  };
  const register = async (name: string, email: string) => {
    const res = await call('POST', site('visitor/'), '', { name, email });
    expect(res.statusCode, res.body).toBe(204);
    return cookieOf(res);
  };
  const settings = (alerts: Record<string, boolean>) =>
    t.as({ method: 'PUT', url: '/adminportal/site-settings/', payload: { studio_name: 'Lumen', studio_alerts: alerts } });
  const inboxFor = (subject: string) => smtp.inbox.filter((m) => m.raw.includes(subject));

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Lumen <studio@lumen.test>',
      dataDir: '/nonexistent',
    });
    t = await createTestApp(kind, { mailer });
    // Two admins with an address besides the seeded one (owner@studio.test); an inactive one hears nothing.
    await createAccount(t.database.db, { username: 'grace', passwordHash: 'x', email: 'grace@studio.test', isStaff: true });
    await createAccount(t.database.db, { username: 'gone', passwordHash: 'x', email: 'gone@studio.test', isStaff: true, isActive: false });
    const ada = await createAccount(t.database.db, { username: 'ada', passwordHash: 'x', email: 'ada@example.test' });
    ({ gallery, token } = await createClientGallery(t, { title: 'Proofing', customerId: ada.id, coverSeed: 6001 }));
    await patch({ status: true });
    const files = await Promise.all(
      ['a.jpg', 'b.jpg', 'c.jpg'].map(async (filename, i) => ({ filename, content: await makeImage({ seed: 6100 + i }) })),
    );
    photoIds = await uploadClientPhotos(t, gallery.id, files);
    await photosDerived(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('keeps require_email and selection_limit on the gallery and names a field with a bad value', async () => {
    expect(gallery).toMatchObject({ require_email: false, selection_limit: null });
    const bad = await patch({ require_email: 'maybe', selection_limit: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      require_email: [SELECTION_MESSAGES.requireEmailInvalid],
      selection_limit: [SELECTION_MESSAGES.limitInvalid],
    });
    expect((await patch({ selection_limit: 'ten' })).json()).toEqual({ selection_limit: [SELECTION_MESSAGES.limitInvalid] });
    const ok = await patch({ require_email: true, selection_limit: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ require_email: true, selection_limit: 2 });
    expect((await patch({ selection_limit: '' })).json().selection_limit).toBeNull();
    expect((await patch({ selection_limit: '2' })).json().selection_limit).toBe(2);
  });

  it('asks a visitor first, then keeps two visitors’ lists apart; a limit refuses the heart past it', async () => {
    // Without a visitor: the photos, hearts and page ask for one.
    const anonymous = await call('GET', site(), '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(SELECTION_MESSAGES.visitorRequired);
    expect((await call('PUT', site('favourites/'), '', { ids: [photoIds[0]] })).statusCode).toBe(401);
    const page = await call('GET', `/g/${token}/`, '');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your e-mail');
    expect(page.body).not.toContain('a.jpg');

    const bad = await call('POST', site('visitor/'), '', { name: ' ', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ name: [SELECTION_MESSAGES.nameRequired], email: [SELECTION_MESSAGES.emailInvalid] });

    const ada = await register('Ada', 'Ada@Example.test');
    const bob = await register('Bob', 'bob@example.test');
    expect(ada).toMatch(/^darkroom_visitor=\d+\./);
    expect(ada).not.toBe(bob);
    // A forged cookie (another id with Ada's signature) is no visitor.
    const forged = ada.replace(/=(\d+)\./, (_m, id: string) => `=${Number(id) + 1}.`);
    expect((await call('GET', site(), forged)).statusCode).toBe(401);

    expect((await call('PUT', site('favourites/'), ada, { ids: [photoIds[0], photoIds[1]] })).statusCode).toBe(200);
    const over = await call('PUT', site('favourites/'), ada, { ids: photoIds });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ ids: [selectionFullMessage(2, 2)] });
    expect((await call('PUT', site('favourites/'), bob, { ids: [photoIds[2]] })).statusCode).toBe(200);

    const adaSees = (await call('GET', site(), ada)).json() as DeliveryGallery;
    const bobSees = (await call('GET', site(), bob)).json() as DeliveryGallery;
    expect(adaSees.favourite_ids).toEqual([photoIds[0], photoIds[1]]);
    expect(adaSees.selection).toMatchObject({
      visitor: { name: 'Ada', email: 'ada@example.test' },
      selection_limit: 2,
      submitted_at: null,
    });
    expect(bobSees.favourite_ids).toEqual([photoIds[2]]);
    expect(bobSees.photos.find((p) => p.id === photoIds[0])!.favourite).toBe(false);
    // The same address again (another phone) keeps its list.
    const adaAgain = await register('Ada L', 'ada@example.test');
    expect(((await call('GET', site(), adaAgain)).json() as DeliveryGallery).favourite_ids).toEqual([photoIds[0], photoIds[1]]);
    // The page, drawn for each list.
    const adaPage = await call('GET', `/g/${token}/`, ada);
    expect(adaPage.body).toContain('Selecting as Ada L');
    expect(adaPage.body).toContain('2 photos chosen');
  });

  it('takes the name form as a plain post (no JavaScript): a 303 to the page with the cookie, or the page again with its messages', async () => {
    const form = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: site('visitor/'),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' },
        payload: body,
        remoteAddress: '10.3.0.9',
      });
    expect((await patch({ require_email: true })).statusCode).toBe(200);
    const page = await call('GET', `/g/${token}/`, '');
    const formTag = /<form[^>]*>/.exec(page.body)![0];
    expect(formTag).toContain('method="post"');
    expect(formTag).toContain(`action="/site/galleries/${token}/visitor/"`);

    // A wrong e-mail: the form again, what was typed kept, the message under its field, that field focused.
    const bad = await form('name=Grace+%3Cb%3E&email=grace%40not+an+address');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expect(bad.headers['set-cookie']).toBeUndefined();
    expect(bad.body).toContain('value="Grace &lt;b&gt;"');
    expect(bad.body).toContain('value="grace@not an address"');
    expect(bad.body).toMatch(new RegExp(`id="dl-email-error"[^>]*>${SELECTION_MESSAGES.emailInvalid}<`));
    expect(bad.body).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*autofocus=""[^>]*id="dl-email"|<input[^>]*id="dl-email"[^>]*aria-invalid="true"[^>]*autofocus=""/,
    );
    // The page's own policy (its inline styles allowed), not the JSON routes' default-src 'none'.
    expect(bad.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(bad.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(bad.headers['cache-control']).toBe(page.headers['cache-control']);
    expect(bad.headers['referrer-policy']).toBe('no-referrer');

    const good = await form('name=Grace&email=grace%40example.test');
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe(`/g/${token}/`);
    const cookie = cookieOf(good);
    expect(cookie).toMatch(/^darkroom_visitor=\d+\./);
    const opened = await call('GET', `/g/${token}/`, cookie);
    expect(opened.body).toContain('Selecting as Grace');
    expect(opened.body).toContain('data-delivery=');
    // JSON callers are answered as before.
    expect((await call('POST', site('visitor/'), '', { name: 'Grace', email: 'grace@example.test' })).statusCode).toBe(204);
  });

  it('saves a note per photo, submits once with an e-mail to each admin, and the studio reopens it', async () => {
    const ada = await register('Ada', 'ada@example.test');
    const note = await call('PUT', site(`photos/${photoIds[1]}/note/`), ada, { text: '  crop tighter ' });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json()).toEqual({ photo_id: photoIds[1], text: 'crop tighter' });
    expect((await call('PUT', site(`photos/${photoIds[1]}/note/`), ada, { text: 'x'.repeat(1001) })).json()).toEqual({
      text: [SELECTION_MESSAGES.noteMax],
    });
    expect((await call('PUT', site('photos/999999/note/'), ada, { text: 'hi' })).statusCode).toBe(404);
    expect(((await call('GET', site(), ada)).json() as DeliveryGallery).selection.notes).toEqual([
      { photo_id: photoIds[1], text: 'crop tighter' },
    ]);

    const carol = await register('Carol', 'carol@example.test');
    expect((await call('POST', site('favourites/submit/'), carol)).json().detail).toBe(SELECTION_MESSAGES.empty);

    const before = smtp.inbox.length;
    const submitted = await call('POST', site('favourites/submit/'), ada);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().count).toBe(2);
    const again = await call('POST', site('favourites/submit/'), ada);
    expect(again.statusCode).toBe(409);
    expect((await call('PUT', site('favourites/'), ada, { ids: [] })).statusCode).toBe(409);
    expect((await call('PUT', site(`photos/${photoIds[0]}/note/`), ada, { text: 'no' })).statusCode).toBe(409);

    await mailSettled(t);
    const mails = smtp.inbox.slice(before).filter((m) => m.raw.includes('Selection submitted: Proofing'));
    expect(mails.map((m) => m.to).sort()).toEqual([['grace@studio.test'], ['owner@studio.test']]);
    expect(mails[0]!.raw).toContain('Ada submitted a selection of 2 photos');
    expect(mails[0]!.raw).toContain('Reply-To: ada@example.test');
    expect(mails[0]!.raw).toContain('File names: a.jpg, b.jpg');
    expect(mails[0]!.raw).toContain('b.jpg: crop tighter');

    const dashboard = (await t.as({ method: 'GET', url: '/adminportal/dashboard/' })).json() as DashboardSummary;
    expect(dashboard.submitted_selections[0]).toMatchObject({ client_gallery: gallery.id, title: 'Proofing', name: 'Ada', count: 2 });

    const lists = (await t.as({ method: 'GET', url: `${CLIENT_GALLERIES}${gallery.id}/selections/` })).json() as Selection[];
    const adaList = lists.find((l) => l.email === 'ada@example.test')!;
    expect(adaList.photos.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(adaList.notes).toEqual([{ photo_id: photoIds[1], name: 'b.jpg', text: 'crop tighter' }]);
    expect(adaList.submitted_at).not.toBeNull();
    expect(lists.find((l) => l.email === 'bob@example.test')!.photos.map((p) => p.name)).toEqual(['c.jpg']);
    // Only the studio sees the lists.
    expect((await t.app.inject({ method: 'GET', url: `${CLIENT_GALLERIES}${gallery.id}/selections/` })).statusCode).toBe(401);

    const reopened = await t.as({ method: 'POST', url: `${CLIENT_GALLERIES}${gallery.id}/selections/${adaList.id}/reopen/` });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().submitted_at).toBeNull();
    expect((await call('PUT', site('favourites/'), ada, { ids: [photoIds[0]] })).statusCode).toBe(200);
    expect((await t.as({ method: 'POST', url: `${CLIENT_GALLERIES}${gallery.id}/selections/999999/reopen/` })).statusCode).toBe(404);
  });

  it('keeps one shared list without require_email, as before', async () => {
    await patch({ require_email: false, selection_limit: '' });
    expect((await call('PUT', site('favourites/'), '', { ids: [photoIds[2]] })).statusCode).toBe(200);
    expect(((await call('GET', site(), '')).json() as DeliveryGallery).favourite_ids).toEqual([photoIds[2]]);
    expect(((await call('GET', site(), '', undefined, '10.3.9.9')).json() as DeliveryGallery).favourite_ids).toEqual([photoIds[2]]);
    const counted = (await t.as({ method: 'GET', url: `${CLIENT_GALLERIES}${gallery.id}/` })).json() as ClientGallery;
    // Photos in any list, once each: Ada's a.jpg, Bob's and the shared list's c.jpg.
    expect(counted.favourites_count).toBe(2);
  });

  it('alerts the admins once when a gallery is first opened and first downloaded, when the studio asks', async () => {
    const off = await settings({ selection_submitted: true, gallery_opened: false, gallery_downloaded: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().studio_alerts).toEqual({ selection_submitted: true, gallery_opened: false, gallery_downloaded: false });
    expect((await t.app.inject({ method: 'GET', url: '/site/settings/' })).body).not.toContain('studio_alerts');
    await settings({ selection_submitted: true, gallery_opened: true, gallery_downloaded: true });

    // A new gallery, never opened.
    const { gallery: g, token: alertsToken } = await createClientGallery(t, {
      title: 'Alerts',
      customerId: gallery.user!,
      coverSeed: 6201,
    });
    const [photoId] = await uploadClientPhotos(t, g.id, [{ filename: 'd.jpg', content: await makeImage({ seed: 6202 }) }]);
    await photosDerived(t);

    // Opened from three addresses, twice each; downloaded twice.
    for (const ip of ['10.4.0.1', '10.4.0.2', '10.4.0.3', '10.4.0.1'])
      expect((await t.app.inject({ method: 'GET', url: `/g/${alertsToken}/`, remoteAddress: ip })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: 'GET', url: `/site/galleries/${alertsToken}/photos/${photoId}/original/` })).statusCode).toBe(
        200,
      );
    await mailSettled(t);
    expect(
      inboxFor('Client gallery opened: Alerts')
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['grace@studio.test', 'owner@studio.test']);
    expect(
      inboxFor('Client gallery downloaded: Alerts')
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['grace@studio.test', 'owner@studio.test']);
    // The first gallery was opened before these alerts were on: it was already "first opened".
    expect(inboxFor('Client gallery opened: Proofing')).toEqual([]);
  });
});
