import type { Order, PlaceOrderBody } from '@axle/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.ts';
import { refuseReservation, reserveStock, returnStock } from '../catalog/catalog.service.ts';
import { orders } from './orders.table.ts';

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
 * Places orders with the server's own numbers: the part's name, image and price, the caller's
 * name and e-mail. One statement reserves the stock (a conditional UPDATE) and inserts the order
 * from what it reserved, so concurrent orders (on any number of instances) can never take the
 * stock below zero, and there is no order without its stock nor stock taken without an order.
 * The statement is built and prepared once per database: an order is one round trip, with no
 * SQL to build or plan.
 */
export function orderPlacement(db: Db) {
  const value = sql.placeholder;
  const reserved = reserveStock(db, value('partId'), value('quantity'));
  // INSERT … SELECT names every column in the table's order: the last seven take the table's
  // defaults.
  const statement = db
    .with(reserved)
    .insert(orders)
    .select(
      sql`select gen_random_uuid(), ${value('userId')}::uuid, id, name, img, price_cents,
        ${value('name')}::text, ${value('email')}::text, ${value('tel')}::text,
        ${value('country')}::text, ${value('city')}::text, ${value('address')}::text,
        ${value('quantity')}::integer, false, false, null, null, now(), now()
        from ${reserved}`,
    )
    .returning()
    .prepare('place_order');
  return async function placeOrder(caller: RequestUser, input: PlaceOrderBody): Promise<Order> {
    const [row] = await statement.execute({
      partId: input.partsId,
      quantity: input.quantity,
      userId: caller.id,
      name: caller.name,
      email: caller.email,
      tel: input.tel,
      country: input.country,
      city: input.city,
      address: input.address,
    });
    if (!row) return refuseReservation(db, input.partsId, input.quantity);
    return toOrder(row);
  };
}

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

/** SPEC §7 `GET /userorder?email=`: a customer's own orders, newest first; cancelled ones are gone. */
export async function listOwnOrders(db: Db, caller: RequestUser, email: string): Promise<Order[]> {
  if (email.toLowerCase() !== caller.email.toLowerCase())
    throw new Forbidden('You can only list your own orders');
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, caller.id), isNull(orders.cancelledAt)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}

/**
 * Cancels an unpaid order of the caller and puts its quantity back in stock, in one
 * transaction. Returns null when it was already cancelled (nothing changes twice).
 */
export async function cancelOwnOrder(
  db: Db,
  caller: RequestUser,
  id: string,
): Promise<Order | null> {
  return db.transaction(async (tx) => {
    const row = await ownOrder(tx, caller, id);
    const [cancelled] = await tx
      .update(orders)
      .set({ cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, row.id), eq(orders.paid, false), isNull(orders.cancelledAt)))
      .returning();
    if (!cancelled) {
      if (row.paid) throw new Conflict('A paid order cannot be cancelled');
      return null;
    }
    await returnStock(tx, cancelled.partId, cancelled.quantity);
    return toOrder(cancelled);
  });
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

/** For the admin area (SPEC §7 `GET /manageorders`): every order, newest first, cancelled ones gone. */
export async function listAllOrders(db: Db): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(isNull(orders.cancelledAt))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
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

/**
 * Cancels any unpaid, not yet cancelled order (an admin's delete), returning its stock, inside the
 * caller's transaction. Null when there is no such order: unknown, paid or already cancelled.
 */
export async function cancelUnpaidOrder(tx: Db | Tx, id: string): Promise<Order | null> {
  const [cancelled] = await tx
    .update(orders)
    .set({ cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, false), isNull(orders.cancelledAt)))
    .returning();
  if (!cancelled) return null;
  await returnStock(tx, cancelled.partId, cancelled.quantity);
  return toOrder(cancelled);
}

/** A user's orders that are neither paid nor cancelled. */
const unpaidOrdersOf = (userId: string) =>
  and(eq(orders.userId, userId), eq(orders.paid, false), isNull(orders.cancelledAt));

/** The ids of a user's orders that are neither paid nor cancelled. */
export async function unpaidOrderIdsOf(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(unpaidOrdersOf(userId));
  return rows.map((row) => row.id);
}

/** Cancels every unpaid order of a user (their account is being removed) and returns the stock. */
export async function cancelUnpaidOrdersOf(tx: Db | Tx, userId: string): Promise<number> {
  const cancelled = await tx
    .update(orders)
    .set({ cancelledAt: new Date(), updatedAt: new Date() })
    .where(unpaidOrdersOf(userId))
    .returning();
  for (const row of cancelled) await returnStock(tx, row.partId, row.quantity);
  return cancelled.length;
}
