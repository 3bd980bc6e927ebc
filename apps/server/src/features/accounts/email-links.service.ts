import { authMessages, safeReturnPath } from '@axle/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { Db, Tx } from '../../db/client.ts';
import { Invalid, Unauthorized } from '../../domain/errors.ts';
import { queueHealth, queueMail } from '../jobs/jobs.service.ts';
import { type AccountsContext, findUserByEmail, now, type UserRow } from './accounts.context.ts';
import { alreadyRegisteredMessage, verifyEmailMessage } from './accounts.mail.ts';
import { credentials, emailTokens, identities, users } from './accounts.table.ts';
import { endAllSessions, type SignedIn, startSession } from './sessions.service.ts';
import { hashToken, randomToken } from './sessions.tokens.ts';

export const VERIFY_LINK_HOURS = 48;
/**
 * How long a password-reset token works: an e-mailed reset link, or the proof a verification link
 * opened in another browser hands to that browser.
 */
export const RESET_LINK_MINUTES = 30;

type LinkPurpose = 'password-reset' | 'verify-email';

/** A new single-use link token; only its hash is stored. */
export async function issueEmailToken(
  tx: Db | Tx,
  userId: string,
  purpose: LinkPurpose,
  expiresAt: Date,
): Promise<string> {
  const token = randomToken();
  await tx.insert(emailTokens).values({ tokenHash: hashToken(token), userId, purpose, expiresAt });
  return token;
}

/** A new password-reset token (the one way to set a password without knowing the current one). */
export function issueResetToken(tx: Db | Tx, userId: string, at: Date): Promise<string> {
  const expiresAt = new Date(at.getTime() + RESET_LINK_MINUTES * 60 * 1000);
  return issueEmailToken(tx, userId, 'password-reset', expiresAt);
}

/** Takes a single-use, unexpired link token; any other token changes nothing. */
export async function useEmailToken(
  tx: Tx,
  token: string,
  purpose: LinkPurpose,
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

/** A new verification link for the account, as the e-mail that carries it. */
export async function verificationMail(
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

/** Someone tried to sign up with an address that has an account: its owner is told, nothing else. */
export async function warnOwner(ctx: AccountsContext, owner: UserRow): Promise<void> {
  await queueMail(
    ctx.db,
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
  await ctx.db.transaction(async (tx) =>
    queueMail(tx, await verificationMail(ctx, user, input.from, tx)),
  );
}

/** What opening a verification link did: signed the browser in, or only verified the address. */
export type Verified =
  | { signedIn: SignedIn }
  | { verifiedElsewhere: { email: string; passwordToken: string } };

/**
 * Opens the e-mailed verification link: the address is verified (the link reached the inbox). A
 * link works once, and none works for an address already verified (another link, a password reset
 * or Google did it), so an old e-mail cannot hand out a session.
 *
 * Only the browser that signed up (`signUps`, the accounts its sign-up cookie names) is signed in:
 * an attacker's own link opened by someone else signs nobody in (login CSRF, issue 14 #2). Opened
 * in any other browser, the person verifying owns the address but may not be who signed up with
 * it (pre-hijacking, issue 14 #1): the password chosen at sign-up and any identity linked before
 * are removed, and nobody is signed in. That browser gets a password-reset token instead, as the
 * reset e-mail would carry (the link proved the inbox just as well), so its page can choose the
 * password and sign in there without a second e-mail (issue 30 #5). Every session the account had
 * ends either way.
 */
export async function verifyEmail(
  ctx: AccountsContext,
  token: string,
  signUps: readonly string[],
): Promise<Verified> {
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
    await endAllSessions(ctx, user.id, tx);
    if (signUps.includes(user.id)) return { signedIn: await startSession(ctx, user, tx) };
    await tx.delete(credentials).where(eq(credentials.userId, user.id));
    await tx.delete(identities).where(eq(identities.userId, user.id));
    const passwordToken = await issueResetToken(tx, user.id, at);
    return { verifiedElsewhere: { email: user.email, passwordToken } };
  });
  if (result === 'invalid') throw new Invalid(authMessages.verifyInvalid);
  if (result === 'used') throw new Invalid(authMessages.verifyUsed);
  return result;
}

export async function resendVerification(ctx: AccountsContext, userId: string): Promise<string> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Unauthorized();
  if (user.emailVerified) return authMessages.alreadyVerified;
  await ctx.db.transaction(async (tx) =>
    queueMail(tx, await verificationMail(ctx, user, undefined, tx)),
  );
  return (await mailRunningLate(ctx.db)) ? authMessages.mailQueued : authMessages.verificationSent;
}

/**
 * True while mail is being retried (the mail server failing): a resend then tells the person
 * their e-mail is queued rather than sent (issue 34 #4). Whatever the address, so that the answer
 * says nothing about who has an account.
 */
export async function mailRunningLate(db: Db): Promise<boolean> {
  return (await queueHealth(db)).mail === 'retrying';
}
