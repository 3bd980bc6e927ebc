// The back office's reports (issue 33 #1, #4): limits and words shared by the server and the
// pages, without zod (ADR 008).

/** The longest range a sales report covers, in days (two years and a leap day). */
export const SALES_RANGE_MAX_DAYS = 731;
/** How many parts and customers a sales report ranks. */
export const SALES_TOP_MAX = 5;
/** The days of sales a low-stock row counts (its days of cover come from them). */
export const LOW_STOCK_SALES_DAYS = 30;

const DAY_MS = 86_400_000;
/** A day as the shop writes them (YYYY-MM-DD), moved by whole days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** How many days from `from` to `to`, both counted (a day's range is 1). */
export const daysIn = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const SALES_INTERVALS = ['day', 'week', 'month'] as const;
export type SalesInterval = (typeof SALES_INTERVALS)[number];

export const reportMessages = {
  range: 'from must be on or before to',
  rangeTooLong: `A report covers at most ${SALES_RANGE_MAX_DAYS} days: choose a shorter range`,
  interval: 'interval is day, week or month',
  reorderPoint: 'The reorder point is a whole number from 0 to 1,000,000, or empty for the default',
} as const;
