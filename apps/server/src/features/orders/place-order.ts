// Use case: a customer places an order for one part (the purchase page's form).
import {
  type Order,
  type PlaceOrderBody,
  unpaidOrdersMessage,
  verifyToOrderMessage,
} from '@axle/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden } from '../../domain/errors.ts';
import { admitOrder, whyNotAdmitted } from '../accounts/accounts.service.ts';
import { refuseReservation, reserveStock } from '../catalog/stock.service.ts';
import { membershipCte } from '../companies/companies.service.ts';
import { companyPricing } from '../companies/company-prices.service.ts';
import { prepareReservedOrder } from './order-records.service.ts';
import type { OrderLimits } from './orders.service.ts';

export type PlaceOrder = (caller: RequestUser, input: PlaceOrderBody) => Promise<Order>;

export type PlaceOrderContext = { db: Db; limits: OrderLimits };

/**
 * Places orders with the server's own numbers, in one statement (one round trip, atomic): the
 * accounts admit the customer (verified, and holding fewer than `limits.unpaidPerCustomer` unpaid
 * orders: a lock on their row, so parallel placements by one customer take turns and each counts
 * the ones before it), the catalogue reserves the quantity from the part's stock (never below
 * zero, also with concurrent orders on several instances), and orders records the order with the
 * part's number, name, image and (volume) price and the caller's name and e-mail, who is
 * e-mailed (the job is written by the same statement). There is no order without its stock nor stock taken without an order. A refused order changes nothing and says why: an
 * unverified address (403), too many unpaid orders (409), or the purchase form's own message.
 */
export function preparePlaceOrder({ db, limits }: PlaceOrderContext): PlaceOrder {
  const admitted = admitOrder(db, sql.placeholder('userId'), sql.placeholder('unpaidLimit'));
  // A company member's order is priced with the company's prices (issue 18 #5).
  const membership = membershipCte(db, sql.placeholder('userId'));
  const companyId = sql`(select ${sql.identifier('company_id')} from ${membership})`;
  const reserved = reserveStock(
    db,
    sql.placeholder('partId'),
    sql.placeholder('quantity'),
    companyPricing(companyId),
  );
  const recordOrder = prepareReservedOrder(db, reserved, admitted, membership);
  return async (caller, input) => {
    const order = await recordOrder(caller, input, limits.unpaidPerCustomer);
    // Its mails were queued by the same statement.
    if (order) return order;
    // Nothing was written: say why.
    const refusal = await whyNotAdmitted(db, caller.id, limits.unpaidPerCustomer);
    if (refusal === 'unverified') throw new Forbidden(verifyToOrderMessage);
    if (refusal === 'held') throw new Conflict(unpaidOrdersMessage(limits.unpaidPerCustomer));
    return refuseReservation(db, input.partsId, input.quantity);
  };
}
