import {
  type CompanyOrdersQuery,
  type ManageOrdersQuery,
  neutraliseCell,
  ORDER_CSV_COLUMNS,
  ORDER_LINES_IN_LISTS,
  type Order,
  type OrderExportQuery,
  type OrderFilters,
  type OrderState,
  type OrderStateCounts,
  type OverdueQuery,
  type UserOrdersQuery,
} from '@axle/contract';
import { orderStateText } from '@axle/contract/order-texts';
import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  countWhere,
  type KeysetSort,
  keysetList,
  matchesEveryWord,
  type Page,
  sortKeyText,
  withinDays,
} from '../../db/paging.ts';
import { keptCount, keptCounts } from '../../db/row-counts.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Forbidden } from '../../domain/errors.ts';
import { csvLine } from '../catalog/csv.service.ts';
import { legalNamesOf } from '../companies/companies.service.ts';
import { openOnAccount } from './company-orders.service.ts';
import { orderColumns, toOrder, waitingToShip } from './orders.service.ts';
import { orders } from './orders.table.ts';

// The lists of orders: My Orders (the customer's own) and Manage All Orders (the admin's tool),
// each a page at a time (PRODUCT §5), every filter and sort one index range (migration 0008).

const orderSorts = {
  newest: { name: 'newest', key: orders.createdAt, type: 'timestamptz', direction: 'desc' },
  oldest: { name: 'oldest', key: orders.createdAt, type: 'timestamptz', direction: 'asc' },
  total: { name: 'total', key: orders.totalCents, type: 'bigint', direction: 'desc' },
} satisfies Record<NonNullable<ManageOrdersQuery['sort']>, KeysetSort>;

/** An order in each state: cancelled ones apart, as the SPEC's lists never showed them. */
const inState: Record<OrderState | 'all', SQL> = {
  all: isNull(orders.cancelledAt),
  unpaid: sql`${orders.cancelledAt} is null and not ${orders.paid}`,
  paid: sql`${orders.cancelledAt} is null and ${orders.paid} and not ${orders.shipped}`,
  shipped: sql`${orders.cancelledAt} is null and ${orders.shipped}`,
  cancelled: isNotNull(orders.cancelledAt),
};

/** What the admin's search reads besides the id: customer name and e-mail, part name. */
const orderSearchText = sql`lower(${orders.name} || ' ' || ${orders.email} || ' ' || ${orders.partName})`;

/**
 * The ids an order id's start stands for (`3fa85f64`, `3fa85f64-57`): one range of the primary
 * key. Undefined when `q` cannot be the start of an id.
 */
function idRange(q: string | undefined): SQL | undefined {
  const digits = q?.trim().toLowerCase().replaceAll('-', '') ?? '';
  if (digits.length < 4 || digits.length > 32 || !/^[0-9a-f]+$/.test(digits)) return undefined;
  const asId = (hex: string) =>
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const low = asId(digits.padEnd(32, '0'));
  const high = asId(digits.padEnd(32, 'f'));
  return sql`${orders.id} between ${low}::uuid and ${high}::uuid`;
}

/**
 * The order a short number names, as people say or write it ("10042", "#10042", "Order 10042"):
 * one row of the number's unique index. Undefined when `q` is no order number.
 */
function numberIs(q: string | undefined): SQL | undefined {
  const digits = /^(?:order\s*)?#?\s*(\d{1,15})$/i.exec(q?.trim() ?? '')?.[1];
  return digits === undefined ? undefined : eq(orders.number, Number(digits));
}

/** The search (words, an id's start or an order's number) and the date range, as every tab shares them. */
function filtered(filters: OrderFilters): SQL | undefined {
  const searched = or(
    numberIs(filters.q),
    idRange(filters.q),
    matchesEveryWord(orderSearchText, filters.q),
  );
  return and(searched, ...withinDays(orders.createdAt, filters.from, filters.to));
}

/**
 * A page of orders as a keyset list reads it: each with its first lines (ORDER_LINES_IN_LISTS; the
 * order itself has them all), its sort key and the list's total.
 */
function orderRows(
  db: Db,
  sort: KeysetSort,
  where: SQL | undefined,
  page: { orderBy: SQL; limit: number; total: SQL<number> },
) {
  return db
    .select({
      ...orderColumns(ORDER_LINES_IN_LISTS),
      sortKey: sortKeyText(sort),
      total: page.total,
    })
    .from(orders)
    .where(where)
    .orderBy(page.orderBy)
    .limit(page.limit);
}

/** The kept count of orders in `state`: no order is read. */
const keptInState = (state: OrderState | 'all') =>
  state === 'all'
    ? keptCount('orders:unpaid', 'orders:paid', 'orders:shipped')
    : keptCount(`orders:${state}`);

/**
 * Manage All Orders: a page of every customer's orders in one state (all but cancelled ones
 * unless asked), searched, within dates, newest first unless sorted otherwise.
 */
export async function listAllOrders(db: Db, query: ManageOrdersQuery): Promise<Page<Order>> {
  const sort = orderSorts[query.sort ?? 'newest'];
  const state = query.state ?? 'all';
  const filter = and(inState[state], filtered(query));
  const total = isUnfiltered(query) ? keptInState(state) : countWhere(orders, filter);
  return pageOfOrders(db, { sort, filter, total }, query);
}

const isUnfiltered = (filters: OrderFilters) => !filters.q?.trim() && !filters.from && !filters.to;

/** Every state's count as the triggers keep it: no order is read. */
async function keptStateCounts(db: Db): Promise<OrderStateCounts> {
  const kept = await keptCounts(db, [
    'orders:unpaid',
    'orders:paid',
    'orders:shipped',
    'orders:cancelled',
  ]);
  const unpaid = kept['orders:unpaid'];
  const paid = kept['orders:paid'];
  const shipped = kept['orders:shipped'];
  return {
    all: unpaid + paid + shipped,
    unpaid,
    paid,
    shipped,
    cancelled: kept['orders:cancelled'],
  };
}

/** How many orders each of Manage All Orders' tabs holds under the same search and dates. */
export async function countOrdersByState(db: Db, filters: OrderFilters): Promise<OrderStateCounts> {
  if (isUnfiltered(filters)) return keptStateCounts(db);
  const counted = (state: OrderState | 'all') =>
    sql<number>`count(*) filter (where ${inState[state]})`.mapWith(Number);
  const [row] = await db
    .select({
      all: counted('all'),
      unpaid: counted('unpaid'),
      paid: counted('paid'),
      shipped: counted('shipped'),
      cancelled: counted('cancelled'),
    })
    .from(orders)
    .where(filtered(filters));
  return row ?? { all: 0, unpaid: 0, paid: 0, shipped: 0, cancelled: 0 };
}

/** My Orders: a page of the caller's own orders that are not cancelled, newest first. */
export async function listOwnOrders(
  db: Db,
  caller: RequestUser,
  query: UserOrdersQuery,
): Promise<Page<Order>> {
  if (query.email.toLowerCase() !== caller.email.toLowerCase())
    throw new Forbidden('You can only list your own orders');
  const filter = and(eq(orders.userId, caller.id), isNull(orders.cancelledAt));
  return pageOfOrders(db, { sort: orderSorts.newest, filter }, query);
}

/**
 * A page of the orders `filter` keeps, in `sort`'s order, with their total (the count of matches
 * unless the caller has a kept one): every list of orders reads its pages here.
 */
function pageOfOrders(
  db: Db,
  list: { sort: KeysetSort; filter: SQL | undefined; total?: SQL<number> },
  query: { limit?: number | undefined; cursor?: string | undefined },
): Promise<Page<Order>> {
  const { sort, filter } = list;
  return keysetList({
    db,
    sort,
    id: orders.id,
    limit: query.limit,
    cursor: query.cursor,
    total: list.total ?? countWhere(orders, filter),
    rows: (page) => orderRows(db, sort, and(filter, page.after), page),
    toItem: (row) => toOrder(row),
  });
}

/** Which of a company's orders its list shows: all but cancelled ones, those awaiting approval, or cancelled ones. */
const companyStates: Record<NonNullable<CompanyOrdersQuery['state']>, SQL> = {
  all: isNull(orders.cancelledAt),
  awaiting: and(isNull(orders.cancelledAt), eq(orders.approval, 'awaiting')) as SQL,
  cancelled: isNotNull(orders.cancelledAt),
};

/**
 * A company's orders (issue 18 #2), newest first, a page at a time: every member's, each with who
 * placed it (its name and e-mail). The caller's membership was checked by the caller.
 */
export async function listCompanyOrders(
  db: Db,
  companyId: string,
  query: CompanyOrdersQuery,
): Promise<Page<Order>> {
  const filter = and(eq(orders.companyId, companyId), companyStates[query.state ?? 'all']);
  return pageOfOrders(db, { sort: orderSorts.newest, filter }, query);
}

const dueFirst: KeysetSort = {
  name: 'due',
  key: orders.dueAt,
  type: 'timestamptz',
  direction: 'asc',
};

/**
 * The admin's open invoices on account (issue 18 #4), the oldest due first: every company's that
 * are past due at `overdueAt`, or all of one company's.
 */
export async function listOpenInvoices(
  db: Db,
  which: { overdueAt: Date } | { companyId: string },
  query: OverdueQuery,
): Promise<Page<Order>> {
  const filter = and(
    openOnAccount,
    'companyId' in which
      ? eq(orders.companyId, which.companyId)
      : sql`${orders.dueAt} < ${which.overdueAt.toISOString()}`,
  );
  return pageOfOrders(db, { sort: dueFirst, filter }, query);
}

/** Orders read per statement by the export: it holds one page at a time, never every order. */
const EXPORT_PAGE = 500;

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Manage All Orders' orders as a CSV file (issue 33 #3): under the same search, dates and state
 * (every state but cancelled unless asked), oldest first, a page of orders at a time (keyset on
 * when they were placed), one row for each line with the order's customer, company, PO number,
 * invoice, states and totals. A cell a spreadsheet would run as a formula is neutralised as the
 * catalogue export's are (`neutraliseCell`).
 */
export async function* ordersCsv(db: Db, query: OrderExportQuery): AsyncGenerator<string> {
  yield csvLine([...ORDER_CSV_COLUMNS]);
  const filter = and(inState[query.state ?? 'all'], filtered(query));
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const page = await db
      .select(orderColumns())
      .from(orders)
      .where(
        and(
          filter,
          after &&
            sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
        ),
      )
      .orderBy(orders.createdAt, orders.id)
      .limit(EXPORT_PAGE);
    const last = page.at(-1);
    if (!last) return;
    after = { createdAt: last.createdAt, id: last.id };
    const companyNames = await legalNamesOf(db, [
      ...new Set(page.flatMap((row) => (row.companyId ? [row.companyId] : []))),
    ]);
    let chunk = '';
    for (const row of page) {
      const order = toOrder(row);
      const state = orderStateText(order);
      for (const [index, line] of order.lines.entries())
        chunk += csvLine(
          [
            String(order.number),
            order._id,
            order.createdAt,
            state,
            order.name,
            order.email,
            order.companyId ? (companyNames.get(order.companyId) ?? '') : '',
            order.poNumber ?? '',
            order.invoiceNumber ?? '',
            String(order.paid),
            String(order.shipped),
            String(order.cancelled),
            order.trackingNumber ?? '',
            String(index + 1),
            line.partNumber,
            line.name,
            String(line.quantity),
            money(Math.round(line.unitPrice * 100)),
            money(Math.round(line.total * 100)),
            money(Math.round((line.core?.deposit ?? 0) * 100)),
            money(row.totalCents),
            line.vehicle?.label ?? '',
          ].map(neutraliseCell),
        );
    }
    yield chunk;
    if (page.length < EXPORT_PAGE) return;
  }
}

/**
 * What the back office's day starts with (issue 33 #1), whatever a report's range: the paid orders
 * waiting to ship, and the invoices on account past due at `at` with what is still owed on them.
 * Each read from its partial index (the orders to ship, the open invoices on account).
 */
export async function backOfficeCounts(
  db: Db,
  at: Date,
): Promise<{ toShip: number; overdue: { invoices: number; amountCents: number } }> {
  const [toShip] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(waitingToShip);
  const [overdue] = await db
    .select({
      invoices: sql<number>`count(*)::int`,
      amountCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.creditedCents}), 0)::bigint`,
    })
    .from(orders)
    .where(and(openOnAccount, sql`${orders.dueAt} < ${at.toISOString()}`));
  return {
    toShip: toShip?.count ?? 0,
    overdue: { invoices: overdue?.invoices ?? 0, amountCents: Number(overdue?.amountCents ?? 0) },
  };
}
