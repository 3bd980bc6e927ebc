// Use case: an admin sets what one warehouse holds of a part (issue 32 #2), and when more is
// expected there. The part's row is locked first (as an order locks it), its total moves by the
// difference in the same transaction, so the sum stays exact while orders take from it; the change
// is audited, and more stock goes to the orders waiting for the part first (issue 32 #3).
import type { Part, SetPartStockBody } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { NotFound } from '../../domain/errors.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { shownPart } from '../catalog/catalog.service.ts';
import { lockStock, moveTotal } from '../catalog/stock.service.ts';
import { fillBackorders } from '../orders/backorders.service.ts';
import type { OrderMail } from '../orders/order-mails.service.ts';
import { setWarehouseStock } from './stock.service.ts';

export async function setPartStock(
  ctx: { db: Db; mail: OrderMail },
  admin: RequestUser,
  partId: string,
  body: SetPartStockBody,
): Promise<Part> {
  await ctx.db.transaction(async (tx) => {
    const part = (await lockStock(tx, [partId])).get(partId);
    if (!part) throw new NotFound(`No part with id ${partId}`);
    const moved = await setWarehouseStock(tx, partId, body);
    // The total moves even by nothing: the part takes a new version (a restock date changed).
    await moveTotal(tx, partId, moved);
    await recordAdminAction(tx, admin, 'set-stock', `${part.partNumber} @ ${body.warehouse}`);
    if (moved > 0) await fillBackorders(tx, ctx.mail, [partId]);
  });
  return shownPart(ctx.db, partId);
}
