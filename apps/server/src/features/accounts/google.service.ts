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
