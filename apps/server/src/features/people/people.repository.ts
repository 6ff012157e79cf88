import { and, asc, desc, eq, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { PersonAccount } from '@darkroom/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, clientGalleries, galleryLinks, loveStories } from '../../db/schema';
import type { Account } from '../../auth/accounts.repository';
import type { AccountPatch } from '../account/account.repository';

/** Users (customers) are accounts with is_staff false; admins have it true. */
export type PersonKind = 'user' | 'admin';
const isStaff = (kind: PersonKind) => kind === 'admin';

export async function listPeople(db: Db, kind: PersonKind): Promise<Account[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.isStaff, isStaff(kind)))
    .orderBy(desc(accounts.dateJoined), desc(accounts.id));
}

/** `text` as a LIKE pattern that matches it literally: its own %, _ and \ are escaped. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const ilike = (column: SQLWrapper, pattern: string) => sql`${column} ilike ${pattern} escape '\\'`;

/**
 * Customers (never admins) whose full name, username or e-mail contains `text`, ignoring case:
 * those starting with it first, then by name. At most `limit` rows.
 */
export async function searchCustomers(db: Db, text: string, limit: number): Promise<Account[]> {
  const fullName = sql`(${accounts.firstName} || ' ' || ${accounts.lastName})`;
  const customers = eq(accounts.isStaff, false);
  const order = [
    asc(sql`lower(${accounts.firstName})`),
    asc(sql`lower(${accounts.lastName})`),
    asc(sql`lower(${accounts.username})`),
    asc(accounts.id),
  ];
  if (!text)
    return db
      .select()
      .from(accounts)
      .where(customers)
      .orderBy(...order)
      .limit(limit);
  const literal = likeLiteral(text);
  const contains = `%${literal}%`;
  const startsWith = `${literal}%`;
  const columns = [fullName, accounts.lastName, accounts.username, accounts.email] as const;
  const starts = or(...columns.map((c) => ilike(c, startsWith)))!;
  return db
    .select()
    .from(accounts)
    .where(and(customers, or(ilike(fullName, contains), ilike(accounts.username, contains), ilike(accounts.email, contains))))
    .orderBy(sql`case when ${starts} then 0 else 1 end`, ...order)
    .limit(limit);
}

/** The account with this id in this list; an id from the other list is not found. */
export async function findPerson(db: DbOrTx, kind: PersonKind, id: number): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.isStaff, isStaff(kind))))
    .limit(1);
  return row;
}

/** Whether another account (of either list) already uses this username, ignoring case. */
export async function usernameInUse(db: DbOrTx, username: string, exceptId?: number): Promise<boolean> {
  const same = sql`lower(${accounts.username}) = lower(${username})`;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(exceptId ? and(same, ne(accounts.id, exceptId)) : same)
    .limit(1);
  return !!row;
}

export async function insertPerson(
  db: DbOrTx,
  kind: PersonKind,
  values: Required<Pick<AccountPatch, 'firstName' | 'lastName' | 'email' | 'phone' | 'username'>> & { passwordHash: string },
): Promise<Account> {
  const [row] = await db
    .insert(accounts)
    .values({ ...values, isStaff: isStaff(kind), isActive: true })
    .returning();
  return row!;
}

/** Many people at once (demo data at scale), in chunks; answers their ids in order. */
export async function insertPeople(
  db: DbOrTx,
  kind: PersonKind,
  rows: (Required<Pick<AccountPatch, 'firstName' | 'lastName' | 'email' | 'phone' | 'username'>> & { passwordHash: string })[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => ({ ...r, isStaff: isStaff(kind), isActive: true }));
    ids.push(...(await db.insert(accounts).values(chunk).returning({ id: accounts.id })).map((r) => r.id));
  }
  return ids;
}

/** The titles of a customer's client galleries and love stories, and how many gallery links they have. */
export async function findHoldings(db: DbOrTx, id: number) {
  const galleries = await db
    .select({ title: clientGalleries.title })
    .from(clientGalleries)
    .where(eq(clientGalleries.accountId, id))
    .orderBy(clientGalleries.id);
  const stories = await db
    .select({ title: loveStories.title })
    .from(loveStories)
    .where(eq(loveStories.accountId, id))
    .orderBy(loveStories.id);
  const [links] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(galleryLinks)
    .where(eq(galleryLinks.accountId, id));
  return { clientGalleries: galleries.map((g) => g.title), loveStories: stories.map((s) => s.title), galleryLinks: Number(links?.n ?? 0) };
}

export async function deletePerson(db: DbOrTx, id: number): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, id));
}

/**
 * Locks the rows of every active admin for the rest of the transaction and returns their ids,
 * so two admins removing each other at the same moment cannot leave the studio with none.
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.isStaff, true), eq(accounts.isActive, true)))
    .for('update');
  return rows.map((r) => r.id);
}

/** True when a database error is a unique-constraint violation (PostgreSQL code 23505). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The account as the lists show it: never any password field. */
export function toPerson(a: Account): PersonAccount {
  return {
    id: a.id,
    first_name: a.firstName,
    last_name: a.lastName,
    email: a.email,
    username: a.username,
    phone: a.phone,
    date_joined: a.dateJoined.toISOString(),
    is_active: a.isActive,
    last_login: a.lastLogin ? a.lastLogin.toISOString() : null,
  };
}
