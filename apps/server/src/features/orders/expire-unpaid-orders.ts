// Use case: unpaid orders expire (issue 14 #7). An order still unpaid `limits.unpaidHours` after
// it was placed is cancelled, as its customer's CANCEL ORDER would, and its quantity goes back in
// stock, so nobody holds a part's stock with orders they never pay. Runs on a timer (app.ts).
import type { Order } from '@axle/contract';
import { queueMail } from '../jobs/jobs.service.ts';
import {
  ordersWithOpenIntents,
  type PaymentsContext,
  settleOrderIntents,
} from '../payments/payments.service.ts';
import { orderCancelledMail } from './order-mails.service.ts';
import {
  cancelUnpaidOrders,
  type OrderLimits,
  returnOrderStock,
  unpaidOrderIdsPlacedBefore,
} from './orders.service.ts';

export type ExpiryContext = PaymentsContext & {
  limits: Pick<OrderLimits, 'unpaidHours'>;
  /** The app's clock (tests move it). */
  now?: (() => Date) | undefined;
};

export type Expiry = {
  /** The orders cancelled by this sweep (another instance's sweep never cancels them again). */
  expired: Order[];
  /** Expired orders whose card payment the provider could not settle now: the next sweep tries again. */
  unsettled: unknown[];
};

/**
 * Cancels up to `batch` expired unpaid orders, oldest first, and returns their stock, exactly
 * once even when several instances sweep the same database at the same time; each order's
 * customer is e-mailed.
 *
 * First an expired order's open card payments are settled with the provider, as a cancel does:
 * one that already succeeded makes the order paid (so it does not expire), the others are
 * cancelled at the provider, so nobody pays for an order that is gone. That talks to the outside
 * world, so it runs before the transaction. The transaction then cancels, in one UPDATE that
 * PostgreSQL re-checks on every row it locks, only orders still unpaid, not cancelled, placed
 * before the cutoff and with no card payment open (one the provider could not settle waits for the
 * next sweep), and returns the stock of exactly those. A second sweeper waits on the same rows,
 * finds them cancelled and cancels nothing.
 */
export async function expireUnpaidOrders(ctx: ExpiryContext, batch = 500): Promise<Expiry> {
  const at = ctx.now?.() ?? new Date();
  const cutoff = new Date(at.getTime() - ctx.limits.unpaidHours * 3_600_000);
  const candidates = await unpaidOrderIdsPlacedBefore(ctx.db, cutoff, batch);
  if (candidates.length === 0) return { expired: [], unsettled: [] };
  const unsettled: unknown[] = [];
  for (const orderId of await ordersWithOpenIntents(ctx, candidates)) {
    try {
      await settleOrderIntents(ctx, orderId);
    } catch (error) {
      unsettled.push(error);
    }
  }
  const expired = await ctx.db.transaction(async (tx) => {
    const stillOpen = await ordersWithOpenIntents(ctx, candidates, tx);
    const orderIds = candidates.filter((id) => !stillOpen.has(id));
    const cancelled = await cancelUnpaidOrders(tx, { orderIds, placedBefore: cutoff }, at);
    await returnOrderStock(
      tx,
      cancelled.map((order) => order._id),
    );
    for (const order of cancelled)
      await queueMail(tx, orderCancelledMail(ctx.mail, order, 'expiry'));
    return cancelled;
  });
  return { expired, unsettled };
}
