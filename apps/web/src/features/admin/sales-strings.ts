import type { SalesInterval } from '@axle/contract/report-texts';
import { formatPrice } from '../../lib/money.ts';

// The words of the sales overview (issue 33 #1), the admin's dashboard home.

/** A day of the report (YYYY-MM-DD, the shop's day) as people read it: "Mar 9, 2026". */
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const month = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
const counter = new Intl.NumberFormat();
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, signDisplay: 'always' });

const per: Record<SalesInterval, string> = { day: 'day', week: 'week', month: 'month' };

export const salesText = {
  title: 'Sales overview — Axle',
  heading: 'Sales overview',
  lead: 'Paid orders and what they sold, against the same number of days before.',
  timeZone: (zone: string) => `Days are counted in the shop’s time zone, ${zone}.`,
  loading: 'Loading the sales',
  loadFailed: 'The sales could not be loaded.',

  range: 'Range',
  ranges: [
    { value: '7', label: 'Last 7 days' },
    { value: '30', label: 'Last 30 days' },
    { value: '90', label: 'Last 90 days' },
    { value: '365', label: 'Last 12 months' },
    { value: 'custom', label: 'Chosen dates' },
  ],
  interval: 'Per',
  intervals: [
    { value: 'day', label: 'Day' },
    { value: 'week', label: 'Week' },
    { value: 'month', label: 'Month' },
  ],

  figures: 'The range at a glance',
  revenue: 'Revenue',
  orders: 'Paid orders',
  averageOrder: 'Average order',
  toShip: 'Waiting to ship',
  overdue: 'Overdue invoices',
  count: (count: number) => counter.format(count),
  money: formatPrice,
  overdueAmount: (count: number, amount: number) =>
    count === 0 ? 'None' : `${counter.format(count)} (${formatPrice(amount)})`,
  /** Against the days before: "+12 % on the 30 days before". */
  change: (now: number, before: number, days: number) => {
    const span = days === 1 ? 'the day before' : `the ${counter.format(days)} days before`;
    if (before === 0) return now === 0 ? `Same as ${span}` : `None ${span}`;
    return `${percent.format(((now - before) / before) * 100)} % on ${span}`;
  },
  seeToShip: 'See the orders',
  seeOverdue: 'See the invoices',

  chartTitle: (interval: SalesInterval) => `Revenue per ${per[interval]}`,
  /** The chart's text alternative: what a sighted reader takes from it at a glance. */
  chartSummary: (
    interval: SalesInterval,
    from: string,
    to: string,
    total: number,
    best: { start: string; revenue: number } | null,
  ) =>
    `Bar chart of the revenue per ${per[interval]} from ${day.format(at(from))} to ${day.format(at(to))}: ${formatPrice(total)} in all` +
    (best && best.revenue > 0
      ? `; the most, ${formatPrice(best.revenue)}, ${interval === 'day' ? 'on' : 'in the period from'} ${day.format(at(best.start))}.`
      : '; no sales.'),
  showTable: 'Show as table',
  tableCaption: (interval: SalesInterval) => `Paid orders and revenue per ${per[interval]}`,
  period: (interval: SalesInterval) =>
    interval === 'day' ? 'Day' : interval === 'week' ? 'Week from' : 'Month from',
  /** A period's first day, on the chart's axis. */
  tick: (start: string, interval: SalesInterval) =>
    interval === 'month' ? month.format(at(start)) : shortDay.format(at(start)),
  dayText: (start: string) => day.format(at(start)),

  topParts: 'Top parts',
  topPartsCaption: 'The parts that sold the most in the range',
  part: 'Part',
  units: 'Units',
  topCustomers: 'Top customers',
  topCustomersCaption: 'The customers who bought the most in the range',
  customer: 'Customer',
  companyTag: 'Company',
  noSales: 'No paid orders in these days.',
} as const;
