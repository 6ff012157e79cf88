import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, authTokens } from '../db/schema';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a random token; only its hash is stored. */
export async function issueToken(db: Db, accountId: number, ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(authTokens).values({ accountId, tokenHash: hashToken(token), expiresAt });
  // Expired and revoked tokens are no longer useful; prune the account's old ones.
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.accountId, accountId), or(lt(authTokens.expiresAt, new Date()), isNotNull(authTokens.revokedAt))));
  return { token, expiresAt };
}

export type TokenLookup =
  | { state: 'valid'; account: typeof accounts.$inferSelect; tokenId: number; expiresAt: Date }
  | { state: 'unknown' | 'expired' | 'revoked' };

/** The session behind a token's hash (the token itself is never stored or passed around). */
export async function lookupToken(db: Db, tokenHash: string): Promise<TokenLookup> {
  const [row] = await db
    .select({ token: authTokens, account: accounts })
    .from(authTokens)
    .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
    .where(eq(authTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return { state: 'unknown' };
  if (row.token.revokedAt) return { state: 'revoked' };
  if (row.token.expiresAt.getTime() <= Date.now()) return { state: 'expired' };
  return { state: 'valid', account: row.account, tokenId: row.token.id, expiresAt: row.token.expiresAt };
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

/** Revokes every live token of an account (deactivation, password change). */
export async function revokeAccountTokens(db: Db, accountId: number, exceptTokenId?: number): Promise<void> {
  const rows = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.accountId, accountId), isNull(authTokens.revokedAt)));
  for (const r of rows) if (r.id !== exceptTokenId) await revokeToken(db, r.id);
}
