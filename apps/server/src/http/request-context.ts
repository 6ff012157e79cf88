import type { FastifyRequest } from 'fastify';
import { contextFor, type Actor, type AppContext, type AppRuntime } from '../context';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's runtime (database, storage, mailer, cache, limiter, config, log). */
    runtime: AppRuntime;
  }
  interface FastifyRequest {
    appContext?: AppContext;
  }
}

/** The AppContext of a request: the runtime, the admin the access check found (if any), the client's address. */
export function contextOf(request: FastifyRequest): AppContext {
  if (!request.appContext) {
    const actor: Actor = request.account
      ? { kind: 'admin', account: request.account, tokenId: request.tokenId ?? null }
      : { kind: 'visitor' };
    request.appContext = contextFor(request.server.runtime, actor, request.ip);
  }
  return request.appContext;
}
