// Use case: a customer places an order for one part (the purchase page's form).
import type { Order, PlaceOrderBody } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { refuseReservation, reserveStock } from '../catalog/catalog.service.ts';
import { insertOrder } from './orders.service.ts';

/**
 * Places an order with the server's own numbers, in one transaction: the part's stock is reserved
 * (never below zero, also with concurrent orders on several instances), then the order is written
 * with the part's name, image and price and the caller's name and e-mail. A quantity that cannot
 * be ordered changes nothing and is refused with the purchase form's own message.
 */
export async function placeOrder(
  db: Db,
  caller: RequestUser,
  input: PlaceOrderBody,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const part = await reserveStock(tx, input.partsId, input.quantity);
    if (!part) return refuseReservation(tx, input.partsId, input.quantity);
    return insertOrder(tx, caller, part, input);
  });
}
