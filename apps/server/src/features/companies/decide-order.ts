// Use case: an owner of a company approves or rejects a buyer's order that awaits approval
// (issue 18 #3). In one transaction: the caller must own the order's company, and may never decide
// their own order; the order's approval is recorded with the note; a rejected order is cancelled
// and its stock returned; an approved order to be paid on the company's account is invoiced at
// once (within the credit limit). The buyer's e-mail is queued with the decision.
import { companyMessages, type Order } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden } from '../../domain/errors.ts';
import type { Invoicing } from '../invoices/invoices.service.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import { decideApproval, lockCompanyOrder } from '../orders/company-orders.service.ts';
import {
  approvalDecidedMail,
  type OrderMail,
  queueInvoiceMail,
} from '../orders/order-mails.service.ts';
import { returnOrderStock } from '../orders/orders.service.ts';
import { payOnAccount } from '../payments/payments.service.ts';
import { requireOwner } from './companies.service.ts';

export type DecideOrderContext = { db: Db; mail: OrderMail; invoicing: Invoicing };

export async function decideOrder(
  ctx: DecideOrderContext,
  caller: RequestUser,
  orderId: string,
  decision: { approval: 'approved' | 'rejected'; note: string | null; at: Date },
): Promise<Order> {
  const order = await ctx.db.transaction(async (tx) => {
    const { companyId } = await requireOwner(tx, caller);
    const row = await lockCompanyOrder(tx, companyId, orderId);
    if (row.userId === caller.id) throw new Forbidden(companyMessages.ownOrder);
    const decided = await decideApproval(tx, orderId, { ...decision, by: caller.id });
    if (!decided) throw new Conflict(companyMessages.notAwaiting);
    if (decided.approval === 'rejected') {
      await returnOrderStock(tx, [decided._id]);
      await queueMail(tx, approvalDecidedMail(ctx.mail, decided, caller.name));
      return decided;
    }
    // An order to be paid on account is invoiced as it is approved, within the credit limit.
    if (!decided.onAccount) {
      await queueMail(tx, approvalDecidedMail(ctx.mail, decided, caller.name));
      return decided;
    }
    const totalCents = Math.round(decided.total * 100);
    const paid = await payOnAccount(
      tx,
      ctx.invoicing,
      { ...decided, id: decided._id, totalCents },
      decision.at,
    );
    await queueMail(tx, approvalDecidedMail(ctx.mail, paid, caller.name));
    await queueInvoiceMail(tx, paid);
    return paid;
  });
  return order;
}
