import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { parts } from '../catalog/catalog.table.ts';

/**
 * A customer's cart (issue 17 #1), kept on the server so that it follows them across devices: a
 * line per part with its quantity. Prices are not kept: the cart is priced when it is read.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order lines were added in, also within one statement (a quick order's lines). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
