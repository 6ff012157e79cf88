import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { HttpError } from '../lib/errors';
import type { Account } from './accounts.repository';
import { hashToken, lookupToken } from './tokens.repository';

/** Who may call a route: a signed-in admin (the default) or anyone. */
export type Access = 'admin' | 'public';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by the access check on admin routes. */
    account?: Account;
    tokenId?: number;
  }
  interface FastifyContextConfig {
    /** Declared per route; a route that declares nothing is admin-only. */
    access?: Access;
  }
}

/** Route options of a route anyone may call. */
export const PUBLIC_ROUTE = { config: { access: 'public' as Access } };

/** What a token looks like (`issueToken`: 32 random bytes, base64url): anything else is refused unread. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Methods that change something: their session is checked at the source, never from memory. */
const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads `Authorization: Token <token>` and requires an active admin behind it. Reads take the
 * session from memory when this process holds it (a sign-out reaches other processes through
 * PostgreSQL within milliseconds); writes always look it up in the database, so a token signed
 * out anywhere can never change anything.
 */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const match = /^Token\s+(\S+)$/i.exec((request.headers.authorization ?? '').trim());
  if (!match) throw new HttpError(401, COMMON_MESSAGES.unauthenticated);
  if (!TOKEN_SHAPE.test(match[1]!)) throw new HttpError(401, COMMON_MESSAGES.invalidToken);
  const hash = hashToken(match[1]!);
  const { sessions } = app.runtime;
  const cached = WRITES.has(request.method) ? undefined : sessions.get(hash);
  if (cached) return admit(request, cached);
  const mark = sessions.mark();
  const found = await lookupToken(app.db, hash);
  if (found.state === 'expired') throw new HttpError(401, COMMON_MESSAGES.expiredToken);
  if (found.state !== 'valid') throw new HttpError(401, COMMON_MESSAGES.invalidToken);
  const session = { account: found.account, tokenId: found.tokenId, expiresAt: found.expiresAt.getTime() };
  // Only sessions that pass are kept: a refused token is looked up again next time.
  if (found.account.isActive && found.account.isStaff) sessions.remember(hash, mark, session);
  admit(request, session);
}

function admit(request: FastifyRequest, session: { account: Account; tokenId: number }): void {
  if (!session.account.isActive) throw new HttpError(401, COMMON_MESSAGES.invalidToken);
  if (!session.account.isStaff) throw new HttpError(403, COMMON_MESSAGES.forbidden);
  request.account = session.account;
  request.tokenId = session.tokenId;
}

/**
 * The access check runs on the route the router matched, never on the URL's text: however a
 * path is spelled (percent-encoded letters, doubled slashes), the route it reaches decides.
 * Unmatched requests go to the not-found handler, which serves nothing private.
 */
export function registerAccessCheck(app: FastifyInstance): void {
  // Each route gets the check as its own first hook rather than one hook for every request:
  // public routes (the website, cached reads) pay only a flag test. The access is read when a
  // request comes, not now: a scope's own onRoute hook (declarePublicScope) runs after this one.
  app.addHook('onRoute', (route) => {
    const check: onRequestAsyncHookHandler = async (request) => {
      if (route.config?.access !== 'public') await authenticate(app, request);
    };
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
  });
}

/**
 * Declares every route registered inside `scope` public: for plugins that register routes of
 * their own (static files), which cannot take our route options.
 */
export function declarePublicScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
}
