// Use case: an admin sets a part's own reorder point, or goes back to the default (twice its
// minimum order), audited (issue 33 #4). The part's low-stock crossing follows at once (migration
// 0033's trigger): a point raised above the stock makes it low, lowered below forgets it.
import type { LowStockRow, ReorderPointBody } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { lowPartsByIds, setReorderPoint as writeReorderPoint } from '../catalog/reorder.service.ts';

export async function setReorderPoint(
  db: Db,
  admin: RequestUser,
  partId: string,
  body: ReorderPointBody,
): Promise<Pick<LowStockRow, 'partId' | 'reorderPoint' | 'defaultReorderPoint' | 'available'>> {
  return db.transaction(async (tx) => {
    const { partNumber } = await writeReorderPoint(tx, partId, body.reorderPoint);
    await recordAdminAction(tx, admin, 'set-reorder-point', partNumber);
    const [part] = await lowPartsByIds(tx, [partId]);
    if (!part) throw new Error(`the part ${partId} was just updated`);
    return {
      partId,
      available: part.available,
      reorderPoint: part.reorderPoint,
      defaultReorderPoint: part.defaultReorderPoint,
    };
  });
}
