import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Account } from './auth/accounts.repository';
import { HttpError } from './lib/errors';
import type { RateLimiter } from './lib/rate-limiter';
import type { ResponseCache } from './lib/response-cache';
import type { SessionCache } from './auth/sessions';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { Assets } from './media/assets';
import type { MediaStorage } from './media/storage';
import type { SiteRenderer } from './features/site/site-renderer';
import type { DeliveryService } from './features/delivery/delivery.service';
import { COMMON_MESSAGES } from '@darkroom/contracts';

/** What a process has once it started: built once in `runtime.ts`, shared by every request. */
export interface AppRuntime {
  readonly config: Config;
  readonly database: Database;
  readonly db: Db;
  readonly storage: MediaStorage;
  /** Every stored image: ingest, recording, serving, collection. */
  readonly assets: Assets;
  readonly mailer: Mailer;
  /** Background work (pg-boss on this database): e-mail, upkeep, backups. */
  readonly jobs: JobQueue;
  readonly cache: ResponseCache;
  readonly sessions: SessionCache;
  readonly limiter: RateLimiter;
  readonly log: FastifyBaseLogger;
  /** The website's renderer (its pages and the customer's delivery page). */
  readonly site: SiteRenderer;
  /** The customer's side of client delivery. */
  readonly delivery: DeliveryService;
}

/** Who is acting: a signed-in admin, the system itself (start-up, CLI, timers), or a visitor of the public site. */
export type Actor =
  | { readonly kind: 'admin'; readonly account: Account; readonly tokenId: number | null }
  | { readonly kind: 'system'; readonly name: string }
  | { readonly kind: 'visitor' };

/**
 * What every service operation is given: the runtime plus who acts and from where. Routes, the
 * CLI, tests and timers build one and call the same functions.
 */
export interface AppContext extends AppRuntime {
  readonly actor: Actor;
  /** The client's address (behind TRUST_PROXY, the forwarded one); null outside a request. */
  readonly ip: string | null;
}

export function contextFor(runtime: AppRuntime, actor: Actor, ip: string | null = null): AppContext {
  // Not `{ ...runtime, actor, ip }`: V8 builds a spread followed by more keys slowly, and this
  // runs on every request.
  return Object.assign({}, runtime, { actor, ip });
}

/** The context of work nobody asked for over HTTP: start-up, the CLI, timers. */
export const systemContext = (runtime: AppRuntime, name: string): AppContext => contextFor(runtime, { kind: 'system', name });

/** The acting admin; a service that needs one refuses any other actor. */
export function actingAdmin(ctx: AppContext): Account {
  if (ctx.actor.kind !== 'admin') throw new HttpError(401, COMMON_MESSAGES.unauthenticated);
  return ctx.actor.account;
}

/** The acting admin's id, or null for the system and visitors (for created_by columns). */
export const actorId = (ctx: AppContext): number | null => (ctx.actor.kind === 'admin' ? ctx.actor.account.id : null);
