import { and, eq } from 'drizzle-orm';
import type { IdentityProfile } from '../../adapters/identity/identity-provider.ts';
import { type AccountsContext, findUserByEmail } from './accounts.context.ts';
import { credentials, identities, users } from './accounts.table.ts';
import { endAllSessions, type SignedIn, startSession } from './sessions.service.ts';

export const GOOGLE_PROVIDER = 'google.com';

export class GoogleSignInRefused extends Error {
  constructor(readonly reason: 'unverified' | 'failed') {
    super(reason);
  }
}

/**
 * Signs in with an outside identity. Known provider + subject: that user. Otherwise only an address
 * the provider vouches for (email_verified) is linked to its existing account or gets a new one.
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
    // An address Google has not verified is linked to no account and makes none: a new account
    // would be someone's unproven claim to it, and its Google sign-in would outlive the owner's
    // password reset (pre-hijacking, issue 14 #1).
    if (!profile.emailVerified) throw new GoogleSignInRefused('unverified');
    const existing = await findUserByEmail(tx, profile.email);
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
          emailVerified: true,
        })
        .returning();
    }
    if (!user) throw new Error('user not saved');
    await tx.insert(identities).values({ provider, subject: profile.subject, userId: user.id });
    return startSession(ctx, user, tx);
  });
}
