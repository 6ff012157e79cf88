import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peakRss, startServerProcess, type ServerProcess } from '../../test/server-process';

const BOUNDARY = '----darkroomhostile';
const MB = 1024 * 1024;

/**
 * Sends a multipart body of `fields` text fields of 1 MB each, a part at a time as the server
 * takes them, and stops sending once the server has answered. Resolves the status.
 */
function hostileMultipart(url: string, fields: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode!);
      req.destroy();
    });
    // The server may close the connection once it has answered: what counts is its answer.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const value = Buffer.alloc(MB, 'x');
    let sent = 0;
    const next = () => {
      while (!answered && sent < fields) {
        sent += 1;
        const part = Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${sent}"\r\n\r\n`),
          value,
          Buffer.from('\r\n'),
        ]);
        if (!req.write(part)) return void req.once('drain', next);
      }
      if (!answered) req.end(`--${BOUNDARY}--\r\n`);
    };
    next();
  });
}

describe('bodies from strangers', () => {
  let server: ServerProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-hostile-'));
  beforeAll(async () => {
    server = await startServerProcess(dataDir);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are refused as they arrive: 16 parallel bodies of 100 text fields of 1 MB raise peak memory by under 100 MB', async () => {
    const targets = ['/accounts/auth-admin/login/', '/site/enquiries/', `/site/galleries/${'x'.repeat(43)}/unlock/`];
    // Warm up each path once, so the figure measures bodies, not code loaded on first use.
    for (const target of targets) await hostileMultipart(`${server.url}${target}`, 1);
    const before = peakRss(server.child.pid!);
    const statuses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => hostileMultipart(`${server.url}${targets[i % targets.length]}`, 100)),
    );
    const growth = peakRss(server.child.pid!) - before;
    expect(
      statuses.every((s) => s === 413 || s === 429),
      String(statuses),
    ).toBe(true);
    expect(statuses).toContain(413);
    expect(growth).toBeLessThan(100 * MB);
  }, 120_000);

  it('made-up tokens are not remembered: 6,000 requests with 15 KB tokens raise peak memory by under 40 MB', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const ask = (i: number) =>
      new Promise<number>((resolve, reject) => {
        const token = `${String(i).padStart(8, '0')}${'x'.repeat(15_000)}`;
        http
          .get(`${server.url}/adminportal/manage-services/`, { agent, headers: { authorization: `Token ${token}` } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          })
          .on('error', reject);
      });
    const many = async (from: number, count: number) => {
      const statuses = new Set<number>();
      for (let i = from; i < from + count; i += 8) {
        for (const status of await Promise.all(Array.from({ length: 8 }, (_, j) => ask(i + j)))) statuses.add(status);
      }
      return statuses;
    };
    await many(0, 200);
    const before = peakRss(server.child.pid!);
    const statuses = await many(200, 6_000);
    agent.destroy();
    // Were each token kept, these alone would hold 90 MB.
    expect([...statuses]).toEqual([401]);
    expect(peakRss(server.child.pid!) - before).toBeLessThan(40 * MB);
  }, 300_000);
});
