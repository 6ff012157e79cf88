import { AUTH_MESSAGES, COMMON_MESSAGES, type LoginInput, type LoginResponse } from '@darkroom/contracts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError, ValidationError } from '../lib/errors';
import type { RateLimiter } from '../lib/rate-limiter';
import { findByUsername, touchLastLogin, userDetails } from './accounts.repository';
import { decoyHash, verifyPassword } from './passwords';
import { issueToken } from './tokens';

export interface AuthDeps {
  db: Db;
  config: Config;
  limiter: RateLimiter;
}

/**
 * Signs an admin in. Unknown users, wrong passwords, customers and inactive admins all get the
 * same 400, so the answer reveals nothing; repeated failures from one address are refused (429).
 */
export async function login(deps: AuthDeps, input: LoginInput, ip: string): Promise<LoginResponse> {
  const { db, config, limiter } = deps;
  const userKey = `login:${ip}:${input.username.toLowerCase()}`;
  const ipKey = `login-ip:${ip}`;
  if ((await limiter.count(userKey)) >= config.loginMaxFailures || (await limiter.count(ipKey)) >= config.loginMaxFailures * 4) {
    throw new HttpError(429, COMMON_MESSAGES.tooManyRequests);
  }
  const account = await findByUsername(db, input.username);
  const ok = account ? await verifyPassword(account.passwordHash, input.password) : await verifyPassword(await decoyHash(), input.password);
  if (!account || !ok || !account.isStaff || !account.isActive) {
    await limiter.hit(userKey, config.loginWindowMs);
    await limiter.hit(ipKey, config.loginWindowMs);
    throw new ValidationError({ non_field_errors: [AUTH_MESSAGES.mismatch], detail: [AUTH_MESSAGES.mismatch] });
  }
  await limiter.reset(userKey);
  const { token, expiresAt } = await issueToken(db, account.id, config.tokenTtlMs);
  await touchLastLogin(db, account.id);
  return {
    status: true,
    userDetails: userDetails({ ...account, lastLogin: new Date() }),
    authToken: token,
    maxTimeOut: expiresAt.getTime(),
  };
}
