// Use case: an admin removes a customer's account (All User's Remove User).
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, NotFound } from '../../domain/errors.ts';
import {
  type AccountsContext,
  accountByEmail,
  accountForRemoval,
  deleteAccount,
} from '../accounts/accounts.service.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import { orderCancelledMail } from '../orders/order-mails.service.ts';
import {
  cancelUnpaidOrders,
  returnOrderStock,
  unpaidOrderIdsOf,
} from '../orders/orders.service.ts';
import { type PaymentsContext, settleOrderIntents } from '../payments/payments.service.ts';
import { recordAdminAction } from './admin.service.ts';

/**
 * Removes an account, all or nothing: its sessions end, its unpaid orders are cancelled with the
 * stock returned, its paid orders and reviews stay (without the link to the account), and the
 * account goes, in one transaction that also audits it. An admin cannot remove themself or the
 * last admin.
 *
 * First the card payments of its unpaid orders are settled with the provider (outside the
 * transaction, which never waits on the outside world): an order whose payment already went
 * through is kept as paid rather than cancelled.
 */
export async function removeUser(
  ctx: PaymentsContext & Pick<AccountsContext, 'now'>,
  admin: RequestUser,
  email: string,
): Promise<{ deletedCount: number }> {
  const target = await accountByEmail(ctx.db, email);
  if (target && target.id !== admin.id) {
    for (const orderId of await unpaidOrderIdsOf(ctx.db, target.id))
      await settleOrderIntents(ctx, orderId);
  }
  const { deletedCount } = await ctx.db.transaction(async (tx) => {
    const found = await accountForRemoval(tx, email);
    if (!found) throw new NotFound(`No account for ${email}`);
    const { account, admins } = found;
    if (account.id === admin.id) throw new Conflict('You cannot remove your own account');
    if (account.admin && admins <= 1) throw new Conflict('The last admin cannot be removed');
    const cancelled = await cancelUnpaidOrders(tx, { userId: account.id });
    await returnOrderStock(
      tx,
      cancelled.map((order) => order._id),
    );
    for (const order of cancelled)
      await queueMail(tx, orderCancelledMail(ctx.mail, order, 'account-removed'));
    const deletedCount = await deleteAccount(ctx, tx, account.id);
    await recordAdminAction(tx, admin, 'remove-user', account.email);
    return { deletedCount };
  });
  return { deletedCount };
}
