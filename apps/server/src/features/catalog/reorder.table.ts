import { sql } from 'drizzle-orm';
import { index, pgTable, real, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * Its stock as a share of its reorder point (0: none left), kept by the trigger at every stock
     * change of a low part: the list reads the emptiest first from its index, not every low part.
     */
    share: real('share').notNull().default(0),
    crossedAt: timestamp('crossed_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('low_stock_alerts_unmailed_idx').on(t.crossedAt).where(sql`${t.mailedAt} is null`),
    index('low_stock_alerts_share_idx').on(t.share, t.partId),
  ],
);
