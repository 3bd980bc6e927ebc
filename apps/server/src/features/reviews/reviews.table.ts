import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** A public review. Name and photo are the author's at the time of posting. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    img: text('img'),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    // Newest first, the id breaking ties the same way: one backward range (a deep page's ids come
    // from it alone). The customer's own recent reviews (the daily cap) are one range too.
    index('reviews_created_at_id_idx').on(t.createdAt, t.id),
    index('reviews_user_created_at_idx').on(t.userId, t.createdAt),
  ],
);
