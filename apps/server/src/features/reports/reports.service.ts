import {
  LOW_STOCK_SALES_DAYS,
  type LowStockList,
  SALES_TOP_MAX,
  type SalesInterval,
  type SalesQuery,
  type SalesReport,
} from '@axle/contract';
import { addDays, daysIn } from '@axle/contract/report-texts';
import { and, between, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { compose } from '../../adapters/mail/compose.ts';
import type { Db } from '../../db/client.ts';
import { accountsByIds, adminAddresses } from '../accounts/accounts.service.ts';
import {
  type LowPart,
  lowParts,
  markLowPartsMailed,
  partNames,
  unmailedLowParts,
} from '../catalog/reorder.service.ts';
import { legalNamesOf } from '../companies/companies.service.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import { backOfficeCounts } from '../orders/order-lists.service.ts';
import { customerSalesDays, partSalesDays, salesDays, salesSettings } from './reports.table.ts';

// The back office's reports (issue 33 #1, #4), read from the sales kept day by day
// (reports.table.ts): a year's report reads a few hundred rows of each, not every order.

const dollars = (cents: number) => Math.round(cents) / 100;

/** The day it is at `at` in the time zone `timeZone`. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The first day of the week (Monday) or month a day is in; the day itself by day. */
function periodStart(day: string, interval: SalesInterval): string {
  if (interval === 'month') return `${day.slice(0, 8)}01`;
  if (interval === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    return addDays(day, -weekday);
  }
  return day;
}

/**
 * Counts the kept sales in the time zone `timeZone` (SHOP_TIME_ZONE): when it is not the one they
 * were counted in, every sale is counted again in one transaction (the settings row locked, so two
 * instances starting together do it once).
 */
export async function useShopTimeZone(db: Db, timeZone: string): Promise<void> {
  const [current] = await db.select().from(salesSettings).where(eq(salesSettings.id, 1));
  if (current?.timeZone === timeZone) return;
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(salesSettings)
      .where(eq(salesSettings.id, 1))
      .for('update');
    if (locked?.timeZone === timeZone) return;
    await tx
      .insert(salesSettings)
      .values({ id: 1, timeZone })
      .onConflictDoUpdate({ target: salesSettings.id, set: { timeZone } });
    await tx.execute(sql`select axle_rebuild_sales()`);
  });
}

/**
 * The sales report of a range (issue 33 #1): paid orders, not cancelled, on the day they were paid
 * in the shop's time zone, per day, week or month (every period, those without sales too); the
 * range's totals and the same number of days before it; the parts and customers that sold the
 * most; and, now, the orders waiting to ship and the invoices past due.
 */
export async function salesReport(
  db: Db,
  query: SalesQuery,
  { timeZone, now }: { timeZone: string; now: Date },
): Promise<SalesReport> {
  const to = query.to ?? dayIn(timeZone, now);
  const from = query.from ?? addDays(to, -29);
  const interval = query.interval ?? 'day';
  const length = daysIn(from, to);
  const previous = { from: addDays(from, -length), to: addDays(from, -1) };

  const days = await db
    .select()
    .from(salesDays)
    .where(between(salesDays.day, previous.from, to));
  const periods = new Map<string, { orders: number; revenueCents: number }>();
  // A range may start mid-week or mid-month: its first period starts with it.
  const periodOf = (day: string) => {
    const start = periodStart(day, interval);
    return start.localeCompare(from) < 0 ? from : start;
  };
  for (let day = from; day <= to; day = addDays(day, 1))
    periods.set(periodOf(day), { orders: 0, revenueCents: 0 });
  const totals = { orders: 0, revenueCents: 0 };
  const before = { orders: 0, revenueCents: 0 };
  for (const row of days) {
    const sums = row.day < from ? before : totals;
    sums.orders += row.orders;
    sums.revenueCents += row.revenueCents;
    if (row.day < from) continue;
    const period = periods.get(periodOf(row.day));
    if (!period) continue;
    period.orders += row.orders;
    period.revenueCents += row.revenueCents;
  }

  const [{ topParts, topCustomers }, counts] = await Promise.all([
    rankings(db, { timeZone, from, to, sold: totals }),
    backOfficeCounts(db, now),
  ]);
  return {
    from,
    to,
    interval,
    timeZone,
    series: [...periods].map(([start, sums]) => ({
      start,
      orders: sums.orders,
      revenue: dollars(sums.revenueCents),
    })),
    totals: {
      orders: totals.orders,
      revenue: dollars(totals.revenueCents),
      averageOrder: totals.orders === 0 ? 0 : dollars(totals.revenueCents / totals.orders),
    },
    previous: { ...previous, orders: before.orders, revenue: dollars(before.revenueCents) },
    topParts,
    topCustomers,
    toShip: counts.toShip,
    overdue: {
      invoices: counts.overdue.invoices,
      amount: dollars(counts.overdue.amountCents),
    },
  };
}

type Rankings = Pick<SalesReport, 'topParts' | 'topCustomers'>;

/**
 * The rankings of recent ranges, by time zone and range, with the range's sales they were made
 * from. Ranking every part and customer of a range reads each one's kept days (a year at 200,000
 * orders: half a million rows, about 150 ms of PostgreSQL); the series reads one row a day. A
 * range's rankings change only when its sales do (a payment, a cancellation), which its series
 * shows: while its orders and revenue are the same, the rankings are too, and are read here. At
 * most RANKINGS_KEPT ranges are kept, the least recently asked for going first.
 */
const rankingsKept = new WeakMap<
  Db,
  Map<string, { orders: number; revenueCents: number } & Rankings>
>();
const RANKINGS_KEPT = 64;

async function rankings(
  db: Db,
  range: {
    timeZone: string;
    from: string;
    to: string;
    sold: { orders: number; revenueCents: number };
  },
): Promise<Rankings> {
  const ranges = rankingsKept.get(db) ?? new Map();
  rankingsKept.set(db, ranges);
  const key = `${range.timeZone} ${range.from} ${range.to}`;
  const kept = ranges.get(key);
  ranges.delete(key);
  if (kept && kept.orders === range.sold.orders && kept.revenueCents === range.sold.revenueCents) {
    ranges.set(key, kept);
    return kept;
  }
  const [topParts, topCustomers] = await Promise.all([
    bestParts(db, range.from, range.to),
    bestCustomers(db, range.from, range.to),
  ]);
  ranges.set(key, { ...range.sold, topParts, topCustomers });
  if (ranges.size > RANKINGS_KEPT) {
    const [oldest] = ranges.keys();
    if (oldest !== undefined) ranges.delete(oldest);
  }
  return { topParts, topCustomers };
}

async function bestParts(db: Db, from: string, to: string): Promise<SalesReport['topParts']> {
  const revenue = sql<number>`sum(${partSalesDays.revenueCents})::bigint`;
  const rows = await db
    .select({
      partId: partSalesDays.partId,
      quantity: sql<number>`sum(${partSalesDays.quantity})::int`,
      revenue,
    })
    .from(partSalesDays)
    .where(between(partSalesDays.day, from, to))
    .groupBy(partSalesDays.partId)
    .having(gt(sql`sum(${partSalesDays.quantity})`, 0))
    .orderBy(desc(revenue), partSalesDays.partId)
    .limit(SALES_TOP_MAX);
  const names = await partNames(
    db,
    rows.map((row) => row.partId),
  );
  return rows.map((row) => ({
    partId: row.partId,
    partNumber: names.get(row.partId)?.partNumber ?? '',
    name: names.get(row.partId)?.name ?? '',
    quantity: row.quantity,
    revenue: dollars(Number(row.revenue)),
  }));
}

async function bestCustomers(
  db: Db,
  from: string,
  to: string,
): Promise<SalesReport['topCustomers']> {
  const revenue = sql<number>`sum(${customerSalesDays.revenueCents})::bigint`;
  const rows = await db
    .select({
      kind: customerSalesDays.kind,
      id: customerSalesDays.customerId,
      orders: sql<number>`sum(${customerSalesDays.orders})::int`,
      revenue,
    })
    .from(customerSalesDays)
    .where(between(customerSalesDays.day, from, to))
    .groupBy(customerSalesDays.kind, customerSalesDays.customerId)
    .having(gt(sql`sum(${customerSalesDays.orders})`, 0))
    .orderBy(desc(revenue), customerSalesDays.customerId)
    .limit(SALES_TOP_MAX);
  const companyIds = rows.filter((row) => row.kind === 'company').map((row) => row.id);
  const userIds = rows.filter((row) => row.kind === 'customer').map((row) => row.id);
  const [companyNames, accounts] = await Promise.all([
    legalNamesOf(db, companyIds),
    accountsByIds(db, userIds),
  ]);
  const people = new Map(accounts.map((account) => [account.id, account.name]));
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    name:
      (row.kind === 'company' ? companyNames.get(row.id) : people.get(row.id)) ?? 'Removed account',
    orders: row.orders,
    revenue: dollars(Number(row.revenue)),
  }));
}

/**
 * The parts below their reorder point (issue 33 #4), the emptiest first, with the units sold in
 * the last 30 days (the shop's days) and how many days the stock lasts at that pace.
 */
export async function lowStock(
  db: Db,
  limit: number,
  { timeZone, now }: { timeZone: string; now: Date },
): Promise<LowStockList> {
  const { rows, total } = await lowParts(db, limit);
  const sold = await soldSince(
    db,
    rows.map((row) => row.partId),
    addDays(dayIn(timeZone, now), -(LOW_STOCK_SALES_DAYS - 1)),
  );
  return {
    total,
    rows: rows.map((row) => {
      const units = sold.get(row.partId) ?? 0;
      return {
        ...row,
        soldLast30Days: units,
        daysOfCover:
          units === 0
            ? null
            : Math.round((row.available / (units / LOW_STOCK_SALES_DAYS)) * 10) / 10,
      };
    }),
  };
}

/** Units of each part sold from the day `since` on. */
async function soldSince(db: Db, partIds: string[], since: string): Promise<Map<string, number>> {
  if (partIds.length === 0) return new Map();
  const rows = await db
    .select({
      partId: partSalesDays.partId,
      quantity: sql<number>`sum(${partSalesDays.quantity})::int`,
    })
    .from(partSalesDays)
    .where(and(inArray(partSalesDays.partId, partIds), sql`${partSalesDays.day} >= ${since}`))
    .groupBy(partSalesDays.partId);
  return new Map(rows.map((row) => [row.partId, row.quantity]));
}

/** How many crossings one daily mail names at most (the rest wait for the next day's). */
const LOW_STOCK_MAIL_MAX = 100;

/** The admins' mail of parts that fell below their reorder point since the last one. */
function lowStockMail(to: string, name: string, parts: LowPart[], publicUrl: string) {
  const count = parts.length;
  return compose(
    to,
    count === 1
      ? `${parts[0]?.partNumber ?? 'A part'} is below its reorder point`
      : `${count} parts are below their reorder point`,
    [
      { greeting: name },
      count === 1
        ? 'This part fell below its reorder point since the last mail:'
        : `These ${count} parts fell below their reorder points since the last mail:`,
      {
        table: [
          ['Part number', 'Part', 'In stock', 'Reorder point', 'Restock expected'],
          ...parts.map((part) => [
            part.partNumber,
            part.name,
            String(part.available),
            String(part.reorderPoint),
            part.restockDate ?? 'not known',
          ]),
        ],
      },
      { action: 'See the parts running out', link: `${publicUrl}/dashboard/low-stock` },
    ],
  );
}

/**
 * The daily low-stock mail (issue 33 #4): each part that crossed its reorder point downwards and
 * has not been mailed yet (and is still low: one back above is forgotten by the trigger), to every
 * admin, once; the crossings are marked mailed in the same transaction as the mails are queued.
 * Answers how many parts were named.
 */
export async function mailLowStock(db: Db, publicUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const parts = await unmailedLowParts(tx, LOW_STOCK_MAIL_MAX);
    if (parts.length === 0) return 0;
    for (const admin of await adminAddresses(tx))
      await queueMail(tx, lowStockMail(admin.email, admin.name, parts, publicUrl));
    await markLowPartsMailed(
      tx,
      parts.map((part) => part.partId),
    );
    return parts.length;
  });
}
