import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Addresses that asked for the newsletter (double opt-in): an address gets the newsletter only
 * once its owner opened the e-mailed link (`confirmedAt`). Until then it holds the hash of that
 * single-use link's token (never the token) and when the link expires.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`),
    index('newsletter_token_hash_idx').on(t.tokenHash),
  ],
);
