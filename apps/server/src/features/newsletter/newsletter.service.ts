import { createHash, randomBytes } from 'node:crypto';
import { NEWSLETTER_LINK_INVALID } from '@axle/contract';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Invalid } from '../../domain/errors.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import { confirmSubscriptionMessage } from './newsletter.mail.ts';
import { newsletterSubscriptions as subscriptions } from './newsletter.table.ts';

/**
 * What the newsletter needs: its table and the address links start with. Mail is queued with the
 * change and sent after the reply (ADR 020), so its timing reveals nothing.
 */
export type NewsletterContext = {
  db: Db;
  /** The e-mailed link starts with this address (PUBLIC_URL), never with a request's Host header. */
  publicUrl: string;
  now?: (() => Date) | undefined;
};

/** How long a confirmation link works. */
export const CONFIRM_LINK_HOURS = 48;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A sign-up (double opt-in): the address is stored unconfirmed and mailed a single-use link, which
 * replaces any earlier link of it. An address already confirmed is mailed nothing. The caller's
 * reply is the same either way, so it tells nobody whether the address was subscribed.
 */
export async function subscribe(ctx: NewsletterContext, email: string): Promise<void> {
  const at = ctx.now?.() ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const link = {
    tokenHash: hashToken(token),
    tokenExpiresAt: new Date(at.getTime() + CONFIRM_LINK_HOURS * 3_600_000),
  };
  await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(subscriptions)
      .values({ email, ...link })
      .onConflictDoNothing()
      .returning({ id: subscriptions.id });
    const [pending] = inserted
      ? [inserted]
      : await tx
          .update(subscriptions)
          .set(link)
          .where(
            and(
              sql`lower(${subscriptions.email}) = lower(${email})`,
              isNull(subscriptions.confirmedAt),
            ),
          )
          .returning({ id: subscriptions.id });
    if (!pending) return;
    await queueMail(
      tx,
      confirmSubscriptionMessage({
        to: email,
        link: `${ctx.publicUrl}/newsletter/confirm?token=${token}`,
        hours: CONFIRM_LINK_HOURS,
      }),
    );
  });
}

/** The e-mailed link: confirms its subscription, once and before it expires; any other token is a 400. */
export async function confirmSubscription(ctx: NewsletterContext, token: string): Promise<void> {
  const at = ctx.now?.() ?? new Date();
  const [confirmed] = await ctx.db
    .update(subscriptions)
    .set({ confirmedAt: at, tokenHash: null, tokenExpiresAt: null })
    .where(
      and(
        eq(subscriptions.tokenHash, hashToken(token)),
        isNull(subscriptions.confirmedAt),
        gt(subscriptions.tokenExpiresAt, at),
      ),
    )
    .returning({ id: subscriptions.id });
  if (!confirmed) throw new Invalid(NEWSLETTER_LINK_INVALID);
}

/** The addresses a newsletter may be sent to: confirmed ones only, never one still waiting. */
export async function confirmedSubscribers(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: subscriptions.email })
    .from(subscriptions)
    .where(isNotNull(subscriptions.confirmedAt));
  return rows.map((row) => row.email);
}
