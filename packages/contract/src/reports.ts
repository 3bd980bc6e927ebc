import { z } from 'zod';
import { dayParam, limitParam } from './lists.ts';
import { daysIn, reportMessages, SALES_INTERVALS, SALES_RANGE_MAX_DAYS } from './report-texts.ts';
import { PART_QUANTITY_MAX } from './texts.ts';

// The back office's reports (issue 33): sales at a glance, and the parts running out.

/**
 * `GET /api/admin/reports/sales`: days in the shop's time zone (SHOP_TIME_ZONE). Without `to`, up
 * to today; without `from`, the 30 days up to `to`; without `interval`, by day.
 */
export const salesQuery = z
  .strictObject({
    from: dayParam.optional(),
    to: dayParam.optional(),
    interval: z.enum(SALES_INTERVALS, { error: reportMessages.interval }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: reportMessages.range,
    path: ['from'],
  })
  .refine(
    (query) => !query.from || !query.to || daysIn(query.from, query.to) <= SALES_RANGE_MAX_DAYS,
    { error: reportMessages.rangeTooLong, path: ['to'] },
  );
export type SalesQuery = z.infer<typeof salesQuery>;

const money = z.number().describe('Dollars');

/** The sales of one day, week or month: paid orders, not cancelled, and what they sold. */
export const salesPoint = z.object({
  /** The first day of the period (within the range: a range may start mid-week). */
  start: z.iso.date(),
  orders: z.number().int(),
  /** What the orders sold, in dollars: their totals without the core deposits (refundable). */
  revenue: money,
});
export type SalesPoint = z.infer<typeof salesPoint>;

export const salesReport = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  interval: z.enum(SALES_INTERVALS),
  /** The shop's time zone, in which the days are counted. */
  timeZone: z.string(),
  /** Every period of the range, those without sales too, oldest first. */
  series: z.array(salesPoint),
  totals: z.object({ orders: z.number().int(), revenue: money, averageOrder: money }),
  /** The same number of days just before `from`. */
  previous: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    orders: z.number().int(),
    revenue: money,
  }),
  /** The parts that sold the most (revenue) in the range. */
  topParts: z.array(
    z.object({
      partId: z.uuid(),
      partNumber: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      revenue: money,
    }),
  ),
  /** The customers (a company, or a customer on their own) who bought the most in the range. */
  topCustomers: z.array(
    z.object({
      kind: z.enum(['company', 'customer']),
      id: z.uuid(),
      name: z.string(),
      orders: z.number().int(),
      revenue: money,
    }),
  ),
  /** Now, whatever the range: paid orders waiting to ship, and invoices on account past due. */
  toShip: z.number().int(),
  overdue: z.object({ invoices: z.number().int(), amount: money }),
});
export type SalesReport = z.infer<typeof salesReport>;

/** `GET /api/admin/stock/low`: the parts below their reorder point, most urgent first. */
export const lowStockQuery = z.strictObject({ limit: limitParam.optional() });

export const lowStockRow = z.object({
  partId: z.uuid(),
  partNumber: z.string(),
  name: z.string(),
  available: z.number().int(),
  /** Below this the part is low: its own, or twice its minimum order (`defaultReorderPoint`). */
  reorderPoint: z.number().int(),
  defaultReorderPoint: z.boolean(),
  /** Units sold in the last 30 days (paid orders, not cancelled). */
  soldLast30Days: z.number().int(),
  /** How many days the stock lasts at the last 30 days' pace; null when none sold. */
  daysOfCover: z.number().nullable(),
  /** When its warehouses expect more, if they said. */
  restockDate: z.iso.date().nullable(),
});
export type LowStockRow = z.infer<typeof lowStockRow>;
export const lowStockList = z.object({
  rows: z.array(lowStockRow),
  /** How many parts are low in all (the list shows the first `limit`). */
  total: z.number().int(),
});
export type LowStockList = z.infer<typeof lowStockList>;

/** `PUT /api/admin/parts/{id}/reorder-point`: a part's own reorder point, or null for the default. */
export const reorderPointBody = z.strictObject({
  reorderPoint: z
    .number({ error: reportMessages.reorderPoint })
    .int(reportMessages.reorderPoint)
    .min(0, reportMessages.reorderPoint)
    .max(PART_QUANTITY_MAX, reportMessages.reorderPoint)
    .nullable(),
});
export type ReorderPointBody = z.infer<typeof reorderPointBody>;
