import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { releaseRequestSpool, spoolPart } from './spool';

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
