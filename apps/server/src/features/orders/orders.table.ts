import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { parts } from '../catalog/catalog.table.ts';

/**
 * An order for one part. Name, image and unit price are copied from the part when the order is
 * placed, so later catalogue edits do not change what the customer agreed to pay.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    partName: text('part_name').notNull(),
    partImg: text('part_img'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    tel: text('tel').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    quantity: integer('quantity').notNull(),
    paid: boolean('paid').notNull().default(false),
    shipped: boolean('shipped').notNull().default(false),
    transaction: text('transaction'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_paid_has_transaction', sql`NOT ${t.paid} OR ${t.transaction} IS NOT NULL`),
    check('orders_shipped_only_when_paid', sql`NOT ${t.shipped} OR ${t.paid}`),
    // My Orders (newest first), and Manage All Orders' sorts and search (order-lists.service.ts).
    index('orders_user_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    index('orders_part_id_idx').on(t.partId),
    // Its last columns are the state's: a date range's counts per state (the tabs) are read from
    // the index alone (an index-only scan), not from each order's row.
    index('orders_created_at_id_state_idx').on(t.createdAt, t.id, t.cancelledAt, t.paid, t.shipped),
    index('orders_total_id_idx').on(sql`(${t.unitPriceCents}::bigint * ${t.quantity})`, t.id),
    index('orders_search_trgm_idx').using(
      'gin',
      sql`lower(${t.name} || ' ' || ${t.email} || ' ' || ${t.partName}) gin_trgm_ops`,
    ),
  ],
);
