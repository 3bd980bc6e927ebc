import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A call made with an `Idempotency-Key` (issue 30 #1): what the caller sent, and once the call has
 * answered, its reply, so that the same key with the same request within a day answers that reply
 * again instead of doing the work twice. A key belongs to one caller: another customer's same key
 * is another row. While the first call runs (`status` null) the row is held until `lockedUntil`;
 * a call that died holding it frees the key once that time has passed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller (a person, or the customer an API key acts for); no foreign key: rows expire. */
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** The call, as method and route (`POST /api/order`). */
    operation: text('operation').notNull(),
    /** SHA-256 of the call's route parameters and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The reply's status and body, once the call answered; null while it runs. */
    status: integer('status'),
    reply: jsonb('reply'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // Keys older than a day are deleted in batches, oldest first.
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
