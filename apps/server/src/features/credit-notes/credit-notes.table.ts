import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { orders } from '../orders/orders.table.ts';

/**
 * Credit notes (issue 32 #4): each gives back the core deposits of old parts returned on a line
 * of a paid order, by a refund through the payment provider (made by the queue's `core-refund`
 * job once the note is committed) or as credit on the company's account. Numbered by their own gap-free counter, as
 * invoices are.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    number: integer('number').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's line whose cores came back, and its part as it was ordered. */
    position: integer('position').notNull(),
    partId: uuid('part_id').notNull(),
    partNumber: text('part_number').notNull(),
    partName: text('part_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** 'card': refunded through the payment provider (`refundId` once it is made); 'account'. */
    refundedTo: text('refunded_to', { enum: ['card', 'account'] }).notNull(),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_notes_quantity_positive', sql`${t.quantity} > 0`),
    check('credit_notes_amount', sql`${t.amountCents} = ${t.unitCents}::bigint * ${t.quantity}`),
    index('credit_notes_order_id_idx').on(t.orderId, t.number),
    check('credit_notes_refunded_to', sql`${t.refundedTo} in ('card', 'account')`),
  ],
);

/** The last credit note number given, in one row, taken as the invoices' is. */
export const creditNoteCounter = pgTable(
  'credit_note_counter',
  {
    id: smallint('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('credit_note_counter_one_row', sql`${t.id} = 1`)],
);
