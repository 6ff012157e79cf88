import {
  ACCOUNT_MESSAGES,
  COMMON_MESSAGES,
  changePasswordSchema,
  profileSchema,
  type ChangePasswordResponse,
  type ProfileUpdateResponse,
} from '@darkroom/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findAccount, userDetails, type Account } from '../../auth/accounts.repository';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeAccountTokens } from '../../auth/tokens';
import { forbidden, HttpError, orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { RateLimiter } from '../../lib/rate-limiter';
import { validate } from '../../lib/validate';
import { PROFILE_COLUMNS, setPasswordHash, updateAccountRow, type ProfilePatch } from './account.repository';

export interface AccountDeps {
  db: Db;
  config: Pick<Config, 'loginMaxFailures' | 'loginWindowMs'>;
  limiter: RateLimiter;
}

/** These screens change the signed-in admin's own account only. */
function requireSelf(actor: Account, id: number): void {
  if (actor.id !== id) throw forbidden(ACCOUNT_MESSAGES.notOwnAccount);
}

/**
 * Updates the signed-in admin's profile. Names are checked when sent; email and phone are
 * required only while the account has none, and a blank one otherwise keeps the current value.
 */
export async function updateOwnProfile(deps: AccountDeps, actor: Account, id: number, fields: unknown): Promise<ProfileUpdateResponse> {
  requireSelf(actor, id);
  const current = await orNotFound(findAccount(deps.db, id));
  const input = validate(profileSchema(current).partial({ first_name: true, last_name: true }), fields);
  const patch: ProfilePatch = sentChanges(input, PROFILE_COLUMNS);
  const updated = await orNotFound(updateAccountRow(deps.db, id, patch));
  return { status: true, userDetails: userDetails(updated) };
}

/**
 * Changes the signed-in admin's password after checking the old one. Wrong old passwords are
 * counted per account, so a stolen session cannot guess its way to the password; on success every
 * other session of the account is signed out.
 */
export async function changeOwnPassword(
  deps: AccountDeps,
  actor: Account,
  currentTokenId: number | undefined,
  id: number,
  fields: unknown,
): Promise<ChangePasswordResponse> {
  requireSelf(actor, id);
  const input = validate(changePasswordSchema, fields);
  const failKey = `password-change:${id}`;
  if ((await deps.limiter.count(failKey)) >= deps.config.loginMaxFailures) throw new HttpError(429, COMMON_MESSAGES.tooManyRequests);
  if (input.password !== input.password2) {
    throw new ValidationError({ non_field_errors: [ACCOUNT_MESSAGES.passwordMismatch], password2: [ACCOUNT_MESSAGES.passwordMismatch] });
  }
  const current = await orNotFound(findAccount(deps.db, id));
  if (!(await verifyPassword(current.passwordHash, input.old_password))) {
    await deps.limiter.hit(failKey, deps.config.loginWindowMs);
    throw new ValidationError({ non_field_errors: [ACCOUNT_MESSAGES.oldPasswordWrong], old_password: [ACCOUNT_MESSAGES.oldPasswordWrong] });
  }
  if (input.password === input.old_password) {
    throw new ValidationError({ non_field_errors: [ACCOUNT_MESSAGES.passwordUnchanged], password: [ACCOUNT_MESSAGES.passwordUnchanged] });
  }
  await setPasswordHash(deps.db, id, await hashPassword(input.password));
  await deps.limiter.reset(failKey);
  await revokeAccountTokens(deps.db, id, currentTokenId);
  return { status: true, detail: ACCOUNT_MESSAGES.passwordUpdated };
}
