import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { expect, it, vi } from 'vitest';
import { releaseRequestSpool, spoolDir, spoolPart } from './spool';

/** Just what spooling reads of a request: its connection (none, as for an injected request). */
const fakeRequest = () => ({ raw: {} }) as unknown as FastifyRequest;

it('a part that arrives after its request ended removes its own file once written', async () => {
  const request = fakeRequest();
  // The response went first (a body cut short answers 400 while its parts are still read), so
  // the release saw no file: the part, written later, is nobody's to remove but its own.
  releaseRequestSpool(request);
  const part = new PassThrough();
  const spooling = spoolPart(request, part);
  part.end(Buffer.alloc(64 * 1024, 1));
  const spooled = await spooling;
  expect(spooled.bytes).toBe(64 * 1024);
  expect(fs.existsSync(spooled.path)).toBe(false);
});

it('a part whose request ends while it is written leaves no file either', async () => {
  const request = fakeRequest();
  const part = new PassThrough();
  const spooling = spoolPart(request, part);
  part.write(Buffer.alloc(64 * 1024, 1));
  await new Promise((r) => setTimeout(r, 20));
  releaseRequestSpool(request);
  part.end(Buffer.alloc(64 * 1024, 2));
  const spooled = await spooling;
  expect(spooled.bytes).toBe(128 * 1024);
  expect(fs.existsSync(spooled.path)).toBe(false);
});

it('a part written while its request goes on is kept until the request ends', async () => {
  const request = fakeRequest();
  const part = new PassThrough();
  const spooling = spoolPart(request, part);
  part.end(Buffer.alloc(1024, 3));
  const spooled = await spooling;
  expect(fs.readFileSync(spooled.path)).toHaveLength(1024);
  releaseRequestSpool(request);
  await expect.poll(() => fs.existsSync(spooled.path)).toBe(false);
});

it('a part already cut off when its turn comes leaves no file, however late the file is opened', async () => {
  // A body cut short: the parser has failed the part before it is spooled, so the write fails at
  // once, while the file is still being opened (slow here, as on a busy machine).
  const realOpen = fs.open;
  const open = vi.spyOn(fs, 'open').mockImplementation(((...args: Parameters<typeof fs.open>) => {
    setTimeout(() => (realOpen as (...a: unknown[]) => void)(...args), 100);
  }) as typeof fs.open);
  try {
    const before = new Set(fs.existsSync(spoolDir()) ? fs.readdirSync(spoolDir()) : []);
    const part = new PassThrough();
    part.on('error', () => {}); // the multipart parser's own listener
    part.destroy(new Error('Unexpected end of form'));
    await expect(spoolPart(fakeRequest(), part)).rejects.toThrow('Unexpected end of form');
    expect(open).toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 300));
    expect(fs.readdirSync(spoolDir()).filter((f) => !before.has(f))).toEqual([]);
  } finally {
    open.mockRestore();
  }
});
