import { type AuthUser, authMessages } from '@axle/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Forbidden, Unauthorized } from '../../domain/errors.ts';
import {
  type AccountsContext,
  byEmail,
  now,
  toAuthUser,
  type UserRow,
} from './accounts.context.ts';
import { credentials, refreshTokens, sessions, users } from './accounts.table.ts';
import { passwordMatches } from './passwords.hashing.ts';
import { hashToken, randomToken } from './sessions.tokens.ts';

export const SESSION_DAYS = 30;

/** A signed-in session: the access token for the reply and the refresh token for the cookie. */
export type SignedIn = {
  user: AuthUser;
  token: string;
  refreshToken: string;
  sessionExpiresAt: Date;
};

/**
 * A new session for the user (any way of signing in ends here), in the caller's transaction. Only
 * for a verified address: an account nobody has proven may have been made by someone other than
 * the address's owner, and must not act as them (issue 14 #1).
 */
export async function startSession(
  ctx: AccountsContext,
  user: UserRow,
  tx: Db | Tx = ctx.db,
): Promise<SignedIn> {
  if (!user.emailVerified) throw new Forbidden(authMessages.verifyFirst);
  const at = now(ctx);
  const sessionExpiresAt = new Date(at.getTime() + SESSION_DAYS * 24 * 3600 * 1000);
  const [session] = await tx
    .insert(sessions)
    .values({ userId: user.id, expiresAt: sessionExpiresAt })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session not created');
  const refreshToken = randomToken();
  await tx
    .insert(refreshTokens)
    .values({ tokenHash: hashToken(refreshToken), sessionId: session.id });
  const token = await ctx.accessTokens.sign({ userId: user.id, sessionId: session.id }, at);
  return { user: toAuthUser(user), token, refreshToken, sessionExpiresAt };
}

/**
 * A wrong password and an unknown address fail the same way, in about the same time. The right
 * password of an address not yet verified signs nobody in (`startSession` refuses): it was chosen
 * at sign-up by whoever typed the address, not necessarily its owner.
 */
export async function logIn(
  ctx: AccountsContext,
  input: { email: string; password: string },
): Promise<SignedIn> {
  const [row] = await ctx.db
    .select({ user: users, passwordHash: credentials.passwordHash })
    .from(users)
    .leftJoin(credentials, eq(credentials.userId, users.id))
    .where(byEmail(input.email));
  const matches = await passwordMatches(
    row?.passwordHash ?? (await ctx.decoyPasswordHash()),
    input.password,
  );
  if (!row?.passwordHash || !matches) throw new Unauthorized(authMessages.badCredentials);
  return startSession(ctx, row.user);
}

/**
 * Checks access tokens: a valid signature and claims (`accessTokens.read`), and a live session of
 * that user (not revoked, not expired). The session's query is prepared once per database, as
 * every private call runs it. Null when either fails (any reason).
 */
export function accessTokenVerifier(
  ctx: AccountsContext,
): (token: string) => Promise<RequestUser | null> {
  const value = sql.placeholder;
  const liveSession = ctx.db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, value('sessionId')),
        eq(sessions.userId, value('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, value('now')),
        // No session acts for an address nobody has proven (one made before this rule included).
        eq(users.emailVerified, true),
      ),
    )
    .prepare('live_session');
  return async (token) => {
    const claims = await ctx.accessTokens.read(token);
    if (!claims) return null;
    const [user] = await liveSession.execute({ ...claims, now: now(ctx) });
    if (!user) return null;
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role === 'admin' ? 'admin' : null,
      sessionId: claims.sessionId,
    };
  };
}

/**
 * Swaps a refresh token for a new one and a new access token. A refresh token is good once: if
 * one that was already swapped comes back, someone holds a copy, and the whole session ends.
 */
export async function refresh(ctx: AccountsContext, refreshToken: string): Promise<SignedIn> {
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions, user: users })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .for('update', { of: refreshTokens });
    if (!row) return null;
    const at = now(ctx);
    if (row.token.usedAt) {
      await tx.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, row.session.id));
      return 'reused' as const;
    }
    if (row.session.revokedAt || row.session.expiresAt <= at || !row.user.emailVerified)
      return null;
    await tx
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(eq(refreshTokens.tokenHash, row.token.tokenHash));
    const next = randomToken();
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: hashToken(next), sessionId: row.session.id });
    const token = await ctx.accessTokens.sign(
      { userId: row.user.id, sessionId: row.session.id },
      at,
    );
    return {
      user: toAuthUser(row.user),
      token,
      refreshToken: next,
      sessionExpiresAt: row.session.expiresAt,
    };
  });
  if (result === null || result === 'reused') throw new Unauthorized(authMessages.sessionEnded);
  return result;
}

/** Ends the session a refresh token belongs to (sign-out). Unknown tokens change nothing. */
export async function logOut(ctx: AccountsContext, refreshToken: string): Promise<void> {
  const [row] = await ctx.db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (row) await revokeSession(ctx, row.sessionId);
}

export async function revokeSession(ctx: AccountsContext, sessionId: string): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: now(ctx) })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user: their refresh tokens and access tokens stop working at once. */
export async function endAllSessions(
  ctx: Pick<AccountsContext, 'db' | 'now'>,
  userId: string,
  tx: Db | Tx = ctx.db,
) {
  await tx
    .update(sessions)
    .set({ revokedAt: now(ctx) })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function getAccount(ctx: AccountsContext, userId: string): Promise<AuthUser> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Unauthorized();
  return toAuthUser(row);
}
