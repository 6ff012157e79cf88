import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';
import type { Account } from '../../auth/accounts.repository';

export type ProfilePatch = Partial<Pick<typeof accounts.$inferInsert, 'firstName' | 'lastName' | 'email' | 'phone'>>;
/** Columns an admin may change on an account (their own profile, or a user/admin in the lists). */
export type AccountPatch = ProfilePatch & Partial<Pick<typeof accounts.$inferInsert, 'username' | 'isActive'>>;

/** The API's profile fields and their columns; the profile screen and the people lists share them. */
export const PROFILE_COLUMNS = { first_name: 'firstName', last_name: 'lastName', email: 'email', phone: 'phone' } as const;

/** Applies the patch and returns the account; an empty patch just reads it (no write, no error). */
export async function updateAccountRow(db: DbOrTx, id: number, patch: AccountPatch): Promise<Account | undefined> {
  if (!Object.keys(patch).length) {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  }
  const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, id)).returning();
  return row;
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, id));
}
