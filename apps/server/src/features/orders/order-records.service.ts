import { randomUUID } from 'node:crypto';
import type { LineVehicle, Order, PlaceOrderBody } from '@axle/contract';
import { getTableColumns, sql, type WithSubquery } from 'drizzle-orm';
import { attemptDone, attemptParams } from '../../db/attempt.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import type { admitOrder } from '../accounts/accounts.service.ts';
import type { ReservedLine, reserveStock } from '../catalog/stock.service.ts';
import type { Membership, membershipCte } from '../companies/companies.service.ts';
import { lineSourcesOf } from '../warehouses/stock.service.ts';
import { placedMailsJob } from './order-mails.service.ts';
import { toOrder } from './orders.service.ts';
import { orderLines, orders } from './orders.table.ts';

// Writing new orders: the purchase form's one-line order, in one statement with its stock's
// reservation, and a checkout's order of many lines, in the checkout's transaction.

const NOT_NULL_VIOLATION = '23502';

/**
 * Records a one-line order (the purchase page's form) for the part that `reserved` (the
 * catalogue's stock reservation, a common table expression) takes from stock, for the customer
 * `admitted` lets order (the accounts' check of the cap on unpaid orders, another one), in the
 * same statement: the order and its line, with the part's number, name, image and the unit price
 * of its volume tier from the reservation, the customer from the token, the rest from the purchase
 * form. When either CTE took nothing, the part is empty, which its NOT NULL column refuses, so
 * nothing at all is written (the reservation is undone with the statement) and the answer is null.
 * The statement is built and prepared once per database.
 */
export function prepareReservedOrder(
  db: Db,
  reserved: ReturnType<typeof reserveStock>,
  admitted: ReturnType<typeof admitOrder>,
  membership: ReturnType<typeof membershipCte>,
) {
  const value = sql.placeholder;
  const fromReservation = (column: string) =>
    sql`(select ${sql.identifier(column)} from ${reserved})`;
  // The order's id is chosen here, so that its line (a CTE of the same statement) can name it.
  const line = db.$with('line').as(
    db
      .insert(orderLines)
      .values({
        orderId: value('orderId'),
        position: 0,
        partId: fromReservation('id'),
        partNumber: fromReservation('part_number'),
        partName: fromReservation('name'),
        partImg: fromReservation('img'),
        unitPriceCents: fromReservation('unit_price_cents'),
        listPriceCents: fromReservation('price_cents'),
        quantity: value('quantity'),
        coreChargeCents: fromReservation('core_charge_cents'),
        coreReturnDays: fromReservation('core_return_days'),
      })
      .returning({ position: orderLines.position }),
  );
  // Its mails, queued by the same statement (ADR 020): when the order is refused the statement
  // fails as a whole (see above), and this job with it.
  const mails = placedMailsJob(db, value('orderId'));
  // Placed under an Idempotency-Key, the key says the work is done as the order commits.
  const attempt = attemptDone(db);
  const statement = db
    .with(membership, admitted, reserved, line, mails, attempt)
    .insert(orders)
    .values({
      id: value('orderId'),
      userId: value('userId'),
      // No part (NOT NULL) unless the customer was admitted: then nothing at all is written.
      partId: sql`(select ${sql.identifier('id')} from ${reserved} where exists (select 1 from ${admitted}))`,
      partName: fromReservation('name'),
      partImg: fromReservation('img'),
      unitPriceCents: fromReservation('unit_price_cents'),
      // The line's units and their core deposits (issue 32 #4).
      totalCents: sql`(select (${sql.identifier('unit_price_cents')}::bigint + ${sql.identifier('core_charge_cents')}) * ${value('quantity')} from ${reserved})`,
      depositCents: sql`(select ${sql.identifier('core_charge_cents')}::bigint * ${value('quantity')} from ${reserved})`,
      name: value('name'),
      email: value('email'),
      tel: value('tel'),
      country: value('country'),
      city: value('city'),
      address: value('address'),
      quantity: value('quantity'),
      // A company member's order is the company's; a buyer's above their limit awaits approval.
      companyId: sql`(select ${sql.identifier('company_id')} from ${membership})`,
      approval: sql`(select case when ${sql.identifier('role')} = 'buyer'
        and ${sql.identifier('spending_limit_cents')} is not null
        and ${sql.identifier('spending_limit_cents')} < (select (${sql.identifier('unit_price_cents')}::bigint + ${sql.identifier('core_charge_cents')}) * ${value('quantity')} from ${reserved})
        then 'awaiting' end from ${membership})`,
    })
    .returning({
      ...getTableColumns(orders),
      partNumber: sql<string>`${fromReservation('part_number')}`,
      listPriceCents: sql<number>`${fromReservation('price_cents')}`,
      coreChargeCents: sql<number>`${fromReservation('core_charge_cents')}`,
      coreReturnDays: sql<number>`${fromReservation('core_return_days')}`,
    })
    .prepare('place_order');
  return async function recordOrder(
    caller: RequestUser,
    input: PlaceOrderBody,
    unpaidLimit: number,
  ): Promise<Order | null> {
    try {
      const [row] = await statement.execute({
        orderId: randomUUID(),
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
        ...attemptParams(),
      });
      if (!row) return null;
      const { partNumber, listPriceCents, coreChargeCents, coreReturnDays, ...order } = row;
      const sources = await lineSourcesOf(db, order.id);
      return toOrder({
        ...order,
        lines: [
          {
            partId: order.partId,
            partNumber,
            name: order.partName,
            img: order.partImg,
            quantity: order.quantity,
            unitPriceCents: order.unitPriceCents,
            listPriceCents,
            coreChargeCents,
            coreReturnDays,
            shipsFrom: sources.get(0) ?? null,
          },
        ],
      });
    } catch (error) {
      // Drizzle wraps the driver's error; its cause carries PostgreSQL's code.
      if ((error as { cause?: { code?: string } }).cause?.code === NOT_NULL_VIOLATION) return null;
      throw error;
    }
  };
}

/** Where a checkout's order goes, and what the buyer wrote. */
export type CheckoutDetails = {
  address: {
    line1: string;
    line2?: string | null | undefined;
    city: string;
    postalCode: string;
    country: string;
  };
  tel: string;
  poNumber?: string | undefined;
  note?: string | undefined;
  /** 'account': to be paid on the company's account (issue 18 #4). */
  payment?: 'card' | 'account' | undefined;
};

/** Whether an order of this total by this member waits for an owner's approval (issue 18 #3). */
export function needsApproval(membership: Membership | null, totalCents: number): boolean {
  return (
    membership?.role === 'buyer' &&
    membership.spendingLimitCents !== null &&
    totalCents > membership.spendingLimitCents
  );
}

/**
 * Records an order of many lines (a checkout) in the caller's transaction, in one statement, the
 * lines priced as the catalogue reserved them: the order's SPEC columns describe its first line,
 * its total is the sum of every line, and the customer comes from the token. A company member's
 * order is the company's, awaiting approval when it is above their spending limit. `alongside`
 * are writes of other features the same statement makes (common table expressions built for
 * `orderId`: the cart emptied, the mail queued), so that a checkout's writes are one round trip.
 */
export async function recordCheckoutOrder(
  tx: Tx,
  caller: RequestUser,
  membership: Membership | null,
  details: CheckoutDetails,
  lines: readonly (ReservedLine & { vehicle?: LineVehicle | null; expected?: string | null })[],
  alongside: { orderId: string; writes: WithSubquery[] },
): Promise<Order> {
  const [first] = lines;
  if (!first) throw new Error('an order has at least one line');
  const expectedOf = new Map(lines.map((line) => [line.partId, line.expected ?? null]));
  const depositCents = lines.reduce((sum, line) => sum + line.coreChargeCents * line.quantity, 0);
  const totalCents =
    lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0) + depositCents;
  const { address } = details;
  const { orderId } = alongside;
  const lineRows = lines.map((line, position) => ({
    partId: line.partId,
    partNumber: line.partNumber,
    name: line.name,
    img: line.img,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    listPriceCents: line.priceCents,
    position,
    vehicleId: line.vehicle?.id ?? null,
    vehicleLabel: line.vehicle?.label ?? null,
    backordered: line.backordered,
    coreChargeCents: line.coreChargeCents,
    coreReturnDays: line.coreReturnDays,
  }));
  // The order's id is chosen beforehand, so that its lines (a CTE of the same statement) name it.
  const written = tx.$with('written_lines').as(
    tx
      .insert(orderLines)
      .values(
        lineRows.map(({ name, img, ...line }) => ({
          ...line,
          orderId,
          partName: name,
          partImg: img,
        })),
      )
      .returning({ position: orderLines.position }),
  );
  const [row] = await tx
    .with(written, ...alongside.writes)
    .insert(orders)
    .values({
      id: orderId,
      userId: caller.id,
      partId: first.partId,
      partName: first.name,
      partImg: first.img,
      unitPriceCents: first.unitPriceCents,
      quantity: first.quantity,
      totalCents,
      depositCents,
      lineCount: lines.length,
      name: caller.name,
      email: caller.email,
      tel: details.tel,
      country: address.country,
      city: address.city,
      address: address.line2 ? `${address.line1}\n${address.line2}` : address.line1,
      postalCode: address.postalCode,
      poNumber: details.poNumber ?? null,
      note: details.note ?? null,
      companyId: membership?.companyId ?? null,
      approval: needsApproval(membership, totalCents) ? 'awaiting' : null,
      onAccount: details.payment === 'account',
    })
    .returning();
  if (!row) throw new Error('the new order was not returned');
  const sources = await lineSourcesOf(tx, orderId);
  return toOrder({
    ...row,
    lines: lineRows.map((line) => ({
      ...line,
      shipsFrom: sources.get(line.position) ?? null,
      expected: expectedOf.get(line.partId) ?? null,
    })),
  });
}
