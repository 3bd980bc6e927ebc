import type { Order, PlaceOrderBody } from '@axle/contract';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.ts';
import type { admitOrder } from '../accounts/accounts.service.ts';
import type { reserveStock } from '../catalog/catalog.service.ts';
import { orders } from './orders.table.ts';

const NOT_NULL_VIOLATION = '23502';

type OrderRow = typeof orders.$inferSelect;

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    partsId: row.partId,
    parts: row.partName,
    partsImg: row.partImg,
    partsPrice: row.unitPriceCents / 100,
    name: row.name,
    email: row.email,
    tel: row.tel,
    country: row.country,
    city: row.city,
    address: row.address,
    quantity: row.quantity,
    totalPrice: orderTotalCents(row) / 100,
    paid: row.paid,
    shipped: row.shipped,
    transaction: row.transaction,
    cancelled: row.cancelledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The amount to charge: unit price (fixed when the order was placed) × quantity, in cents. */
export function orderTotalCents(row: Pick<OrderRow, 'unitPriceCents' | 'quantity'>): number {
  return row.unitPriceCents * row.quantity;
}

/**
 * Records an order for the part that `reserved` (the catalogue's stock reservation, a common table
 * expression) takes from stock, for the customer `admitted` lets order (the accounts' check of the
 * cap on unpaid orders, another one), in the same statement: the part's name, image and price come
 * from the reservation, the customer from the token, the rest from the purchase form. When either
 * CTE took nothing, the part is empty, which its NOT NULL column refuses, so nothing at all is
 * written (the reservation is undone with the statement) and the answer is null. The statement is built and prepared once per database.
 */
export function prepareReservedOrder(
  db: Db,
  reserved: ReturnType<typeof reserveStock>,
  admitted: ReturnType<typeof admitOrder>,
) {
  const value = sql.placeholder;
  const fromReservation = (column: string) =>
    sql`(select ${sql.identifier(column)} from ${reserved})`;
  const statement = db
    .with(admitted, reserved)
    .insert(orders)
    .values({
      userId: value('userId'),
      // No part (NOT NULL) unless the customer was admitted: then nothing at all is written.
      partId: sql`(select ${sql.identifier('id')} from ${reserved} where exists (select 1 from ${admitted}))`,
      partName: fromReservation('name'),
      partImg: fromReservation('img'),
      unitPriceCents: fromReservation('price_cents'),
      name: value('name'),
      email: value('email'),
      tel: value('tel'),
      country: value('country'),
      city: value('city'),
      address: value('address'),
      quantity: value('quantity'),
    })
    .returning()
    .prepare('place_order');
  return async function recordOrder(
    caller: RequestUser,
    input: PlaceOrderBody,
    unpaidLimit: number,
  ): Promise<Order | null> {
    try {
      const [row] = await statement.execute({
        userId: caller.id,
        unpaidLimit,
        partId: input.partsId,
        quantity: input.quantity,
        name: caller.name,
        email: caller.email,
        tel: input.tel,
        country: input.country,
        city: input.city,
        address: input.address,
      });
      return row ? toOrder(row) : null;
    } catch (error) {
      // Drizzle wraps the driver's error; its cause carries PostgreSQL's code.
      if ((error as { cause?: { code?: string } }).cause?.code === NOT_NULL_VIOLATION) return null;
      throw error;
    }
  };
}

/** How much stock a customer may hold in unpaid orders, and for how long (UNPAID_ORDER_* settings). */
export type OrderLimits = {
  /** Unpaid orders one customer may have open at once; the next is refused until one is paid or cancelled. */
  unpaidPerCustomer: number;
  /** An order still unpaid this long after it was placed expires: cancelled, its stock returned. */
  unpaidHours: number;
};

export const defaultOrderLimits: OrderLimits = { unpaidPerCustomer: 5, unpaidHours: 24 };

async function findOrder(db: Db | Tx, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new NotFound(`No order with id ${id}`);
  return row;
}

/** The order's owner only. */
export async function ownOrder(db: Db | Tx, caller: RequestUser, id: string): Promise<OrderRow> {
  const row = await findOrder(db, id);
  if (row.userId !== caller.id) throw new Forbidden('This is not your order');
  return row;
}

/** SPEC §7 `GET /orderid/{id}`: the owner or an admin. */
export async function getOrder(db: Db, caller: RequestUser, id: string): Promise<Order> {
  const row = await findOrder(db, id);
  if (row.userId !== caller.id && caller.role !== 'admin')
    throw new Forbidden('This is not your order');
  return toOrder(row);
}

/**
 * Records a payment the provider has confirmed. Only an unpaid, not cancelled order changes, so a
 * payment is recorded once whoever reports it first (the page or the provider's webhook).
 */
export async function markOrderPaid(
  db: Db | Tx,
  orderId: string,
  transaction: string,
): Promise<Order | null> {
  const [row] = await db
    .update(orders)
    .set({ paid: true, transaction, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.paid, false), isNull(orders.cancelledAt)))
    .returning();
  return row ? toOrder(row) : null;
}

/** For payments: the order row behind an id, with no ownership check (the caller did it). */
export async function orderById(db: Db | Tx, id: string): Promise<OrderRow> {
  return findOrder(db, id);
}

/**
 * Ships a paid order (SPEC §7 `PUT /manageorders/{id}`), inside the caller's transaction. Null
 * when it was already shipped; an unpaid or cancelled order cannot be shipped.
 */
export async function shipOrder(tx: Db | Tx, id: string): Promise<Order | null> {
  const row = await findOrder(tx, id);
  if (row.cancelledAt) throw new Conflict('A cancelled order cannot be shipped');
  if (!row.paid) throw new Conflict('An unpaid order cannot be shipped');
  const [shipped] = await tx
    .update(orders)
    .set({ shipped: true, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, true), eq(orders.shipped, false)))
    .returning();
  return shipped ? toOrder(shipped) : null;
}

/** Orders that are neither paid nor cancelled: the only ones that can be cancelled. */
const unpaid = and(eq(orders.paid, false), isNull(orders.cancelledAt));

/** A user's orders that are neither paid nor cancelled. */
const unpaidOrdersOf = (userId: string) => and(eq(orders.userId, userId), unpaid);

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
    .where(and(unpaid, lt(orders.createdAt, cutoff)))
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
  return and(inArray(orders.id, which.orderIds), lt(orders.createdAt, which.placedBefore), unpaid);
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
    .returning();
  return rows.map(toOrder);
}
