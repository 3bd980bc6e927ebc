import { type AdminUser, type AuthUser, authMessages, safeReturnPath } from '@axle/contract';
import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { IdentityProfile } from '../../adapters/identity/identity-provider.ts';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from '../../domain/errors.ts';
import {
  alreadyRegisteredMessage,
  passwordResetMessage,
  verifyEmailMessage,
} from './accounts.mail.ts';
import {
  decoyPasswordHash,
  hashPassword,
  passwordMatches,
  refuseCommonPassword,
} from './accounts.passwords.ts';
import {
  credentials,
  emailTokens,
  identities,
  refreshTokens,
  sessions,
  users,
} from './accounts.table.ts';
import { hashToken, randomToken, readAccessToken, signAccessToken } from './accounts.tokens.ts';

export const SESSION_DAYS = 30;
export const RESET_LINK_MINUTES = 30;
export const VERIFY_LINK_HOURS = 48;
export const GOOGLE_PROVIDER = 'google.com';
export const PASSWORD_PROVIDER = 'password';

/** What the accounts rules need from the outside world. */
export type AccountsContext = {
  db: Db;
  accessKey: Uint8Array;
  mailer: Mailer;
  /** e-mailed links start with this address (PUBLIC_URL), never with a request's Host header. */
  publicUrl: string;
  /** Mail goes out after the reply so its timing reveals nothing; failures are logged here. */
  onMailError: (error: unknown) => void;
  now?: () => Date;
};

/** A signed-in session: the access token for the reply and the refresh token for the cookie. */
export type SignedIn = {
  user: AuthUser;
  token: string;
  refreshToken: string;
  sessionExpiresAt: Date;
};

type UserRow = typeof users.$inferSelect;

const now = (ctx: AccountsContext) => ctx.now?.() ?? new Date();
const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

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

function sendLater(ctx: AccountsContext, message: Parameters<Mailer['send']>[0]): void {
  ctx.mailer.send(message).catch(ctx.onMailError);
}

async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email));
  return row;
}

async function startSession(
  ctx: AccountsContext,
  user: UserRow,
  tx: Db | Tx = ctx.db,
): Promise<SignedIn> {
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
  const token = await signAccessToken(
    ctx.accessKey,
    { userId: user.id, sessionId: session.id },
    at,
  );
  return { user: toAuthUser(user), token, refreshToken, sessionExpiresAt };
}

async function issueEmailToken(
  tx: Db | Tx,
  userId: string,
  purpose: 'password-reset' | 'verify-email',
  expiresAt: Date,
): Promise<string> {
  const token = randomToken();
  await tx.insert(emailTokens).values({ tokenHash: hashToken(token), userId, purpose, expiresAt });
  return token;
}

/** A new verification link for the account, as the e-mail that carries it. */
async function verificationMail(
  ctx: AccountsContext,
  user: UserRow,
  from = '/',
  tx: Db | Tx = ctx.db,
): Promise<MailMessage> {
  const expiresAt = new Date(now(ctx).getTime() + VERIFY_LINK_HOURS * 3600 * 1000);
  const token = await issueEmailToken(tx, user.id, 'verify-email', expiresAt);
  const returnTo = safeReturnPath(from);
  const link =
    `${ctx.publicUrl}/verify-email?token=${token}` +
    (returnTo === '/' ? '' : `&from=${encodeURIComponent(returnTo)}`);
  return verifyEmailMessage({ to: user.email, name: user.name, link });
}

/**
 * Sign-up answers every address alike (PRODUCT §3.11): nobody is signed in, and the reply says
 * "check your e-mail". A new address gets an account and a verification link whose use starts the
 * session; an address that already has an account changes nothing, and its owner gets a warning.
 * Both hash the password, so timing tells them apart no better than the reply does.
 */
export async function register(
  ctx: AccountsContext,
  input: { name: string; email: string; password: string; from?: string | undefined },
): Promise<void> {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) return warnOwner(ctx, existing);
  try {
    const mail = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, providerId: PASSWORD_PROVIDER })
        .returning();
      if (!user) throw new Error('user not created');
      await tx.insert(credentials).values({ userId: user.id, passwordHash });
      return verificationMail(ctx, user, input.from, tx);
    });
    // After the commit, so the link works by the time it arrives.
    sendLater(ctx, mail);
  } catch (error) {
    // The same address registered at the same moment: answer as for any registered address.
    if (
      (error as { cause?: { code?: string }; code?: string }).cause?.code === '23505' ||
      (error as { code?: string }).code === '23505'
    ) {
      const owner = await findUserByEmail(ctx.db, input.email);
      if (owner) return warnOwner(ctx, owner);
    }
    throw error;
  }
}

function warnOwner(ctx: AccountsContext, owner: UserRow): void {
  sendLater(
    ctx,
    alreadyRegisteredMessage({
      to: owner.email,
      name: owner.name,
      signInLink: `${ctx.publicUrl}/login`,
      resetLink: `${ctx.publicUrl}/login`,
    }),
  );
}

/**
 * The "check your e-mail" screen's resend, for any address and with the same answer: an account
 * still waiting for verification gets a new link, a verified one the warning again, and an unknown
 * address nothing.
 */
export async function resendSignUpMail(
  ctx: AccountsContext,
  input: { email: string; from?: string | undefined },
): Promise<void> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return;
  if (user.emailVerified) return warnOwner(ctx, user);
  sendLater(ctx, await verificationMail(ctx, user, input.from));
}

/** A wrong password and an unknown address fail the same way, in about the same time. */
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
    row?.passwordHash ?? (await decoyPasswordHash()),
    input.password,
  );
  if (!row?.passwordHash || !matches) throw new Unauthorized(authMessages.badCredentials);
  return startSession(ctx, row.user);
}

/**
 * Checks access tokens: a valid signature and claims (`readAccessToken`), and a live session of
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
      ),
    )
    .prepare('live_session');
  return async (token) => {
    const claims = await readAccessToken(ctx.accessKey, token);
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
    if (row.session.revokedAt || row.session.expiresAt <= at) return null;
    await tx
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(eq(refreshTokens.tokenHash, row.token.tokenHash));
    const next = randomToken();
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: hashToken(next), sessionId: row.session.id });
    const token = await signAccessToken(
      ctx.accessKey,
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
    .set({ revokedAt: ctx.now?.() ?? new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function getAccount(ctx: AccountsContext, userId: string): Promise<AuthUser> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Unauthorized();
  return toAuthUser(row);
}

/** Always the same answer; a link goes out only when the address has an account. */
export async function requestPasswordReset(ctx: AccountsContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const expiresAt = new Date(now(ctx).getTime() + RESET_LINK_MINUTES * 60 * 1000);
  const token = await issueEmailToken(ctx.db, user.id, 'password-reset', expiresAt);
  const link = `${ctx.publicUrl}/reset-password?token=${token}`;
  sendLater(
    ctx,
    passwordResetMessage({ to: user.email, name: user.name, link, minutes: RESET_LINK_MINUTES }),
  );
}

/** Takes a single-use, unexpired link token; any other token changes nothing. */
async function useEmailToken(
  tx: Tx,
  token: string,
  purpose: 'password-reset' | 'verify-email',
  at: Date,
): Promise<string | null> {
  const [used] = await tx
    .update(emailTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, at),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return used?.userId ?? null;
}

/**
 * Sets a new password from an e-mailed link. Every session of the account ends (whoever else was
 * signed in is signed out), and the address counts as verified: the link reached its inbox.
 */
export async function confirmPasswordReset(
  ctx: AccountsContext,
  input: { token: string; password: string },
) {
  // Before the link is used, so the owner can try again with another password.
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const at = now(ctx);
  const done = await ctx.db.transaction(async (tx) => {
    const userId = await useEmailToken(tx, input.token, 'password-reset', at);
    if (!userId) return false;
    await tx
      .insert(credentials)
      .values({ userId, passwordHash, updatedAt: at })
      .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: at } });
    await tx.update(users).set({ emailVerified: true, updatedAt: at }).where(eq(users.id, userId));
    // Other reset links of this account die with the password they were meant to replace.
    await tx
      .update(emailTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, 'password-reset'),
          isNull(emailTokens.usedAt),
        ),
      );
    await endAllSessions(ctx, userId, tx);
    return true;
  });
  if (!done) throw new Invalid(authMessages.resetInvalid);
}

/**
 * Opens the e-mailed verification link: the address is verified and its owner signed in (the link
 * reached the inbox). A link works once, and none works for an address already verified (another
 * link, a password reset or Google did it), so an old e-mail cannot hand out a session.
 */
export async function verifyEmail(ctx: AccountsContext, token: string): Promise<SignedIn> {
  const at = now(ctx);
  const result = await ctx.db.transaction(async (tx) => {
    // The account's row is locked, so two links opened at once cannot both sign in.
    const [row] = await tx
      .select({ link: emailTokens, user: users })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.userId))
      .where(
        and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'verify-email')),
      )
      .for('update', { of: users });
    if (!row || row.link.expiresAt <= at) return 'invalid' as const;
    if (row.link.usedAt || row.user.emailVerified) return 'used' as const;
    await tx
      .update(emailTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(emailTokens.userId, row.user.id),
          eq(emailTokens.purpose, 'verify-email'),
          isNull(emailTokens.usedAt),
        ),
      );
    const [user] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: at })
      .where(eq(users.id, row.user.id))
      .returning();
    if (!user) throw new Error('user not verified');
    return startSession(ctx, user, tx);
  });
  if (result === 'invalid') throw new Invalid(authMessages.verifyInvalid);
  if (result === 'used') throw new Invalid(authMessages.verifyUsed);
  return result;
}

export async function resendVerification(ctx: AccountsContext, userId: string): Promise<string> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Unauthorized();
  if (user.emailVerified) return authMessages.alreadyVerified;
  sendLater(ctx, await verificationMail(ctx, user));
  return authMessages.verificationSent;
}

/**
 * SPEC §7 `PUT /user/{email}`: after any sign-in the web sends the user record; only the caller's
 * own record, and only name and photo change (the first provider stays). Replies with a fresh
 * access token for the same session.
 */
export async function syncUser(
  ctx: AccountsContext,
  caller: RequestUser,
  email: string,
  input: { name?: string | undefined; img?: string | null | undefined },
): Promise<{ token: string; user: AuthUser }> {
  if (email.toLowerCase() !== caller.email.toLowerCase())
    throw new Forbidden('You can only update your own account');
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.img !== undefined) changes.img = input.img;
  const [row] =
    Object.keys(changes).length > 0
      ? await ctx.db
          .update(users)
          .set({ ...changes, updatedAt: now(ctx) })
          .where(eq(users.id, caller.id))
          .returning()
      : await ctx.db.select().from(users).where(eq(users.id, caller.id));
  if (!row) throw new Unauthorized();
  const token = await signAccessToken(
    ctx.accessKey,
    { userId: row.id, sessionId: caller.sessionId },
    now(ctx),
  );
  return { token, user: toAuthUser(row) };
}

/** SPEC §7 `GET /admin/{email}`: an admin may ask about anyone, a customer only about themself. */
export async function isAdmin(
  ctx: AccountsContext,
  caller: RequestUser,
  email: string,
): Promise<boolean> {
  if (email.toLowerCase() === caller.email.toLowerCase()) return caller.role === 'admin';
  if (caller.role !== 'admin') throw new Forbidden('You can only ask about your own account');
  const user = await findUserByEmail(ctx.db, email);
  return user?.role === 'admin';
}

export class GoogleSignInRefused extends Error {
  constructor(readonly reason: 'unverified' | 'failed') {
    super(reason);
  }
}

/**
 * Signs in with an outside identity. Known provider + subject: that user. Otherwise an existing
 * account is linked only when the provider vouches for the address (email_verified); a new
 * address gets a new account.
 */
export async function signInWithIdentity(
  ctx: AccountsContext,
  provider: string,
  profile: IdentityProfile,
): Promise<SignedIn> {
  return ctx.db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.provider, provider), eq(identities.subject, profile.subject)));
    if (linked) return startSession(ctx, linked.user, tx);
    if (!profile.email) throw new GoogleSignInRefused('failed');
    const existing = await findUserByEmail(tx, profile.email);
    if (existing && !profile.emailVerified) throw new GoogleSignInRefused('unverified');
    let user = existing;
    if (user) {
      if (!user.emailVerified) {
        // Google proves the address; whoever set this unverified account's password did not
        // (someone may have signed up with another person's address first). Their password and
        // sessions go, so the account is only the address owner's from now on.
        await tx.delete(credentials).where(eq(credentials.userId, user.id));
        await endAllSessions(ctx, user.id, tx);
        [user] = await tx
          .update(users)
          .set({ emailVerified: true })
          .where(eq(users.id, user.id))
          .returning();
      }
    } else {
      [user] = await tx
        .insert(users)
        .values({
          name: (profile.name ?? profile.email.split('@')[0] ?? 'Customer').slice(0, 80),
          email: profile.email,
          img: profile.picture,
          providerId: provider,
          emailVerified: profile.emailVerified,
        })
        .returning();
    }
    if (!user) throw new Error('user not saved');
    await tx.insert(identities).values({ provider, subject: profile.subject, userId: user.id });
    return startSession(ctx, user, tx);
  });
}

/** For the `user` CLI: an account with a password, optionally an admin, verified by the operator. */
export async function createUser(
  ctx: Pick<AccountsContext, 'db'>,
  input: { name: string; email: string; password: string; admin: boolean },
): Promise<AuthUser> {
  if (await findUserByEmail(ctx.db, input.email))
    throw new Conflict(`An account for ${input.email} already exists`);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        providerId: PASSWORD_PROVIDER,
        role: input.admin ? 'admin' : null,
        emailVerified: true,
      })
      .returning();
    if (!user) throw new Error('user not created');
    await tx.insert(credentials).values({ userId: user.id, passwordHash });
    return toAuthUser(user);
  });
}

export async function promoteToAdmin(
  ctx: Pick<AccountsContext, 'db'>,
  email: string,
): Promise<AuthUser> {
  const [user] = await ctx.db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(byEmail(email))
    .returning();
  if (!user) throw new NotFound(`No account for ${email}`);
  return toAuthUser(user);
}

/** What other features may know of an account: never credentials or sessions. */
export type AccountSummary = { id: string; email: string; name: string; img: string | null };

const summary = (row: UserRow): AccountSummary => ({
  id: row.id,
  email: row.email,
  name: row.name,
  img: row.img,
});

export async function accountByEmail(db: Db, email: string): Promise<AccountSummary | undefined> {
  const row = await findUserByEmail(db, email.trim());
  return row ? summary(row) : undefined;
}

export async function accountById(db: Db, id: string): Promise<AccountSummary | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? summary(row) : undefined;
}

/** For the admin area (SPEC §7 `GET /users`): every account, oldest first; never credentials. */
export async function listAccounts(db: Db): Promise<AdminUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : null,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Makes the account of this e-mail an admin, unless it is one already or there is none. */
export async function grantAdmin(
  tx: Db | Tx,
  email: string,
): Promise<'granted' | 'already-admin' | 'unknown'> {
  const [row] = await tx
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(byEmail(email), or(isNull(users.role), ne(users.role, 'admin'))))
    .returning({ id: users.id });
  if (row) return 'granted';
  return (await findUserByEmail(tx, email)) ? 'already-admin' : 'unknown';
}

/**
 * For removing an account, inside the caller's transaction: the account of this e-mail and the
 * number of admins, with every admin row locked, so two admins removing each other at the same
 * time cannot leave the shop without one.
 */
export async function accountForRemoval(
  tx: Tx,
  email: string,
): Promise<{ account: AccountSummary & { admin: boolean }; admins: number } | undefined> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .for('update');
  const [row] = await tx.select().from(users).where(byEmail(email)).for('update');
  if (!row) return undefined;
  return { account: { ...summary(row), admin: row.role === 'admin' }, admins: admins.length };
}

/**
 * Deletes an account inside the caller's transaction: its sessions end first, then the row goes
 * (credentials, identities, sessions and e-mail links cascade). Returns the number of rows deleted.
 */
export async function deleteAccount(
  ctx: Pick<AccountsContext, 'db' | 'now'>,
  tx: Tx,
  userId: string,
): Promise<number> {
  await endAllSessions(ctx, userId, tx);
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length;
}
