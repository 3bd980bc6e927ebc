import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { parts } from './catalog.table.ts';

/**
 * A part below its reorder point (issue 33 #4), and so the list of the low parts: written by
 * migration 0033's trigger on parts when its stock crosses the point downwards, deleted when it is
 * back above (a partial index on parts would make every stock change write an index, where now
 * it is a HOT update). The daily mail names each crossing once (`mailedAt`).
 */
export const lowStockAlerts = pgTable(
  'low_stock_alerts',
  {
    partId: uuid('part_id')
      .primaryKey()
      .references(() => parts.id, { onDelete: 'cascade' }),
    crossedAt: timestamp('crossed_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('low_stock_alerts_unmailed_idx').on(t.crossedAt).where(sql`${t.mailedAt} is null`)],
);
