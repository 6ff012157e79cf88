import { AUDIT_ACTIONS, AUTH_MESSAGES, type LoginInput, type LoginResponse } from '@darkroom/contracts';
import { contextFor, type AppContext } from '../context';
import { recordAudit } from '../features/activity/activity.service';
import { ValidationError } from '../lib/errors';
import { attemptPassword, type PasswordLimits } from '../lib/rate-limiter';
import { findByUsername, touchLastLogin, userDetails } from './accounts.repository';
import { decoyHash, verifyPassword } from './passwords';
import { issueToken, revokeToken } from './tokens.repository';

/**
 * The response-cache tag of answers that show accounts' own fields (names, contact, last
 * sign-in): every write to an account outside the people area (a sign-in, a profile edit)
 * invalidates it, so the cached admins list never shows an old value.
 */
export const ACCOUNTS_CACHE_TAG = 'accounts';

/**
 * The sign-in counters: per address and username and per address (any username), which refuse
 * an address past its limit; and per username from any address, which counts wrong passwords
 * only and, past its limit, leaves each address one try (see `attemptPassword`).
 */
function signInLimits(ctx: AppContext, username: string): PasswordLimits {
  const ip = ctx.ip ?? 'unknown';
  const max = ctx.config.loginMaxFailures;
  const user = username.toLowerCase();
  return {
    own: [
      { key: `login:${ip}:${user}`, max },
      { key: `login-ip:${ip}`, max: max * 4 },
    ],
    shared: [{ key: `login-account:${user}`, max: max * 4 }],
    windowMs: ctx.config.loginWindowMs,
  };
}

/**
 * Signs an admin in. Unknown users, wrong passwords, customers and inactive admins all get the
 * same 400, so the answer reveals nothing. Every attempt is counted before its password is
 * checked; past a limit the answer is 429 without checking it.
 */
export async function login(ctx: AppContext, input: LoginInput): Promise<LoginResponse> {
  const { db, config, limiter } = ctx;
  const account = await findByUsername(db, input.username);
  const ok = await attemptPassword(limiter, signInLimits(ctx, input.username), async () => {
    const matches = await verifyPassword(account?.passwordHash ?? (await decoyHash()), input.password);
    return matches && !!account && account.isStaff && account.isActive;
  });
  if (!ok || !account) {
    await recordAudit(ctx, { action: AUDIT_ACTIONS.signInFailed, area: 'account', actorName: input.username });
    throw new ValidationError({ non_field_errors: [AUTH_MESSAGES.mismatch], detail: [AUTH_MESSAGES.mismatch] });
  }
  const { token, expiresAt } = await issueToken(db, account.id, config.tokenTtlMs);
  await touchLastLogin(db, account.id);
  await ctx.cache.invalidate(ACCOUNTS_CACHE_TAG);
  await recordAudit(contextFor(ctx, { kind: 'admin', account, tokenId: null }, ctx.ip), {
    action: AUDIT_ACTIONS.signIn,
    area: 'account',
    recordId: account.id,
    label: account.username,
  });
  return {
    status: true,
    userDetails: userDetails({ ...account, lastLogin: new Date() }),
    authToken: token,
    maxTimeOut: expiresAt.getTime(),
  };
}

/** Signs the acting admin out: the token stops working at once. */
export async function logout(ctx: AppContext): Promise<{ status: boolean; detail: string }> {
  if (ctx.actor.kind === 'admin' && ctx.actor.tokenId !== null) {
    await revokeToken(ctx.db, ctx.actor.tokenId);
    await ctx.sessions.forgetToken(ctx.actor.tokenId);
  }
  return { status: true, detail: 'Successfully logged out.' };
}
