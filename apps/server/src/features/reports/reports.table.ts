import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { parts } from '../catalog/catalog.table.ts';

// The sales kept day by day (issue 33 #1): a report over a year reads a few hundred rows, not
// every order. Migration 0033's deferred trigger on orders adds an order's sale when it is paid
// (at commit, when its lines are there) and takes it back if a paid order is ever cancelled; the
// days are the shop's time zone's (SHOP_TIME_ZONE), kept in `sales_settings`, and the server
// counts them again when that setting changes (`axle_rebuild_sales()`).

/** The one row saying in which time zone the kept days are counted. */
export const salesSettings = pgTable(
  'sales_settings',
  {
    id: smallint('id').primaryKey().default(1),
    timeZone: text('time_zone').notNull().default('UTC'),
  },
  (t) => [check('sales_settings_one_row', sql`${t.id} = 1`)],
);

/** Each day's paid orders and what they sold (their totals without core deposits), in cents. */
export const salesDays = pgTable('sales_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
});

/** Each part's units sold and their price, day by day (a report's top parts, low stock's pace). */
export const partSalesDays = pgTable(
  'part_sales_days',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partId, t.day] }), index('part_sales_days_day_idx').on(t.day)],
);

/** Each customer's paid orders day by day: a company's orders under the company. */
export const customerSalesDays = pgTable(
  'customer_sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['company', 'customer'] }).notNull(),
    /** The company's id, or the customer's (a user's) when they bought on their own. */
    customerId: uuid('customer_id').notNull(),
    orders: integer('orders').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.customerId] }),
    check('customer_sales_days_kind', sql`${t.kind} in ('company', 'customer')`),
  ],
);
