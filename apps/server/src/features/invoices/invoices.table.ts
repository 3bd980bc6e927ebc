import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * The last invoice number given (issue 17 #8), in one row: taking the next one locks the row
 * until the paying transaction ends, so concurrent payments (on any number of instances) take
 * turns, and a number is used exactly when its payment commits: the numbers have no gaps.
 */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: smallint('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('invoice_counter_one_row', sql`${t.id} = 1`)],
);
