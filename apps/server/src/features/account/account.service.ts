import {
  ACCOUNT_MESSAGES,
  profileSchema,
  type ChangePasswordInput,
  type ChangePasswordResponse,
  type ProfileUpdateResponse,
} from '@darkroom/contracts';
import { actingAdmin, type AppContext } from '../../context';
import { findAccount, userDetails, type Account } from '../../auth/accounts.repository';
import { ACCOUNTS_CACHE_TAG } from '../../auth/auth.service';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeAccountTokens } from '../../auth/tokens.repository';
import { forbidden, orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import { countAttempt, resetAttempts } from '../../lib/rate-limiter';
import { validate } from '../../lib/validate';
import { PROFILE_COLUMNS, setPasswordHash, updateAccountRow, type ProfilePatch } from './account.repository';

/** These screens change the signed-in admin's own account only. */
function requireSelf(actor: Account, id: number): void {
  if (actor.id !== id) throw forbidden(ACCOUNT_MESSAGES.notOwnAccount);
}

/**
 * Updates the signed-in admin's profile. Names are checked when sent; email and phone are
 * required only while the account has none, and a blank one otherwise keeps the current value.
 */
export async function updateOwnProfile(ctx: AppContext, id: number, fields: unknown): Promise<ProfileUpdateResponse> {
  requireSelf(actingAdmin(ctx), id);
  const current = await orNotFound(findAccount(ctx.db, id));
  const input = validate(profileSchema(current).partial({ first_name: true, last_name: true }), fields);
  const patch: ProfilePatch = sentChanges(input, PROFILE_COLUMNS);
  const updated = await orNotFound(updateAccountRow(ctx.db, id, patch));
  await ctx.sessions.forgetAccount(id);
  await ctx.cache.invalidate(ACCOUNTS_CACHE_TAG);
  return { status: true, userDetails: userDetails(updated) };
}

/**
 * Changes the signed-in admin's password after checking the old one. Wrong old passwords are
 * counted per account, so a stolen session cannot guess its way to the password; on success every
 * other session of the account is signed out.
 */
export async function changeOwnPassword(ctx: AppContext, id: number, input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  requireSelf(actingAdmin(ctx), id);
  const currentTokenId = ctx.actor.kind === 'admin' ? (ctx.actor.tokenId ?? undefined) : undefined;
  if (input.password !== input.password2) {
    throw new ValidationError({ non_field_errors: [ACCOUNT_MESSAGES.passwordMismatch], password2: [ACCOUNT_MESSAGES.passwordMismatch] });
  }
  // Counted before the old password is checked, so parallel guesses cannot slip past the limit.
  const limits = [{ key: `password-change:${id}`, max: ctx.config.loginMaxFailures }];
  await countAttempt(ctx.limiter, limits, ctx.config.loginWindowMs);
  const current = await orNotFound(findAccount(ctx.db, id));
  if (!(await verifyPassword(current.passwordHash, input.old_password))) {
    throw new ValidationError({ non_field_errors: [ACCOUNT_MESSAGES.oldPasswordWrong], old_password: [ACCOUNT_MESSAGES.oldPasswordWrong] });
  }
  if (input.password === input.old_password) {
    throw new ValidationError({ non_field_errors: [ACCOUNT_MESSAGES.passwordUnchanged], password: [ACCOUNT_MESSAGES.passwordUnchanged] });
  }
  await setPasswordHash(ctx.db, id, await hashPassword(input.password));
  await resetAttempts(ctx.limiter, limits);
  await revokeAccountTokens(ctx.db, id, currentTokenId);
  await ctx.sessions.forgetAccount(id);
  return { status: true, detail: ACCOUNT_MESSAGES.passwordUpdated };
}
