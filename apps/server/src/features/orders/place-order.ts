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
import type { AccountsContext } from '../accounts/accounts.service.ts';
import { getAccount } from '../accounts/sessions.service.ts';
import { refuseReservation, reserveStock } from '../catalog/catalog.service.ts';
import {
  isNothingReserved,
  lockAndCountUnpaidOrders,
  type OrderLimits,
  recordReservedOrder,
} from './orders.service.ts';

export type PlaceOrder = (caller: RequestUser, input: PlaceOrderBody) => Promise<Order>;

export type PlaceOrderContext = {
  db: Db;
  /** Whether the caller's address is verified. */
  accounts: AccountsContext;
  limits: OrderLimits;
};

/**
 * Places orders with the server's own numbers: the catalogue reserves the quantity from the
 * part's stock (never below zero, also with concurrent orders on several instances) and orders
 * records the order with the part's name, image and price and the caller's name and e-mail, in
 * one statement: there is no order without its stock nor stock taken without an order. A
 * quantity that cannot be ordered changes nothing and is refused with the purchase form's own
 * message.
 *
 * Stock held by unpaid orders is bounded (issue 14 #7): only a customer whose address is verified
 * orders (a 403 otherwise), and one with `limits.unpaidPerCustomer` unpaid orders is refused (a
 * 409) until one is paid or cancelled. That count and the order are one transaction under a lock
 * per customer, so parallel placements cannot all pass the same count; the order's statement is
 * prepared by name, so each connection plans it once (ADR 010).
 */
export function preparePlaceOrder({ db, accounts, limits }: PlaceOrderContext): PlaceOrder {
  return async (caller, input) => {
    if (!(await getAccount(accounts, caller.id)).emailVerified)
      throw new Forbidden(verifyToOrderMessage);
    try {
      return await db.transaction(async (tx) => {
        if ((await lockAndCountUnpaidOrders(tx, caller.id)) >= limits.unpaidPerCustomer)
          throw new Conflict(unpaidOrdersMessage(limits.unpaidPerCustomer));
        const reserved = reserveStock(tx, sql.placeholder('partId'), sql.placeholder('quantity'));
        return recordReservedOrder(tx, reserved, caller, input);
      });
    } catch (error) {
      // Nothing was reserved, so nothing was written (the transaction rolled back): say why.
      if (isNothingReserved(error)) return refuseReservation(db, input.partsId, input.quantity);
      throw error;
    }
  };
}
