import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parts } from '../catalog/catalog.table.ts';
import { orderLines } from '../orders/orders.table.ts';

/**
 * The places stock lives in (issue 32 #2), in the shop's order of preference (`position`, then
 * code): an order takes its stock from the first that holds every line, and a quantity given
 * without a warehouse (the part form's available quantity, an older catalogue file) goes to the
 * first. Migration 0029 makes the first one, so a part's stock always has a home. Its code never
 * changes once made (replies and files name warehouses by code).
 */
export const warehouses = pgTable(
  'warehouses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    /** Local time of day ("16:00") until which an order ships on the same working day. */
    cutoff: text('cutoff').notNull().default('16:00'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** ISO weekdays it ships on (1 Monday … 7 Sunday). */
    workingDays: smallint('working_days').array().notNull().default(sql`'{1,2,3,4,5}'`),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouses_code_unique').on(t.code),
    check('warehouses_code_format', sql`${t.code} ~ '^[A-Z0-9]{2,8}$'`),
    check('warehouses_cutoff_format', sql`${t.cutoff} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/**
 * What each warehouse holds of a part, and when more is expected there. The sum over a part's
 * warehouses is always its `available_quantity` (at every commit): the writers that know the
 * warehouse (an order's lines, a return, an admin's stock) change both, and migration 0029's
 * deferred trigger puts any other change of the sum (the part form, an older file) in the first
 * warehouse, or takes it from them the way an order would.
 */
export const partStock = pgTable(
  'part_stock',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(0),
    restockDate: date('restock_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.partId, t.warehouseId] }),
    index('part_stock_warehouse_id_idx').on(t.warehouseId),
    check('part_stock_quantity_not_negative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Where an order line's units were taken from (issue 32 #2): written by migration 0029's trigger
 * when the lines are inserted (one warehouse for the whole order when one holds every line, else
 * the fewest) and when backordered units arrive, and read back when the order is cancelled, so its
 * stock returns where it was. The part is kept with them, so the return needs no other table.
 */
export const orderLineSources = pgTable(
  'order_line_sources',
  {
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position, t.warehouseId] }),
    foreignKey({
      columns: [t.orderId, t.position],
      foreignColumns: [orderLines.orderId, orderLines.position],
    }).onDelete('cascade'),
    index('order_line_sources_warehouse_id_idx').on(t.warehouseId),
    index('order_line_sources_part_id_idx').on(t.partId),
    check('order_line_sources_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
