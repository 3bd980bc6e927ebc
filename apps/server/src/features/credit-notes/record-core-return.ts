// Use case: the shop received old parts (cores) of an order (issue 32 #4). In one transaction,
// the order locked so that returns recorded at once take turns: no more cores than were charged
// are counted back, a credit note takes the next gap-free number, the deposit is credited to the
// company's account (paid on account) or its card refund is queued, the customer's mail is queued,
// and the action is audited. The queue's `core-refund` job then refunds the card through the
// payment provider with the credit note's number as idempotency key, so it is refunded once
// however often the job runs.
import { type CoreReturnBody, coreMessages, type Order } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Invalid } from '../../domain/errors.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { creditAccount } from '../companies/company-accounts.service.ts';
import { enqueueJob, queueMail } from '../jobs/jobs.service.ts';
import { coreReturnedMail, type OrderMail } from '../orders/order-mails.service.ts';
import {
  creditOrder,
  lockCoreLines,
  markCoresReturned,
  shownOrder,
} from '../orders/orders.service.ts';
import { insertCreditNote, takeCreditNoteNumber, toCreditNote } from './credit-notes.service.ts';

export async function recordCoreReturn(
  ctx: { db: Db; mail: OrderMail },
  admin: RequestUser,
  orderId: string,
  body: CoreReturnBody,
): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const { order, lines } = await lockCoreLines(tx, orderId, body.partId);
    const [first] = lines;
    if (order.cancelledAt) throw new Conflict(coreMessages.cancelled);
    if (!first) throw new Invalid(coreMessages.noCore);
    if (!order.paid) throw new Conflict(coreMessages.notPaid);
    const owed = lines.reduce((sum, line) => sum + line.quantity - line.coresReturned, 0);
    if (body.quantity > owed) throw new Conflict(coreMessages.tooMany(owed));
    // Each unit of a part carries the charge it had when the order was placed: one for every line.
    const unitCents = first.coreChargeCents;
    const amountCents = unitCents * body.quantity;
    const onAccount = order.onAccount;
    const number = await takeCreditNoteNumber(tx);
    // The cores count back on the part's lines in their order, each up to what it still owes.
    let left = body.quantity;
    for (const line of lines) {
      const back = Math.min(left, line.quantity - line.coresReturned);
      if (back > 0) await markCoresReturned(tx, { orderId, position: line.position }, back);
      left -= back;
    }
    await creditOrder(tx, orderId, amountCents);
    const note = await insertCreditNote(tx, {
      number,
      orderId,
      position: first.position,
      partId: body.partId,
      partNumber: first.partNumber,
      partName: first.name,
      quantity: body.quantity,
      unitCents,
      amountCents,
      refundedTo: onAccount ? 'account' : 'card',
      createdBy: admin.id,
    });
    if (onAccount) {
      // What the company owes goes down now; settling the invoice later counts the rest only.
      if (order.companyId) await creditAccount(tx, order.companyId, amountCents);
    } else {
      await enqueueJob(tx, { kind: 'core-refund', payload: { creditNote: number } });
    }
    const shown = await shownOrder(tx, orderId);
    const issued = toCreditNote(note);
    await queueMail(tx, coreReturnedMail(ctx.mail, shown, issued));
    await recordAdminAction(tx, admin, 'core-return', `order ${order.number}: ${issued.number}`);
    return shown;
  });
}
