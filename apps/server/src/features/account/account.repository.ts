import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import type { Account } from '../../auth/accounts.repository';

export type ProfilePatch = Partial<Pick<typeof accounts.$inferInsert, 'firstName' | 'lastName' | 'email' | 'phone'>>;

export async function updateProfile(db: Db, id: number, patch: ProfilePatch): Promise<Account | undefined> {
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
