import { and, count, eq, sql } from 'drizzle-orm';
import type { UserDetails } from '@darkroom/contracts';
import type { Db, DbOrTx } from '../db/client';
import { accounts } from '../db/schema';

export type Account = typeof accounts.$inferSelect;

export async function findByUsername(db: Db, username: string): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findAccount(db: DbOrTx, id: number): Promise<Account | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function countActiveAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.isStaff, true), eq(accounts.isActive, true)));
  return row?.n ?? 0;
}

export async function createAccount(db: DbOrTx, values: typeof accounts.$inferInsert): Promise<Account> {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
}

export async function touchLastLogin(db: Db, id: number): Promise<void> {
  await db.update(accounts).set({ lastLogin: new Date() }).where(eq(accounts.id, id));
}

export function userDetails(a: Account): UserDetails {
  return {
    id: a.id,
    username: a.username,
    first_name: a.firstName,
    last_name: a.lastName,
    email: a.email,
    phone: a.phone,
    is_staff: a.isStaff,
  };
}
