import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, makeImage } from '../../test/harness';
import { exited, startServerProcess, type ServerProcess } from '../../test/server-process';
import { verifyBackup } from './backup.service';
import { controlSocketPath } from './control-socket';

const CLI = path.resolve(import.meta.dirname, 'cli.ts');

/** `npm run backup`/`restore` as a studio runs them: a process of its own on a DATA_DIR. */
const run = (dataDir: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/accounts/auth-admin/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { authToken: string }).authToken;
}

/** What a raw client of the socket is told for one line sent. */
const ask = (socket: string, line: string) =>
  new Promise<string>((resolve, reject) => {
    const c = net.createConnection(socket, () => c.write(line));
    let text = '';
    c.on('data', (d: Buffer) => (text += d.toString()));
    c.on('end', () => resolve(text));
    c.on('error', reject);
  });

describe('npm run backup while the PGlite server runs', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'dr-sock-'));
  const dataDir = path.join(base, 'data');
  const restoredDir = path.join(base, 'restored');
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => exited(s.child)));
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('asks the running server over its owner-only socket, and the archive restores into a new DATA_DIR', async () => {
    const server = await startServerProcess(dataDir);
    servers.push(server);
    const token = await login(server.url);
    const form = new FormData();
    form.append('name', 'Weddings');
    form.append('description', 'Our weddings');
    form.append('cover_image', new Blob([new Uint8Array(await makeImage({ width: 800, height: 600, seed: 71 }))]), 'cover.jpg');
    const created = await fetch(`${server.url}/adminportal/manage-services/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(created.status, await created.clone().text()).toBe(201);

    const socket = controlSocketPath(dataDir);
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    expect(await ask(socket, 'hello\n')).toContain('"event":"error"');
    expect(await ask(socket, `${JSON.stringify({ command: 'backup', file: 'relative.tar' })}\n`)).toContain('"event":"error"');

    const file = path.join(base, 'live.tar');
    const backup = await run(dataDir, 'backup', file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`The server (pid ${server.child.pid}) has`);
    expect(backup.stdout).toMatch(/written by the running server to .*live\.tar: \d+ rows in \d+ tables, [1-9]\d* files/);
    const manifest = await verifyBackup(file);
    expect(manifest.database).toBe('pglite');
    expect(manifest.tables.find((t) => t.name === 'services')?.rows).toBe(1);
    // The server keeps serving after it.
    expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);

    await server.stop();
    // The socket goes with the server.
    expect(fs.existsSync(socket)).toBe(false);

    const restore = await run(restoredDir, 'restore', file);
    expect(restore.code, restore.stderr).toBe(0);
    const restored = await startServerProcess(restoredDir);
    servers.push(restored);
    const list = await fetch(`${restored.url}/adminportal/manage-services/`, {
      headers: { authorization: `Token ${await login(restored.url)}` },
    });
    const services = (await list.json()) as { name: string; cover_image: string }[];
    expect(services.map((s) => s.name)).toEqual(['Weddings']);
    const cover = await fetch(`${restored.url}${services[0]!.cover_image}`);
    expect(cover.status).toBe(200);
    await restored.stop();
  });
});
