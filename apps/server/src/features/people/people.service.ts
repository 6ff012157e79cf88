import { randomBytes } from 'node:crypto';
import {
  PEOPLE_MESSAGES,
  type PersonAccount,
  type PersonCreateInput,
  type PersonCreated,
  type CustomerSearchResult,
  type PersonHoldings,
  userOwnsContentMessage,
  type PersonUpdateInput,
} from '@darkroom/contracts';
import { actingAdmin, type AppContext } from '../../context';
import type { Account } from '../../auth/accounts.repository';
import { generatePassword, hashPassword } from '../../auth/passwords';
import { revokeAccountTokens } from '../../auth/tokens.repository';
import { forbidden, HttpError, orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import { portalUrl, type MailContent } from '../../mail/content';
import { brandedMail } from '../emails/outgoing.service';
import {
  deletePerson,
  findHoldings,
  findPerson,
  insertPerson,
  isUniqueViolation,
  listPeople,
  lockActiveAdmins,
  searchCustomers,
  toPerson,
  usernameInUse,
  type PersonKind,
} from './people.repository';
import { PROFILE_COLUMNS, updateAccountRow, type AccountPatch } from '../account/account.repository';

/** Cache tag of the users list (customers never sign in, so their rows change only here). */
export const PEOPLE_CACHE_TAG = 'people';

const usernameTaken = () => ValidationError.field('username', PEOPLE_MESSAGES.usernameTaken);

/** Every user or admin, newest first. */
export async function listPeopleOf(ctx: AppContext, kind: PersonKind): Promise<PersonAccount[]> {
  return (await listPeople(ctx.db, kind)).map(toPerson);
}

/** The customer picker's matches: one row more than asked tells whether there are more. */
export async function searchCustomersFor(ctx: AppContext, text: string, limit: number): Promise<CustomerSearchResult> {
  const rows = await searchCustomers(ctx.db, text, limit + 1);
  const results = rows.slice(0, limit).map((a) => ({
    id: a.id,
    first_name: a.firstName,
    last_name: a.lastName,
    username: a.username,
    email: a.email,
  }));
  return { results, more: rows.length > limit };
}

/** One customer (404 for an admin's id, as everywhere under the users' paths). */
export async function customerById(ctx: AppContext, id: number): Promise<PersonAccount> {
  return toPerson(await orNotFound(findPerson(ctx.db, 'user', id)));
}

/** What the welcome says of the password. */
const WELCOME_PASSWORD_NOTE =
  'Your temporary password comes from the admin who made your account: for your security it is never sent by e-mail. Please sign in and change it straight away.';

/**
 * The new admin's welcome: the username and where to sign in, in the studio's brand. The temporary
 * password is not in it (no e-mail carries a password): the creating admin passes it on.
 */
async function sendWelcome(ctx: AppContext, account: Account): Promise<void> {
  const portal = portalUrl(ctx.config.publicUrl, '/');
  const content: MailContent = {
    preview: "An account was made for you on the studio's admin portal.",
    greeting: account.firstName ? `Hello ${account.firstName},` : 'Hello,',
    heading: 'Your new account',
    paragraphs: ['An account has been created for you on the studio admin portal.'],
    details: [{ label: 'Username', value: account.username }],
    ...(portal ? { button: { label: 'Sign in', url: portal } } : {}),
    notes: [WELCOME_PASSWORD_NOTE],
  };
  await ctx.mailer.send({ to: account.email, subject: 'Your new account', ...(await brandedMail(ctx, content)) });
}

export interface NewAccount {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/**
 * The one way an account is made (portal, first start-up, CLI): checks the username, stores only
 * a hash of the password (`password`, or a generated one), and returns the account with the
 * password so the caller can hand it over once.
 */
export async function createAccountWithPassword(
  ctx: AppContext,
  kind: PersonKind,
  input: NewAccount,
  password = generatePassword(),
): Promise<{ account: Account; password: string }> {
  if (await usernameInUse(ctx.db, input.username)) throw usernameTaken();
  let account: Account;
  try {
    account = await insertPerson(ctx.db, kind, {
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
  await ctx.cache.invalidate(PEOPLE_CACHE_TAG);
  return { account, password };
}

/**
 * Creates a customer (user): their details are for delivery and contact. Customers never sign in,
 * so nothing is e-mailed and no password is shown; the account holds the hash of 32 random bytes
 * nobody knows (the column is required, and a customer's sign-in is refused anyway).
 */
export async function createCustomer(ctx: AppContext, input: PersonCreateInput): Promise<PersonAccount> {
  const { account } = await createAccountWithPassword(ctx, 'user', input, randomBytes(32).toString('base64url'));
  return toPerson(account);
}

/**
 * Creates an admin from the portal with a generated temporary password, which is returned once
 * for the creating admin to pass on (never e-mailed); the account gets a welcome e-mail.
 */
export async function createPerson(ctx: AppContext, kind: 'admin', input: PersonCreateInput): Promise<PersonCreated> {
  const { account, password } = await createAccountWithPassword(ctx, kind, input);
  let emailSent = false;
  try {
    await sendWelcome(ctx, account);
    emailSent = true;
  } catch (err) {
    // The account exists; the admin still sees the password and can pass it on.
    ctx.log.warn({ err, accountId: account.id }, 'could not send the welcome e-mail');
  }
  return { ...toPerson(account), temporary_password: password, email_sent: emailSent };
}

/** Partial update; deactivating revokes the account's tokens. `actor` is the signed-in admin. */
export async function updatePersonById(ctx: AppContext, kind: PersonKind, id: number, input: PersonUpdateInput): Promise<PersonAccount> {
  const actor = actingAdmin(ctx);
  const current = await orNotFound(findPerson(ctx.db, kind, id));
  const patch: AccountPatch = sentChanges(input, PROFILE_COLUMNS);
  if (input.username && input.username !== current.username) {
    if (await usernameInUse(ctx.db, input.username, id)) throw usernameTaken();
    patch.username = input.username;
  }
  const deactivating = input.is_active === false && current.isActive;
  if (input.is_active !== undefined) patch.isActive = input.is_active;
  if (deactivating && id === actor.id) throw forbidden(PEOPLE_MESSAGES.cannotDeactivateSelf);

  let updated: Account;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      if (deactivating && kind === 'admin') await ensureAnotherActiveAdmin(tx, id);
      // Deleted by someone else since the read above: a 404, not a crash.
      return orNotFound(updateAccountRow(tx, id, patch));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
  if (deactivating) await revokeAccountTokens(ctx.db, id);
  // Sessions carry the account: a rename or deactivation shows on its next request everywhere.
  await ctx.sessions.forgetAccount(id);
  await ctx.cache.invalidate(PEOPLE_CACHE_TAG);
  return toPerson(updated);
}

/** What a customer holds (shown in the delete confirmation). */
export async function personHoldingsById(ctx: AppContext, id: number): Promise<PersonHoldings> {
  await orNotFound(findPerson(ctx.db, 'user', id));
  const h = await findHoldings(ctx.db, id);
  return { client_galleries: h.clientGalleries, love_stories: h.loveStories, gallery_links: h.galleryLinks };
}

/**
 * Deletes a user or admin; an admin cannot delete themself, nor the last active admin. A
 * customer who still owns client galleries or love stories is not deleted (409): those would be
 * left with no customer; the admin assigns them to someone else or deletes them first. The
 * customer's gallery links are theirs alone and go with them.
 */
export async function deletePersonById(ctx: AppContext, kind: PersonKind, id: number): Promise<void> {
  const actor = actingAdmin(ctx);
  const target = await orNotFound(findPerson(ctx.db, kind, id));
  if (id === actor.id) throw forbidden(PEOPLE_MESSAGES.cannotDeleteSelf);
  await ctx.db.transaction(async (tx) => {
    if (kind === 'admin' && target.isActive) await ensureAnotherActiveAdmin(tx, id);
    if (kind === 'user') {
      const h = await findHoldings(tx, id);
      if (h.clientGalleries.length || h.loveStories.length) {
        throw new HttpError(409, userOwnsContentMessage({ client_galleries: h.clientGalleries, love_stories: h.loveStories }));
      }
    }
    await deletePerson(tx, id);
  });
  await ctx.sessions.forgetAccount(id);
  await ctx.cache.invalidate(PEOPLE_CACHE_TAG);
}

async function ensureAnotherActiveAdmin(tx: Parameters<typeof lockActiveAdmins>[0], exceptId: number): Promise<void> {
  const active = await lockActiveAdmins(tx);
  if (!active.some((a) => a !== exceptId)) throw forbidden(PEOPLE_MESSAGES.lastAdmin);
}
