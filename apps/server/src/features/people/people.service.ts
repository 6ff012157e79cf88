import type { FastifyBaseLogger } from 'fastify';
import {
  PEOPLE_MESSAGES,
  type PersonAccount,
  type PersonCreateInput,
  type PersonCreated,
  type PersonUpdateInput,
} from '@darkroom/contracts';
import type { Db } from '../../db/client';
import type { Account } from '../../auth/accounts.repository';
import { generatePassword, hashPassword } from '../../auth/passwords';
import { revokeAccountTokens } from '../../auth/tokens';
import { forbidden, orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { ResponseCache } from '../../lib/response-cache';
import type { Mailer } from '../../mail/mailer';
import {
  deletePerson,
  findPerson,
  insertPerson,
  isUniqueViolation,
  listPeople,
  lockActiveAdmins,
  toPerson,
  usernameInUse,
  type PersonKind,
} from './people.repository';
import { PROFILE_COLUMNS, updateAccountRow, type AccountPatch } from '../account/account.repository';

export interface PeopleDeps {
  db: Db;
  mailer: Mailer;
  cache: ResponseCache;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Cache tag of the users list (customers never sign in, so their rows change only here). */
export const PEOPLE_CACHE_TAG = 'people';

const usernameTaken = () => ValidationError.field('username', PEOPLE_MESSAGES.usernameTaken);

/**
 * The users list is cached; the admins list is read live, because every sign-in (outside this
 * area) changes an admin's last_login.
 */
export async function listPeopleJson(deps: PeopleDeps, kind: PersonKind): Promise<string> {
  const load = async () => (await listPeople(deps.db, kind)).map(toPerson);
  if (kind === 'admin') return JSON.stringify(await load());
  return deps.cache.json(PEOPLE_CACHE_TAG, kind, load);
}

function welcomeMail(kind: PersonKind, account: Account, password: string) {
  const greeting = account.firstName ? `Hello ${account.firstName},` : 'Hello,';
  const where = kind === 'admin' ? 'the studio admin portal' : 'the studio website';
  return {
    to: account.email,
    subject: 'Your new account',
    text: [
      greeting,
      '',
      `An account has been created for you on ${where}.`,
      '',
      `Username: ${account.username}`,
      `Temporary password: ${password}`,
      '',
      'Please sign in and change this password straight away.',
    ].join('\n'),
  };
}

/**
 * Creates a user or an admin with a generated temporary password, which is returned once (for
 * the creating admin to pass on) and e-mailed to the account; only its hash is stored.
 */
export async function createPerson(deps: PeopleDeps, kind: PersonKind, input: PersonCreateInput): Promise<PersonCreated> {
  if (await usernameInUse(deps.db, input.username)) throw usernameTaken();
  const password = generatePassword();
  let account: Account;
  try {
    account = await insertPerson(deps.db, kind, {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone,
      username: input.username,
      passwordHash: await hashPassword(password),
    });
  } catch (err) {
    // Another request took the name between the check and the insert.
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
  await deps.cache.invalidate(PEOPLE_CACHE_TAG);
  let emailSent = false;
  try {
    await deps.mailer.send(welcomeMail(kind, account, password));
    emailSent = true;
  } catch (err) {
    // The account exists; the admin still sees the password and can pass it on.
    deps.log.warn({ err, accountId: account.id }, 'could not e-mail the temporary password');
  }
  return { ...toPerson(account), temporary_password: password, email_sent: emailSent };
}

/** Partial update; deactivating revokes the account's tokens. `actor` is the signed-in admin. */
export async function updatePersonById(
  deps: PeopleDeps,
  kind: PersonKind,
  id: number,
  input: PersonUpdateInput,
  actor: Account,
): Promise<PersonAccount> {
  const current = await orNotFound(findPerson(deps.db, kind, id));
  const patch: AccountPatch = sentChanges(input, PROFILE_COLUMNS);
  if (input.username && input.username !== current.username) {
    if (await usernameInUse(deps.db, input.username, id)) throw usernameTaken();
    patch.username = input.username;
  }
  const deactivating = input.is_active === false && current.isActive;
  if (input.is_active !== undefined) patch.isActive = input.is_active;
  if (deactivating && id === actor.id) throw forbidden(PEOPLE_MESSAGES.cannotDeactivateSelf);

  let updated: Account;
  try {
    updated = await deps.db.transaction(async (tx) => {
      if (deactivating && kind === 'admin') await ensureAnotherActiveAdmin(tx, id);
      // Deleted by someone else since the read above: a 404, not a crash.
      return orNotFound(updateAccountRow(tx, id, patch));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
  if (deactivating) await revokeAccountTokens(deps.db, id);
  await deps.cache.invalidate(PEOPLE_CACHE_TAG);
  return toPerson(updated);
}

/** Deletes a user or admin; an admin cannot delete themself, nor the last active admin. */
export async function deletePersonById(deps: PeopleDeps, kind: PersonKind, id: number, actor: Account): Promise<void> {
  const target = await orNotFound(findPerson(deps.db, kind, id));
  if (id === actor.id) throw forbidden(PEOPLE_MESSAGES.cannotDeleteSelf);
  await deps.db.transaction(async (tx) => {
    if (kind === 'admin' && target.isActive) await ensureAnotherActiveAdmin(tx, id);
    await deletePerson(tx, id);
  });
  await deps.cache.invalidate(PEOPLE_CACHE_TAG);
}

async function ensureAnotherActiveAdmin(tx: Parameters<typeof lockActiveAdmins>[0], exceptId: number): Promise<void> {
  const active = await lockActiveAdmins(tx);
  if (!active.some((a) => a !== exceptId)) throw forbidden(PEOPLE_MESSAGES.lastAdmin);
}
