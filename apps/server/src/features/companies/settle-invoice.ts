// Use case: the shop's admin records the payment of an invoice on account (issue 18 #4). In one
// transaction the order is settled with the payment's reference, what its company owes goes down
// by its total, and the action is in the audit log.
import { companyMessages, type Order } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict } from '../../domain/errors.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { settleOnAccount } from '../orders/company-orders.service.ts';
import { creditAccount } from './company-accounts.service.ts';

export async function settleInvoice(
  db: Db,
  admin: RequestUser,
  orderId: string,
  reference: string,
  at: Date,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const settled = await settleOnAccount(tx, orderId, reference, at);
    if (!settled) throw new Conflict(companyMessages.notOpen);
    if (settled.companyId)
      // Core deposits already credited (issue 32 #4) were taken off what the company owes then.
      await creditAccount(
        tx,
        settled.companyId,
        Math.round((settled.total - settled.credited) * 100),
      );
    await recordAdminAction(tx, admin, 'settle-invoice', settled.invoiceNumber ?? orderId);
    return settled;
  });
}
