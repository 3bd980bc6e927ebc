import type { AuthUser } from '@axle/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from './accounts.table.ts';
import { createDecoyPasswordHash } from './passwords.hashing.ts';
import { type AccessTokens, createAccessTokens } from './sessions.tokens.ts';

// What every part of accounts shares: its dependencies and the user row's common reads.

/** What the accounts rules need from the outside world, and what the app keeps for them. */
export type AccountsContext = {
  db: Db;
  /** Signs the Google sign-in flow cookie; access tokens go through `accessTokens`. */
  accessKey: Uint8Array;
  accessTokens: AccessTokens;
  decoyPasswordHash: () => Promise<string>;
  /**
   * e-mailed links start with this address (PUBLIC_URL), never with a request's Host header. Mail
   * is queued with the change and sent after the reply (ADR 020), so its timing reveals nothing.
   */
  publicUrl: string;
  now?: () => Date;
};

export const now = (ctx: Pick<AccountsContext, 'now'>) => ctx.now?.() ?? new Date();

/**
 * The accounts context of one app (`buildApp` makes it): the access tokens it remembers and the
 * decoy password hash are that app's, on its clock, never shared through a module.
 */
export function createAccountsContext(
  deps: Omit<AccountsContext, 'accessTokens' | 'decoyPasswordHash'>,
): AccountsContext {
  return {
    ...deps,
    accessTokens: createAccessTokens(deps.accessKey, () => now(deps)),
    decoyPasswordHash: createDecoyPasswordHash(),
  };
}

export const PASSWORD_PROVIDER = 'password';

export type UserRow = typeof users.$inferSelect;

export const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email));
  return row;
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    img: row.img,
    role: row.role === 'admin' ? 'admin' : null,
    emailVerified: row.emailVerified,
    providerId: row.providerId,
  };
}
