import {
  backorderMessages,
  CORE_RETURN_DAYS_DEFAULT,
  invoiceNumberText,
  type LineSource,
  type Order,
  type OrderLine,
  type ShipOrderBody,
} from '@axle/contract';
import { and, asc, eq, getTableColumns, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.ts';
import { returnStock } from '../catalog/stock.service.ts';
import {
  type CompanyDetails,
  companyDetails,
  membershipOf,
} from '../companies/companies.service.ts';
import { creditNotesOf, toCreditNote } from '../credit-notes/credit-notes.service.ts';
import { restockExpectedOf, returnToWarehouses, sourcesOf } from '../warehouses/stock.service.ts';
import { orderLines, orders } from './orders.table.ts';

const _NOT_NULL_VIOLATION = '23502';

type OrderRow = typeof orders.$inferSelect;

/** A line as an order's statement reads it (`linesOf`), prices in cents. */
type LineRow = {
  partId: string;
  partNumber: string;
  name: string;
  img: string | null;
  quantity: number;
  unitPriceCents: number;
  listPriceCents: number;
  /** The fleet vehicle it was for (issue 32 #5), and what it was called then. */
  vehicleId?: string | null;
  vehicleLabel?: string | null;
  /** The warehouses its units were taken from (issue 32 #2); null for lines placed before them. */
  shipsFrom?: LineSource[] | null;
  /** Units waiting for the part's restock (issue 32 #3), and when its warehouses expect more. */
  backordered?: number;
  expected?: string | null;
  /** Its core charge a unit in cents (issue 32 #4; 0: none), the return window, cores back. */
  coreChargeCents?: number;
  coreReturnDays?: number;
  coresReturned?: number;
};

/** A credit note as an order's statement reads it (`creditNotesOf`). */
type CreditNoteRow = Parameters<typeof toCreditNote>[0];

/** An order's row with its lines (and credit notes), as `orderColumns` reads it. */
export type ShownOrderRow = OrderRow & { lines: LineRow[]; creditNotes?: CreditNoteRow[] | null };

/**
 * An order's lines in their order, as one JSON value of its statement (a page of orders is one
 * round trip): at most `max` of them (a list shows the first few), all without.
 */
function linesOf(max?: number): SQL<LineRow[]> {
  const limit = max === undefined ? sql`` : sql` limit ${max}`;
  return sql<LineRow[]>`(select coalesce(json_agg(json_build_object(
      'partId', l.part_id, 'partNumber', l.part_number, 'name', l.part_name, 'img', l.part_img,
      'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents,
      'listPriceCents', l.list_price_cents, 'vehicleId', l.vehicle_id,
      'vehicleLabel', l.vehicle_label, 'shipsFrom', ${sourcesOf(sql`l`)},
      'backordered', l.backordered, 'coreChargeCents', l.core_charge_cents,
      'coreReturnDays', l.core_return_days, 'coresReturned', l.cores_returned,
      'expected', case when l.backordered > 0 then ${restockExpectedOf(sql`l.part_id`)} end)
      order by l.position), '[]'::json)
    from (select * from ${orderLines} where ${orderLines.orderId} = ${orders.id}
          order by ${orderLines.position}${limit}) l)`;
}

/** What an order's statement selects for the API: its columns, and its lines (`linesOf`). */
export const orderColumns = (linesMax?: number) => ({
  ...getTableColumns(orders),
  lines: linesOf(linesMax),
  creditNotes: creditNotesOf(orders.id, orders.creditedCents).mapWith(
    (value: CreditNoteRow[] | null) => value,
  ),
});

const dollars = (cents: number) => cents / 100;

const DAY_MS = 86_400_000;

/** A line's core charge as replies show it (issue 32 #4): due `coreReturnDays` after payment. */
function coreOf(line: LineRow, paidAt: Date | null): OrderLine['core'] {
  const charge = line.coreChargeCents ?? 0;
  if (charge === 0) return undefined;
  const returned = line.coresReturned ?? 0;
  const returnDays = line.coreReturnDays ?? CORE_RETURN_DAYS_DEFAULT;
  return {
    charge: dollars(charge),
    deposit: dollars(charge * line.quantity),
    returned,
    owed: line.quantity - returned,
    returnDays,
    dueBy: paidAt
      ? new Date(paidAt.getTime() + returnDays * DAY_MS).toISOString().slice(0, 10)
      : null,
  };
}

function toLine(line: LineRow, paidAt: Date | null): OrderLine {
  const core = coreOf(line, paidAt);
  return {
    partId: line.partId,
    partNumber: line.partNumber,
    name: line.name,
    img: line.img,
    quantity: line.quantity,
    unitPrice: dollars(line.unitPriceCents),
    listPrice: dollars(line.listPriceCents),
    total: dollars(line.unitPriceCents * line.quantity),
    ...(line.vehicleLabel
      ? { vehicle: { id: line.vehicleId ?? null, label: line.vehicleLabel } }
      : {}),
    ...(line.shipsFrom ? { shipsFrom: line.shipsFrom } : {}),
    ...(line.backordered
      ? { backorder: { quantity: line.backordered, expected: line.expected ?? null } }
      : {}),
    ...(core ? { core } : {}),
  };
}

export function toOrder(row: ShownOrderRow): Order {
  const total = dollars(row.totalCents);
  return {
    _id: row.id,
    number: row.number,
    partsId: row.partId,
    parts: row.partName,
    partsImg: row.partImg,
    partsPrice: dollars(row.unitPriceCents),
    name: row.name,
    email: row.email,
    tel: row.tel,
    country: row.country,
    city: row.city,
    address: row.address,
    postalCode: row.postalCode,
    quantity: row.quantity,
    totalPrice: total,
    total,
    lines: row.lines.map((line) => toLine(line, row.paid ? row.invoicedAt : null)),
    lineCount: row.lineCount,
    deposits: dollars(row.depositCents),
    credited: dollars(row.creditedCents),
    creditNotes: (row.creditNotes ?? []).map(toCreditNote),
    poNumber: row.poNumber,
    note: row.note,
    invoiceNumber: row.invoiceNumber === null ? null : invoiceNumberText(row.invoiceNumber),
    trackingNumber: row.trackingNumber,
    companyId: row.companyId,
    approval: row.approval,
    approvalNote: row.approvalNote,
    onAccount: row.onAccount,
    dueAt: row.dueAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
    paid: row.paid,
    shipped: row.shipped,
    transaction: row.transaction,
    cancelled: row.cancelledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The amount to charge for an order: the sum of its lines, as placed, in cents. */
export function orderTotalCents(row: Pick<OrderRow, 'totalCents'>): number {
  return row.totalCents;
}

/** How much stock a customer may hold in unpaid orders, and for how long (UNPAID_ORDER_* settings). */
export type OrderLimits = {
  /** Unpaid orders one customer may have open at once; the next is refused until one is paid or cancelled. */
  unpaidPerCustomer: number;
  /** An order still unpaid this long after it was placed expires: cancelled, its stock returned. */
  unpaidHours: number;
};

export const defaultOrderLimits: OrderLimits = { unpaidPerCustomer: 5, unpaidHours: 24 };

/** Orders that are neither paid nor cancelled: the only ones that can be cancelled. */
export const unpaid = and(eq(orders.paid, false), isNull(orders.cancelledAt));
/** Orders no owner still has to approve (issue 18 #3). */
const payable = sql`${orders.approval} is distinct from 'awaiting'`;

/**
 * Unpaid orders that could be paid since before `cutoff`: placed then, and, if an owner had to
 * approve them, approved then too. An order awaiting approval does not expire: its owners decide.
 */
const placedBefore = (cutoff: Date) =>
  and(
    lt(orders.createdAt, cutoff),
    payable,
    or(isNull(orders.approvalAt), lt(orders.approvalAt, cutoff)),
  );

/** A user's orders that are neither paid nor cancelled. */
const unpaidOrdersOf = (userId: string) => and(eq(orders.userId, userId), unpaid);

async function findOrder(db: Db | Tx, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new NotFound(`No order with id ${id}`);
  return row;
}

/** An order as the API shows it, every line included. */
export async function shownOrder(db: Db | Tx, id: string): Promise<Order> {
  const [row] = await db.select(orderColumns()).from(orders).where(eq(orders.id, id));
  if (!row) throw new NotFound(`No order with id ${id}`);
  return toOrder(row);
}

/** The order's owner only. */
export async function ownOrder(db: Db | Tx, caller: RequestUser, id: string): Promise<OrderRow> {
  const row = await findOrder(db, id);
  if (row.userId !== caller.id) throw new Forbidden('This is not your order');
  return row;
}

/** The caller's own order (another customer's is a 403), with every line. */
export async function ownShownOrder(db: Db | Tx, caller: RequestUser, id: string): Promise<Order> {
  await ownOrder(db, caller, id);
  return shownOrder(db, id);
}

/**
 * Whether the caller may see an order: its customer, an admin, or a member of the company it was
 * placed for (issue 18 #2).
 */
async function maySee(db: Db | Tx, caller: RequestUser, row: OrderRow): Promise<boolean> {
  if (row.userId === caller.id || caller.role === 'admin') return true;
  if (!row.companyId) return false;
  return (await membershipOf(db, caller.id))?.companyId === row.companyId;
}

/** SPEC §7 `GET /orderid/{id}`: the owner, their company's members or an admin, with every line. */
export async function getOrder(db: Db | Tx, caller: RequestUser, id: string): Promise<Order> {
  const row = await findOrder(db, id);
  if (!(await maySee(db, caller, row))) throw new Forbidden('This is not your order');
  return shownOrder(db, id);
}

/** An order's invoice as issued: its number, when, and the tax rate it states. */
export type IssuedInvoice = { number: number; taxRateBasisPoints: number };

/** A paid order with its invoice's number, date and tax rate, and the company that bought it. */
export type OrderInvoice = IssuedInvoice & {
  order: Order;
  issuedAt: Date;
  company: CompanyDetails | null;
};

/** The invoice of an order (no owner check: the caller did it); null while it is unpaid. */
export async function orderInvoice(db: Db | Tx, id: string): Promise<OrderInvoice | null> {
  const row = await findOrder(db, id);
  if (!row.paid || row.invoiceNumber === null || row.invoicedAt === null) return null;
  return {
    order: await shownOrder(db, id),
    number: row.invoiceNumber,
    issuedAt: row.invoicedAt,
    taxRateBasisPoints: row.taxRateBasisPoints ?? 0,
    company: row.companyId ? await companyDetails(db, row.companyId) : null,
  };
}

/**
 * The invoice of an order for its owner or an admin (another customer's order is a 403); null
 * while the order is unpaid.
 */
export async function invoiceOfOrder(
  db: Db | Tx,
  caller: RequestUser,
  id: string,
): Promise<OrderInvoice | null> {
  const row = await findOrder(db, id);
  if (!(await maySee(db, caller, row))) throw new Forbidden('This is not your order');
  return orderInvoice(db, id);
}

/**
 * Records a payment the provider has confirmed, with the order's invoice (`invoice`, whose number
 * the caller took in this transaction). Only an unpaid, not cancelled order changes, so a payment
 * is recorded once whoever reports it first (the page or the provider's webhook); the caller
 * locks the order first (`lockUnpaidOrder`), so that no number is taken for an order that is not.
 * An order paid on its company's account (issue 18 #4) is marked so, due on `account.dueAt`.
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: string,
  transaction: string,
  invoice: IssuedInvoice,
  account?: { dueAt: Date },
): Promise<Order | null> {
  const at = new Date();
  const [row] = await tx
    .update(orders)
    .set({
      paid: true,
      transaction,
      invoiceNumber: invoice.number,
      invoicedAt: at,
      taxRateBasisPoints: invoice.taxRateBasisPoints,
      updatedAt: at,
      ...(account ? { onAccount: true, dueAt: account.dueAt } : {}),
    })
    .where(and(eq(orders.id, orderId), unpaid, payable))
    .returning({ id: orders.id });
  return row ? shownOrder(tx, row.id) : null;
}

/** Locks an order that is neither paid nor cancelled until the transaction ends; false for any other. */
export async function lockUnpaidOrder(tx: Tx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), unpaid))
    .for('update');
  return row !== undefined;
}

/** For payments: the order row behind an id, with no ownership check (the caller did it). */
export async function orderById(db: Db | Tx, id: string): Promise<OrderRow> {
  return findOrder(db, id);
}

/**
 * Ships a paid order (SPEC §7 `PUT /manageorders/{id}`), with the carrier's tracking number when
 * the admin gave one, inside the caller's transaction. Null when it was already shipped; an
 * unpaid or cancelled order cannot be shipped.
 */
export async function shipOrder(
  tx: Db | Tx,
  id: string,
  body: ShipOrderBody = {},
): Promise<Order | null> {
  const row = await findOrder(tx, id);
  if (row.cancelledAt) throw new Conflict('A cancelled order cannot be shipped');
  if (!row.paid) throw new Conflict('An unpaid order cannot be shipped');
  // It ships complete (issue 32 #3): not while a line waits for backordered units.
  const waiting = sql`exists (select 1 from ${orderLines} l where l.order_id = ${orders.id} and l.backordered > 0)`;
  const [held] = await tx.select({ waiting }).from(orders).where(eq(orders.id, id));
  if (held?.waiting) throw new Conflict(backorderMessages.waiting);
  const [shipped] = await tx
    .update(orders)
    .set({
      shipped: true,
      trackingNumber: body?.trackingNumber || null,
      updatedAt: new Date(),
    })
    .where(
      and(eq(orders.id, id), eq(orders.paid, true), eq(orders.shipped, false), sql`not ${waiting}`),
    )
    .returning({ id: orders.id });
  return shipped ? shownOrder(tx, shipped.id) : null;
}

/** A paid order waiting to ship: not shipped, not cancelled (partial index orders_to_ship_created_at_idx). */
export const waitingToShip = sql`${orders.paid} and not ${orders.shipped} and ${orders.cancelledAt} is null`;

/** The ids of a user's orders that are neither paid nor cancelled. */
export async function unpaidOrderIdsOf(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(unpaidOrdersOf(userId));
  return rows.map((row) => row.id);
}

/**
 * Of these orders, the oldest (up to `limit`) that are still unpaid and were placed before
 * `cutoff`: candidates for expiry, which `cancelUnpaidOrders` re-checks.
 */
export async function unpaidOrderIdsPlacedBefore(
  db: Db | Tx,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(unpaid, placedBefore(cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Which unpaid orders `cancelUnpaidOrders` cancels. */
export type UnpaidOrders =
  | { orderId: string }
  | { userId: string }
  /** Expiry: those of these orders placed before the cutoff. */
  | { orderIds: string[]; placedBefore: Date };

function unpaidOrders(which: UnpaidOrders) {
  if ('orderId' in which) return and(eq(orders.id, which.orderId), unpaid);
  if ('userId' in which) return unpaidOrdersOf(which.userId);
  return and(inArray(orders.id, which.orderIds), placedBefore(which.placedBefore), unpaid);
}

/**
 * Marks unpaid orders cancelled, inside the caller's transaction, and says which: one order
 * (by id), every unpaid order of a user (their account is being removed), or the expired ones of
 * a list. One UPDATE whose condition PostgreSQL re-checks on each row it locks: an order already
 * paid or cancelled (by a customer, an admin or another instance's expiry) is left as it is, so
 * nothing is cancelled twice. The caller returns the stock of what was cancelled.
 */
export async function cancelUnpaidOrders(
  tx: Tx,
  which: UnpaidOrders,
  at: Date = new Date(),
): Promise<Order[]> {
  if ('orderIds' in which && which.orderIds.length === 0) return [];
  const rows = await tx
    .update(orders)
    .set({ cancelledAt: at, updatedAt: at })
    .where(unpaidOrders(which))
    .returning(orderColumns());
  return rows.map(toOrder);
}

/**
 * Puts back in stock what cancelled orders took: their lines as they are now (units still
 * backordered were never taken, issue 32 #3) in the parts' totals, and each unit in the warehouse
 * it came from (issue 32 #2). Lines placed before there were warehouses return to the first one
 * (migration 0029's reconciliation, at commit).
 */
export async function returnOrderStock(tx: Db | Tx, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const taken = await tx
    .select({
      partId: orderLines.partId,
      quantity: sql<number>`sum(${orderLines.quantity} - ${orderLines.backordered})::int`,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .groupBy(orderLines.partId);
  await returnStock(tx, taken);
  await returnToWarehouses(tx, orderIds);
}

/** A line with a core charge (issue 32 #4), as a core return reads it. */
export type CoreLine = {
  position: number;
  partNumber: string;
  name: string;
  quantity: number;
  coreChargeCents: number;
  coresReturned: number;
};

/**
 * Locks an order (until the transaction ends: returns recorded at once take turns) and reads its
 * lines of `partId` with a core charge, in their order (the same part may be on several lines, one
 * per fleet vehicle); the caller checks the order's state. A 404 when there is no order.
 */
export async function lockCoreLines(
  tx: Tx,
  orderId: string,
  partId: string,
): Promise<{ order: OrderRow; lines: CoreLine[] }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new NotFound(`No order with id ${orderId}`);
  const lines = await tx
    .select({
      position: orderLines.position,
      partNumber: orderLines.partNumber,
      name: orderLines.partName,
      quantity: orderLines.quantity,
      coreChargeCents: orderLines.coreChargeCents,
      coresReturned: orderLines.coresReturned,
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        eq(orderLines.partId, partId),
        sql`${orderLines.coreChargeCents} > 0`,
      ),
    )
    .orderBy(asc(orderLines.position));
  return { order, lines };
}

/** Counts `quantity` more cores back on a line of an order (its CHECK: never above the line's). */
export async function markCoresReturned(
  tx: Tx,
  line: { orderId: string; position: number },
  quantity: number,
): Promise<void> {
  await tx
    .update(orderLines)
    .set({ coresReturned: sql`${orderLines.coresReturned} + ${quantity}` })
    .where(and(eq(orderLines.orderId, line.orderId), eq(orderLines.position, line.position)));
}

/** A credit note gave `amountCents` of an order's deposits back (its CHECK: never above them). */
export async function creditOrder(tx: Tx, orderId: string, amountCents: number): Promise<void> {
  await tx
    .update(orders)
    .set({ creditedCents: sql`${orders.creditedCents} + ${amountCents}`, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** The short numbers of these orders, by id (those that exist). */
export async function orderNumbersOf(
  db: Db | Tx,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.number]));
}
