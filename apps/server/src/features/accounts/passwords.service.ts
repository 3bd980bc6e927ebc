import { randomUUID } from 'node:crypto';
import { authMessages } from '@axle/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { Invalid } from '../../domain/errors.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import {
  type AccountsContext,
  findUserByEmail,
  now,
  PASSWORD_PROVIDER,
  type UserRow,
} from './accounts.context.ts';
import { passwordResetMessage } from './accounts.mail.ts';
import { credentials, emailTokens, users } from './accounts.table.ts';
import {
  issueResetToken,
  RESET_LINK_MINUTES,
  useEmailToken,
  verificationMail,
  warnOwner,
} from './email-links.service.ts';
import { hashPassword, refuseCommonPassword } from './passwords.hashing.ts';
import { endAllSessions, type SignedIn, startSession } from './sessions.service.ts';

/**
 * Sign-up answers every address alike (PRODUCT §3.11): nobody is signed in, and the reply says
 * "check your e-mail". A new address gets an account and a verification link whose use starts the
 * session (in this browser only); an address that already has an account changes nothing, and its
 * owner gets a warning. Both hash the password, so timing tells them apart no better than the reply
 * does.
 *
 * Returns the id the browser's sign-up cookie binds (email-links.browser.ts): the new account's,
 * or a random one that binds nothing when the address already has an account.
 */
export async function register(
  ctx: AccountsContext,
  input: { name: string; email: string; password: string; from?: string | undefined },
): Promise<string> {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) return warned(ctx, existing);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, providerId: PASSWORD_PROVIDER })
        .returning();
      if (!user) throw new Error('user not created');
      await tx.insert(credentials).values({ userId: user.id, passwordHash });
      // Sent by the queue after the commit, so the link works by the time it arrives.
      await queueMail(tx, await verificationMail(ctx, user, input.from, tx));
      return user.id;
    });
    return created;
  } catch (error) {
    // The same address registered at the same moment: answer as for any registered address.
    if (uniqueViolation(error)) {
      const owner = await findUserByEmail(ctx.db, input.email);
      if (owner) return warned(ctx, owner);
    }
    throw error;
  }
}

/** The address has an account: its owner is warned, and the browser is bound to nothing. */
async function warned(ctx: AccountsContext, owner: UserRow): Promise<string> {
  await warnOwner(ctx, owner);
  return randomUUID();
}

/** Always the same answer; a link goes out only when the address has an account. */
export async function requestPasswordReset(ctx: AccountsContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  await ctx.db.transaction(async (tx) => {
    const token = await issueResetToken(tx, user.id, now(ctx));
    const link = `${ctx.publicUrl}/reset-password?token=${token}`;
    await queueMail(
      tx,
      passwordResetMessage({ to: user.email, name: user.name, link, minutes: RESET_LINK_MINUTES }),
    );
  });
}

/**
 * Sets the password with a password-reset token, which works once. Every session of the account
 * ends (whoever else was signed in is signed out), the address counts as verified (the token came
 * through its inbox), and the account's other reset tokens die with the password they were meant
 * to replace. The account, or null for a token that does not work (nothing changes).
 */
async function setPasswordWithToken(
  ctx: AccountsContext,
  tx: Tx,
  token: string,
  passwordHash: string,
  at: Date,
): Promise<UserRow | null> {
  const userId = await useEmailToken(tx, token, 'password-reset', at);
  if (!userId) return null;
  await tx
    .insert(credentials)
    .values({ userId, passwordHash, updatedAt: at })
    .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: at } });
  const [user] = await tx
    .update(users)
    .set({ emailVerified: true, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
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
  return user ?? null;
}

/** Sets a new password from an e-mailed reset link; the owner then signs in with it. */
export async function confirmPasswordReset(
  ctx: AccountsContext,
  input: { token: string; password: string },
): Promise<void> {
  // Before the link is used, so the owner can try again with another password.
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const at = now(ctx);
  const user = await ctx.db.transaction((tx) =>
    setPasswordWithToken(ctx, tx, input.token, passwordHash, at),
  );
  if (!user) throw new Invalid(authMessages.resetInvalid);
}

/**
 * The password chosen on the page a verification link opened in a browser that did not sign up,
 * with the reset token that opening handed out (email-links.service.ts `verifyEmail`); that
 * browser is signed in. Nobody is signed in without choosing the password there (no login CSRF,
 * issue 14 #2), and the token works once, for 30 minutes, until another password is set.
 */
export async function choosePassword(
  ctx: AccountsContext,
  input: { token: string; password: string },
): Promise<SignedIn> {
  // Before the token is used, so the owner can try again with another password.
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const at = now(ctx);
  const session = await ctx.db.transaction(async (tx) => {
    const user = await setPasswordWithToken(ctx, tx, input.token, passwordHash, at);
    return user ? startSession(ctx, user, tx) : null;
  });
  if (!session) throw new Invalid(authMessages.choosePasswordExpired);
  return session;
}
