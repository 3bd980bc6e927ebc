// Use case: an unpaid order is cancelled, by its customer (My Orders' CANCEL ORDER) or by an admin
// (Manage All Orders' delete), and its quantity goes back in stock.
import type { Order } from '@axle/contract';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden } from '../../domain/errors.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { membershipOf } from '../companies/companies.service.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import { type PaymentsContext, settleOrderIntents } from '../payments/payments.service.ts';
import { orderCancelledMail } from './order-mails.service.ts';
import { cancelUnpaidOrders, orderById, returnOrderStock } from './orders.service.ts';

/**
 * Who cancels: the customer who placed the order (or an owner of the company it was placed for,
 * issue 18 #2), or an admin (whose action is audited).
 */
export type Canceller = { customer: RequestUser } | { admin: RequestUser };

/** Whether the customer is an owner of the company the order was placed for. */
async function ownsCompanyOf(
  ctx: PaymentsContext,
  by: { customer: RequestUser },
  order: { companyId: string | null },
): Promise<boolean> {
  if (!order.companyId) return false;
  const membership = await membershipOf(ctx.db, by.customer.id);
  return membership?.companyId === order.companyId && membership.role === 'owner';
}

/**
 * Cancels an unpaid order and returns every line's quantity to stock; null when it was already
 * cancelled (nothing changes twice). An unknown order is a NotFound, another customer's a
 * Forbidden. Its customer's e-mail is queued with the cancellation.
 *
 * First its open card payments are settled with the provider: one that already succeeded makes
 * the order paid, so it is not cancelled (a Conflict) and nobody pays for nothing; the others are
 * cancelled at the provider. That talks to the outside world, so it runs before the transaction,
 * which never waits on the provider; the transaction then cancels only an order still unpaid.
 */
export async function cancelOrder(
  ctx: PaymentsContext,
  by: Canceller,
  orderId: string,
): Promise<Order | null> {
  const order = await orderById(ctx.db, orderId);
  if ('customer' in by && order.userId !== by.customer.id && !(await ownsCompanyOf(ctx, by, order)))
    throw new Forbidden('This is not your order');
  await settleOrderIntents(ctx, orderId);
  const cancelled = await ctx.db.transaction(async (tx) => {
    const [cancelled] = await cancelUnpaidOrders(tx, { orderId });
    if (!cancelled) {
      if ((await orderById(tx, orderId)).paid)
        throw new Conflict('A paid order cannot be cancelled');
      return null;
    }
    await returnOrderStock(tx, [cancelled._id]);
    if ('admin' in by) await recordAdminAction(tx, by.admin, 'delete-order', orderId);
    await queueMail(
      tx,
      orderCancelledMail(ctx.mail, cancelled, 'admin' in by ? 'admin' : 'customer'),
    );
    return cancelled;
  });
  return cancelled;
}
