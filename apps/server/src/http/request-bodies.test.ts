import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ENQUIRY_MESSAGES,
  GALLERY_LINK_MESSAGES,
  LINE_BREAK_MESSAGE,
  LOVE_STORY_MESSAGES,
  NUL_MESSAGE,
} from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, makeImage, multipart, type TestApp } from '../../test/harness';
import { spoolDir } from '../media/spool';
import { BODY_MESSAGES } from './read-body';

const spoolFiles = () => (fs.existsSync(spoolDir()) ? fs.readdirSync(spoolDir()) : []);

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/** Sends the start of a multipart request over a raw socket, then leaves it open. */
function startUpload(port: number, path: string, headers: Record<string, string>, head: Buffer, declaredLength: number): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  const lines = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Length: ${declaredLength}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  socket.write(head);
  socket.on('error', () => {});
  return socket;
}

describeEachDatabase('request bodies: files only where declared, spool cleaned, stalls cut off', (kind) => {
  let t: TestApp;
  let port: number;
  let big: Buffer;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { IDLE_TIMEOUT_SECONDS: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    big = await makeImage({ width: 3000, height: 2000, seed: 77 });
  });
  afterAll(() => t.close());

  /** A multipart body whose one file part is cut after `keep` bytes. */
  const truncatedUpload = async (fields: Record<string, string>, fileField: string, keep: number) => {
    const { payload, headers } = await multipart({ ...fields, [fileField]: { filename: 'big.jpg', content: big, type: 'image/jpeg' } });
    return { head: payload.subarray(0, payload.length - big.length + keep), headers, length: payload.length };
  };

  it('a whole upload over a real connection is stored, and its spool file is gone afterwards', async () => {
    const { payload, headers } = await multipart({
      name: 'Real Upload',
      email: 'r@b.test',
      phone: '1',
      title: 'T',
      cover_image: { filename: 'big.jpg', content: big, type: 'image/jpeg' },
    });
    const res = await fetch(`http://127.0.0.1:${port}/adminportal/pages/the-team/`, {
      method: 'POST',
      headers: { ...headers, authorization: `Token ${await t.token()}` },
      body: new Uint8Array(payload),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { name: string }).name).toBe('Real Upload');
    expect(await waitFor(() => spoolFiles().length === 0, 1000)).toBe(true);
  });

  it('an admin upload aborted half-way leaves no spool file within a second', async () => {
    const token = await t.token();
    const { head, headers, length } = await truncatedUpload(
      { name: 'Ann', email: 'a@b.test', phone: '1', title: 'T' },
      'cover_image',
      big.length / 2,
    );
    const socket = startUpload(port, '/adminportal/pages/the-team/', { ...headers, authorization: `Token ${token}` }, head, length);
    // The server is receiving the file: it sits in the spool.
    expect(await waitFor(() => spoolFiles().length > 0, 5000)).toBe(true);
    socket.destroy();
    expect(await waitFor(() => spoolFiles().length === 0, 1000)).toBe(true);
  });

  it('a public route never spools a file, and an aborted request there leaves nothing', async () => {
    const { head, headers, length } = await truncatedUpload(
      { full_name: 'Visitor', email: 'v@example.com', message: 'Hello' },
      'attachment',
      big.length / 2,
    );
    const socket = startUpload(port, '/site/enquiries/', headers, head, length);
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    await waitFor(() => answer.includes('}'), 3000);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain(BODY_MESSAGES.noFiles);
    socket.destroy();
    expect(spoolFiles()).toEqual([]);
  });

  it('closes a stalled connection', async () => {
    const { head, headers, length } = await truncatedUpload({ full_name: 'Slow' }, 'x', 0);
    const socket = startUpload(port, '/site/enquiries/', headers, head.subarray(0, 40), length);
    const closed = new Promise<number>((resolve) => {
      const started = Date.now();
      socket.on('close', () => resolve(Date.now() - started));
    });
    const after = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 8000))]);
    expect(after).toBeGreaterThan(0);
  });

  it('keeps an upload open while its photos wait for the server, past the idle timeout, and stores them all', async () => {
    const cover = await multipart({
      name: 'Idle',
      description: 'd',
      cover_image: { filename: 'c.jpg', content: await makeImage({ seed: 90 }), type: 'image/jpeg' },
    });
    const svc = await t.as({ method: 'POST', url: '/adminportal/manage-services/', payload: cover.payload, headers: cover.headers });
    expect(svc.statusCode, svc.body).toBe(201);
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => makeImage({ width: 600, height: 400, seed: 800 + i })));
    const { payload, headers } = await multipart({
      service: String((svc.json() as { id: number }).id),
      land_scape_image: photos.map((content, i) => ({ filename: `idle-${i}.jpg`, content, type: 'image/jpeg' })),
    });
    // Another upload holds every processing slot for three idle timeouts: this one's body stops
    // being read once its queue is full, and waits.
    let release!: () => void;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: t.config.uploadConcurrency }, () => t.app.runtime.assets.limit(() => busy));
    const answer = fetch(`http://127.0.0.1:${port}/adminportal/manage-gallery/`, {
      method: 'POST',
      headers: { ...headers, authorization: `Token ${await t.token()}` },
      body: new Uint8Array(payload),
    });
    await new Promise((resolve) => setTimeout(resolve, 3 * t.config.idleTimeoutMs));
    release();
    await Promise.all(held);
    const res = await answer;
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { stored: unknown[] }).stored).toHaveLength(8);
  });

  it('refuses a file on an endpoint that takes none, or on a field that takes none, before storing it', async () => {
    const file = { filename: 'x.jpg', content: big.subarray(0, 5000), type: 'image/jpeg' };
    const info = await multipart({ email: 'a@b.test', phone: '1', nav_image: file });
    const res = await t.as({ method: 'POST', url: '/adminportal/manage-contact-us-info/', ...info });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ nav_image: [BODY_MESSAGES.noFiles] });
    const team = await multipart({ name: file, email: 'a@b.test', phone: '1', title: 'T' });
    const wrongField = await t.as({ method: 'POST', url: '/adminportal/pages/the-team/', ...team });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ name: [BODY_MESSAGES.noFiles] });
    const twice = await multipart({ name: 'A', email: 'a@b.test', phone: '1', title: 'T', cover_image: [file, file] });
    const tooMany = await t.as({ method: 'POST', url: '/adminportal/pages/the-team/', ...twice });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ cover_image: [BODY_MESSAGES.tooManyFiles] });
    const login = await multipart({ username: 'x', password: 'y', avatar: file });
    expect((await t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', ...login })).statusCode).toBe(400);
    // The one file that was spooled (the first of two on cover_image) is gone with its request.
    expect(await waitFor(() => spoolFiles().length === 0, 1000)).toBe(true);
  });

  it('answers a multipart body without its closing boundary with 400', async () => {
    const { payload, headers } = await multipart({ full_name: 'A', email: 'a@b.test', message: 'Hi' });
    const cut = payload.subarray(0, payload.length - 10);
    const res = await t.app.inject({ method: 'POST', url: '/site/enquiries/', headers, payload: cut });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: BODY_MESSAGES.malformed });
    const team = await multipart({
      name: 'A',
      email: 'a@b.test',
      phone: '1',
      title: 'T',
      cover_image: { filename: 'a.jpg', content: big },
    });
    const cutTeam = await t.as({
      method: 'POST',
      url: '/adminportal/pages/the-team/',
      headers: team.headers,
      payload: team.payload.subarray(0, 4000),
    });
    expect(cutTeam.statusCode).toBe(400);
    expect(await waitFor(() => spoolFiles().length === 0, 1000)).toBe(true);
  });
});

describeEachDatabase('request bodies: NUL characters and out-of-range ids are 400s', (kind) => {
  let t: TestApp;
  let customer: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await t.as({
      method: 'POST',
      url: '/adminportal/manage-users/',
      payload: { first_name: 'Cara', last_name: 'Customer', email: 'cara@example.com', username: 'cara', phone: '1' },
    });
    customer = res.json().id;
  });
  afterAll(() => t.close());

  it('refuses NUL in JSON, form-encoded and multipart fields with the field named', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/site/enquiries/',
      payload: { full_name: 'Eve\u0000', email: 'eve@example.com', message: 'Hi' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ full_name: [NUL_MESSAGE] });
    const form = await t.app.inject({
      method: 'POST',
      url: '/accounts/auth-admin/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=owner%00&password=x',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ username: [NUL_MESSAGE] });
    const parts = await multipart({ email: 'a@b.test', phone: '1\u00002' });
    const multi = await t.as({ method: 'POST', url: '/adminportal/manage-contact-us-info/', ...parts });
    expect(multi.statusCode).toBe(400);
    expect(multi.json()).toEqual({ phone: [NUL_MESSAGE] });
    const nested = await t.as({
      method: 'POST',
      url: '/adminportal/photo-gallery-links/',
      payload: { link: 'https://a.test/', description: { deep: ['x\u0000'] }, user: customer },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ description: [NUL_MESSAGE] });
    // Nothing reached the database.
    const list = await t.as({ method: 'GET', url: '/adminportal/user-enqueries/' });
    expect(list.json()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses ids of 2^31 and more in bodies with the field message, and in paths with 404', async () => {
    for (const user of ['2147483648', 2147483648, '99999999999999999999', -1, '1e3', 1.5]) {
      const link = await t.as({
        method: 'POST',
        url: '/adminportal/photo-gallery-links/',
        payload: { link: 'https://a.test/', description: 'd', user },
      });
      expect(link.statusCode, String(user)).toBe(400);
      expect(link.json(), String(user)).toEqual({ user: [GALLERY_LINK_MESSAGES.userRequired] });
    }
    const story = await t.as({
      method: 'PATCH',
      url: '/adminportal/manage-love-stories/1/',
      payload: { user: '2147483648' },
    });
    expect(story.statusCode).toBe(400);
    expect(story.json()).toEqual({ user: [LOVE_STORY_MESSAGES.userRequired] });
    for (const url of [
      '/adminportal/manage-services/2147483648/',
      '/adminportal/manage-users/0/',
      '/adminportal/manage-gallery/1,2147483648/',
    ]) {
      const res = await t.as({ method: url.includes('gallery') ? 'DELETE' : 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // The largest id is a valid id: simply not found.
    expect((await t.as({ method: 'GET', url: '/adminportal/manage-services/2147483647/' })).statusCode).toBe(404);
  });

  it('accepts one spelling of an id: no leading zeros, signs or spaces', async () => {
    for (const user of ['034', ' 34', '34 ', '+34']) {
      const link = await t.as({
        method: 'POST',
        url: '/adminportal/photo-gallery-links/',
        payload: { link: 'https://a.test/', description: 'd', user },
      });
      expect(link.statusCode, JSON.stringify(user)).toBe(400);
    }
    for (const url of ['/adminportal/manage-services/034/', '/adminportal/manage-services/34%20/', '/adminportal/manage-services/%2B34/']) {
      expect((await t.as({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('refuses line breaks in one-line fields (names, titles), not in free text', async () => {
    const person = await t.as({
      method: 'POST',
      url: '/adminportal/manage-users/',
      payload: { username: 'crlf', first_name: 'Eve\r\nBcc: x@y.test', last_name: 'L', email: 'crlf@example.com', phone: '1' },
    });
    expect(person.statusCode).toBe(400);
    expect(person.json()).toEqual({ first_name: [LINE_BREAK_MESSAGE] });
    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/site/enquiries/',
      payload: { full_name: 'Eve\nX', email: 'eve@example.com', message: 'Two lines\nare fine here' },
    });
    expect(enquiry.statusCode).toBe(400);
    expect(enquiry.json()).toEqual({ full_name: [LINE_BREAK_MESSAGE] });
  });

  it('refuses a body nested deeper than any field with a 400, without walking it by recursion', async () => {
    const deep = `{"ids":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const url of [`/site/galleries/${'x'.repeat(43)}/favourites/`, '/adminportal/manage-gallery/order/']) {
      const res = await t.as({
        method: url.includes('order') ? 'PATCH' : 'PUT',
        url,
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ ids: [BODY_MESSAGES.tooDeep] });
    }
  });

  it('refuses more text than an endpoint takes with 413 as it arrives, JSON and multipart alike', async () => {
    const big = 'x'.repeat(20 * 1024);
    const json = await t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: { username: big, password: 'p' } });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({ detail: BODY_MESSAGES.tooLarge });
    const parts = await multipart({ username: 'owner', password: big });
    const multi = await t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', ...parts });
    expect(multi.statusCode).toBe(413);
    const many = await multipart(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x'])));
    expect((await t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', ...many })).statusCode).toBe(413);
    // An admin's form takes long texts.
    const long = await t.as({
      method: 'POST',
      url: '/adminportal/photo-gallery-links/',
      payload: { link: 'https://a.test/', description: big, user: customer },
    });
    expect(long.statusCode).not.toBe(413);
  });

  it('keeps the sign-in and enquiry messages for ordinary mistakes', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/accounts/auth-admin/login/', payload: {} });
    expect(login.json()).toEqual({ username: [AUTH_MESSAGES.usernameRequired], password: [AUTH_MESSAGES.passwordRequired] });
    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/site/enquiries/',
      payload: { full_name: 'A', email: 'nope', message: 'm' },
    });
    expect(enquiry.json()).toEqual({ email: [ENQUIRY_MESSAGES.emailInvalid] });
  });
});
