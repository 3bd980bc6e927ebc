import { CORE_RETURN_DAYS_DEFAULT } from '@axle/contract/core-texts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { trigramIndex } from '../../db/trigram-index.ts';
import { users } from '../accounts/accounts.table.ts';
import { parts } from '../catalog/catalog.table.ts';
import { companies } from '../companies/companies.table.ts';
import { fleetVehicles } from '../fleet/fleet.table.ts';

/**
 * An order: one or more lines (`orderLines`), the customer, where it goes and its state. The
 * SPEC's part columns (part, name, image, unit price, quantity) hold its first line, as SPEC §7's
 * fields describe it (PRODUCT §7); `totalCents` is the sum of every line. Names, images and
 * prices are copied when the order is placed, so later catalogue edits do not change what the
 * customer agreed to pay.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order's short number (10001, 10002, …), which people read out on the phone and find in
     * mails, invoices and My Orders; the uuid stays the order's id in addresses and calls.
     */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .generatedAlwaysAsIdentity({ startWith: 10001 }),
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
    postalCode: text('postal_code'),
    quantity: integer('quantity').notNull(),
    /** What the order costs: the sum of its lines, each at the price it was placed at. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /**
     * The core deposits among the total (issue 32 #4): every unit of an exchange part carries its
     * part's core charge. `creditedCents`: what credit notes have given back of them so far.
     */
    depositCents: bigint('deposit_cents', { mode: 'number' }).notNull().default(0),
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
    lineCount: integer('line_count').notNull().default(1),
    /** The buyer's own reference (purchase order number) and a note to the shop. */
    poNumber: text('po_number'),
    note: text('note'),
    /** The carrier's tracking number, if the admin gave one when shipping. */
    trackingNumber: text('tracking_number'),
    /**
     * The invoice of a paid order (issue 17 #8): its number, from the invoices' gap-free counter in
     * the transaction that marked the order paid, when it was issued, and the tax rate it states
     * (TAX_RATE then, in hundredths of a percent: 1500 is 15 %), fixed from then on.
     */
    invoiceNumber: integer('invoice_number').unique('orders_invoice_number_key'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    taxRateBasisPoints: integer('tax_rate_basis_points'),
    /**
     * The company the order was placed for (issue 18): its members see it, its owners cancel or
     * approve it. A buyer's order above their spending limit waits (`approval` 'awaiting': stock
     * kept, not payable) until an owner approves it or rejects it (cancelled, stock returned),
     * with a note, who and when.
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    approval: text('approval', { enum: ['awaiting', 'approved', 'rejected'] }),
    approvalNote: text('approval_note'),
    approvalBy: uuid('approval_by').references(() => users.id, { onDelete: 'set null' }),
    approvalAt: timestamp('approval_at', { withTimezone: true }),
    /**
     * Paid on the company's account (issue 18 #4): invoiced at checkout (or at approval) with
     * `transaction` 'on-account', due at `dueAt`, settled when the admin records the payment.
     */
    onAccount: boolean('on_account').notNull().default(false),
    dueAt: timestamp('due_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settlementReference: text('settlement_reference'),
    paid: boolean('paid').notNull().default(false),
    shipped: boolean('shipped').notNull().default(false),
    transaction: text('transaction'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_total_positive', sql`${t.totalCents} > 0`),
    check(
      'orders_credited_within_deposits',
      sql`${t.creditedCents} >= 0 and ${t.creditedCents} <= ${t.depositCents} and ${t.depositCents} < ${t.totalCents}`,
    ),
    check('orders_paid_has_transaction', sql`NOT ${t.paid} OR ${t.transaction} IS NOT NULL`),
    check('orders_shipped_only_when_paid', sql`NOT ${t.shipped} OR ${t.paid}`),
    check(
      'orders_paid_only_when_approved',
      sql`NOT ${t.paid} OR ${t.approval} IS DISTINCT FROM 'awaiting'`,
    ),
    check('orders_paid_has_invoice', sql`NOT ${t.paid} OR ${t.invoiceNumber} IS NOT NULL`),
    // My Orders (newest first), and Manage All Orders' sorts and search (order-lists.service.ts).
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_user_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    index('orders_part_id_idx').on(t.partId),
    // A company's open invoices on account by due date (the admin's company page).
    index('orders_company_due_on_account_idx')
      .on(t.companyId, t.dueAt, t.id)
      .where(
        sql`${t.onAccount} and ${t.paid} and ${t.settledAt} is null and ${t.cancelledAt} is null`,
      ),
    // The open invoices on account by due date: the overdue ones first.
    index('orders_due_on_account_idx')
      .on(t.dueAt, t.id)
      .where(
        sql`${t.onAccount} and ${t.paid} and ${t.settledAt} is null and ${t.cancelledAt} is null`,
      ),
    // A company's orders, newest first (issue 18).
    index('orders_company_created_at_id_idx')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`${t.companyId} is not null`),
    // Its last columns are the state's: a date range's counts per state (the tabs) are read from
    // the index alone (an index-only scan), not from each order's row.
    index('orders_created_at_id_state_idx').on(t.createdAt, t.id, t.cancelledAt, t.paid, t.shipped),
    index('orders_total_cents_id_idx').on(t.totalCents, t.id),
    // The paid orders waiting to ship, oldest first: the day's picking list (issue 33 #2).
    index('orders_to_ship_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.paid} and not ${t.shipped} and ${t.cancelledAt} is null`),
    trigramIndex(
      'orders_search_trgm_idx',
      sql`lower(${t.name} || ' ' || ${t.email} || ' ' || ${t.partName}) gin_trgm_ops`,
    ),
  ],
);

/**
 * The lines of an order, in the order they were placed (the first is also on the order row): the
 * part with its number, name and image as they were, the unit price charged (its volume tier's,
 * if the quantity reached one) and the part's own price then.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    partNumber: text('part_number').notNull(),
    partName: text('part_name').notNull(),
    partImg: text('part_img'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    listPriceCents: integer('list_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * The company's fleet vehicle it was ordered for (issue 32 #5), and what it was called then:
     * the vehicle's history lists the line; the label stays when the vehicle leaves the fleet.
     */
    vehicleId: uuid('vehicle_id').references(() => fleetVehicles.id, { onDelete: 'set null' }),
    vehicleLabel: text('vehicle_label'),
    /**
     * How many of its units wait for the part's restock (issue 32 #3): taken from the stock, oldest
     * order first, when an admin raises it; the order ships when none of its lines waits.
     */
    backordered: integer('backordered').notNull().default(0),
    /**
     * The core charge of each unit (issue 32 #4), as the part had it when ordered (0: none), how
     * many days the buyer has to return the old parts once the order is paid, and how many of
     * them came back (each with a credit note).
     */
    coreChargeCents: integer('core_charge_cents').notNull().default(0),
    coreReturnDays: integer('core_return_days').notNull().default(CORE_RETURN_DAYS_DEFAULT),
    coresReturned: integer('cores_returned').notNull().default(0),
  },
  (t) => [
    check(
      'order_lines_cores_returned_within_quantity',
      sql`${t.coresReturned} >= 0 and ${t.coresReturned} <= ${t.quantity} and (${t.coresReturned} = 0 or ${t.coreChargeCents} > 0)`,
    ),
    check('order_lines_core_charge_not_negative', sql`${t.coreChargeCents} >= 0`),
    check(
      'order_lines_backordered_within_quantity',
      sql`${t.backordered} >= 0 and ${t.backordered} <= ${t.quantity}`,
    ),
    index('order_lines_backordered_idx').on(t.partId).where(sql`${t.backordered} > 0`),
    primaryKey({ columns: [t.orderId, t.position] }),
    index('order_lines_vehicle_id_idx').on(t.vehicleId).where(sql`${t.vehicleId} is not null`),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_positive', sql`${t.unitPriceCents} > 0`),
    index('order_lines_part_id_idx').on(t.partId),
  ],
);
