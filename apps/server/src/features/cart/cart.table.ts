import { CART_LINES_MAX } from '@axle/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { parts } from '../catalog/catalog.table.ts';
import { fleetVehicles } from '../fleet/fleet.table.ts';

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
    /** The company's fleet vehicle the part is for (issue 32 #5); none when removed from the fleet. */
    vehicleId: uuid('vehicle_id').references(() => fleetVehicles.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * How many lines each customer's cart holds, kept by triggers on cart_lines (migration 0025) for
 * whatever writes them, and never more than CART_LINES_MAX: a CHECK that concurrent writes cannot
 * pass together, since each adds to the row after the others that hold it (issue 31 #3: a cart
 * write needs no lock of its own and no count, so it is one statement). A customer with no row
 * has had no line since.
 */
export const cartSizes = pgTable(
  'cart_sizes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lines: integer('lines').notNull().default(0),
  },
  (t) => [
    check('cart_sizes_lines_max', sql`${t.lines} between 0 and ${sql.raw(String(CART_LINES_MAX))}`),
  ],
);
