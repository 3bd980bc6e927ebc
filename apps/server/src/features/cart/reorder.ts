// Use case: reorder (issue 17 #5). A customer puts the lines of one of their past orders in the
// cart again, at today's prices, and is told what changed since: a price, a minimum, the stock,
// or a part the catalogue no longer has.
import { type ReorderReply, reorderMessages, unitPriceFor } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { partForLine, replacementsOf, shownParts } from '../catalog/catalog.service.ts';
import { ownShownOrder } from '../orders/orders.service.ts';
import { putCartLines, readCart } from './cart.service.ts';

const dollars = (amount: number) => amount.toFixed(2);

export async function reorder(db: Db, caller: RequestUser, orderId: string): Promise<ReorderReply> {
  const order = await ownShownOrder(db, caller, orderId);
  const byId = new Map(
    (
      await shownParts(
        db,
        order.lines.map((line) => line.partId),
      )
    ).map((part) => [part._id, part]),
  );
  const newest = await replacementsOf(db, [...byId.values()]);
  const changes: ReorderReply['changes'] = [];
  const toCart: { partId: string; quantity: number }[] = [];
  for (const line of order.lines) {
    const ordered = byId.get(line.partId);
    const change = (message: string) =>
      changes.push({ partNumber: line.partNumber, name: line.name, message });
    if (!ordered) {
      change(reorderMessages.gone);
      continue;
    }
    // A superseded number (issue 32 #1): its own stock while it covers the line, else the newest
    // replacement, each said.
    const { part, replacement } = partForLine(ordered, line.quantity, newest);
    if (replacement)
      change(
        part === replacement
          ? reorderMessages.replaced(replacement.partNumber)
          : reorderMessages.stillOld(replacement.partNumber),
      );
    toCart.push({ partId: part._id, quantity: line.quantity });
    const now = unitPriceFor(part, line.quantity);
    if (now !== line.unitPrice)
      change(reorderMessages.priceChanged(dollars(line.unitPrice), dollars(now)));
    if (line.quantity < part.minimumQuantity)
      change(reorderMessages.belowMinimum(part.minimumQuantity));
    if (line.quantity > part.availableQuantity)
      change(reorderMessages.aboveStock(part.availableQuantity));
  }
  const cart = await db.transaction(async (tx) => {
    await putCartLines(tx, caller, toCart, 'add');
    return readCart(tx, caller);
  });
  return { changes, cart };
}
