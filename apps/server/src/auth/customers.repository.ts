import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts } from '../db/schema';
import { displayName } from '@darkroom/contracts';
import { ValidationError } from '../lib/errors';
import type { Account } from './accounts.repository';

/** The name parts an area needs to show whose record it is. */
export interface CustomerName {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}

/** A customer's display name: first and last name, else the username; '' when there is no account. */
export function customerName(a: CustomerName | null | undefined): string {
  return a ? displayName({ first_name: a.firstName, last_name: a.lastName, username: a.username }) : '';
}

/** Select columns for a left join on accounts, read back by customerName(). */
export const customerNameColumns = {
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  username: accounts.username,
};

/**
 * The customer (non-staff account) with this id, or a 400 on `field` with `message`: stories,
 * client galleries and gallery links belong to customers, never to admins.
 */
export async function requireCustomer(db: DbOrTx, id: number, field: string, message: string): Promise<Account> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.isStaff, false)))
    .limit(1);
  if (!row) throw ValidationError.field(field, message);
  return row;
}
