import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { BoundedMap } from '../lib/bounded-map';
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

/**
 * Hashes of recently presented tokens: a SHA-256 per request was a tenth of a cached answer's own
 * work. Past the bound the oldest goes, not all: a flood of made-up tokens costs a signed-in admin
 * one hash now and then, never every admin's at once.
 */
const recentHashes = new BoundedMap<string, string>(10_000);

function tokenHash(token: string): string {
  let hash = recentHashes.get(token);
  if (hash === undefined) recentHashes.set(token, (hash = hashToken(token)));
  return hash;
}

/**
 * Reads `Authorization: Token <token>` and requires an active admin behind it. A session the
 * cache holds is checked at once, without a promise (most requests: the promise and its await
 * were a few percent of a cached answer); only a session the cache lacks is looked up.
 */
export function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^Token\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new HttpError(401, COMMON_MESSAGES.unauthenticated);
  const hash = tokenHash(match[1]!);
  const session = app.runtime.sessions.get(hash);
  if (session) {
    admit(request, session);
    return undefined;
  }
  return lookUpSession(app, request, hash);
}

async function lookUpSession(app: FastifyInstance, request: FastifyRequest, hash: string): Promise<void> {
  const { sessions } = app.runtime;
  const mark = sessions.mark();
  const found = await lookupToken(app.db, hash);
  if (found.state === 'expired') throw new HttpError(401, COMMON_MESSAGES.expiredToken);
  if (found.state !== 'valid') throw new HttpError(401, COMMON_MESSAGES.invalidToken);
  const session = { account: found.account, tokenId: found.tokenId, expiresAt: found.expiresAt.getTime(), cachedAt: Date.now() };
  // Only sessions that pass are cached: a refused token is looked up again next time.
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
    const check: onRequestHookHandler = (request, _reply, done) => {
      if (route.config?.access === 'public') return done();
      let pending: Promise<void> | undefined;
      try {
        pending = authenticate(app, request);
      } catch (err) {
        return done(err as Error);
      }
      if (pending) pending.then(() => done(), done);
      else done();
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

/** The signed-in admin of a guarded route. */
export function currentAccount(request: FastifyRequest): Account {
  if (!request.account) throw new HttpError(401, COMMON_MESSAGES.unauthenticated);
  return request.account;
}
