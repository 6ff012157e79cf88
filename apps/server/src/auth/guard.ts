import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { HttpError } from '../lib/errors';
import type { Account } from './accounts.repository';
import { lookupToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by the guard on protected routes. */
    account?: Account;
    tokenId?: number;
  }
}

const PROTECTED = ['/adminportal/', '/accounts/'];
const OPEN = new Set(['/accounts/auth-admin/login/']);

function needsAdmin(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return PROTECTED.some((p) => path.startsWith(p)) && !OPEN.has(path);
}

/** Reads `Authorization: Token <token>` and requires an active admin behind it. */
export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  const match = /^Token\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new HttpError(401, COMMON_MESSAGES.unauthenticated);
  const found = await lookupToken(app.db, match[1]!);
  if (found.state === 'expired') throw new HttpError(401, COMMON_MESSAGES.expiredToken);
  if (found.state !== 'valid') throw new HttpError(401, COMMON_MESSAGES.invalidToken);
  if (!found.account.isActive) throw new HttpError(401, COMMON_MESSAGES.invalidToken);
  if (!found.account.isStaff) throw new HttpError(403, COMMON_MESSAGES.forbidden);
  request.account = found.account;
  request.tokenId = found.tokenId;
}

export function registerGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (needsAdmin(request.url)) await authenticate(app, request);
  });
}

/** The signed-in admin of a guarded route. */
export function currentAccount(request: FastifyRequest): Account {
  if (!request.account) throw new HttpError(401, COMMON_MESSAGES.unauthenticated);
  return request.account;
}
