import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * How many rows a large table holds, in all and per order state, kept by statement-level
 * triggers (migration 0009) for whatever writes the rows (the shop, the generator, psql): a list
 * without filters then reads its total here instead of counting every row. Each count is spread
 * over a few shards (by the writing connection), so that concurrent orders do not queue for one
 * row; a count is the sum of its shards.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    /** `parts`, `users`, `admins`, `reviews`, `review_ratings` (their sum), `audit`, `orders:<state>`. */
    name: text('name').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.shard] })],
);
