import {
  companyMessages,
  ORDER_TOTAL_MAX_CENTS,
  type Order,
  orderTotalMessage,
} from '@axle/contract';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { PaymentIntent, PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Invalid } from '../../domain/errors.ts';
import { chargeAccount } from '../companies/company-accounts.service.ts';
import {
  creditNoteByNumber,
  markCreditNoteRefunded,
} from '../credit-notes/credit-notes.service.ts';
import {
  type Invoicing,
  renderInvoicePdf,
  takeInvoiceNumber,
} from '../invoices/invoices.service.ts';
import { type OrderMail, orderPaidMail, queueInvoiceMail } from '../orders/order-mails.service.ts';
import {
  lockUnpaidOrder,
  markOrderPaid,
  orderById,
  orderInvoice,
  orderTotalCents,
  ownOrder,
  shownOrder,
} from '../orders/orders.service.ts';
import { paymentEvents, payments } from './payments.table.ts';

/**
 * What paying for orders needs: the database, the card provider, how order mail goes out and
 * what invoices state.
 */
export type PaymentsContext = {
  db: Db;
  provider: PaymentProvider;
  mail: OrderMail;
  invoicing: Invoicing;
};

const settled = ['succeeded', 'canceled'];

function refuseUnpayable(order: {
  paid: boolean;
  cancelledAt: Date | null;
  approval: string | null;
  onAccount: boolean;
}) {
  if (order.paid) throw new Conflict('This order is already paid');
  if (order.cancelledAt) throw new Conflict('This order was cancelled');
  if (order.approval === 'awaiting') throw new Conflict(companyMessages.awaitingApproval);
  if (order.onAccount) throw new Conflict('This order is paid on your company’s account');
}

/** The order's intents at this provider that are neither paid nor cancelled (for one amount, if given). */
function openIntentsOf(ctx: PaymentsContext, orderId: string, amountCents?: number) {
  return ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, ctx.provider.name),
        amountCents === undefined ? undefined : eq(payments.amountCents, amountCents),
        notInArray(payments.status, settled),
      ),
    );
}

async function remember(
  ctx: PaymentsContext,
  orderId: string,
  intent: PaymentIntent,
): Promise<void> {
  await ctx.db
    .insert(payments)
    .values({
      orderId,
      provider: ctx.provider.name,
      intentId: intent.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      cardBrand: intent.card?.brand ?? null,
      cardLast4: intent.card?.last4 ?? null,
    })
    .onConflictDoUpdate({
      target: [payments.provider, payments.intentId],
      set: {
        status: intent.status,
        cardBrand: intent.card?.brand ?? null,
        cardLast4: intent.card?.last4 ?? null,
        updatedAt: new Date(),
      },
    });
}

/**
 * An intent for the amount the server computes. A `totalPrice` from the page must agree with it.
 * The same order reuses its open intent (and the provider's idempotency key covers retries), so
 * reloading the page never creates a second charge.
 */
export async function createPaymentIntent(
  ctx: PaymentsContext,
  caller: RequestUser,
  input: { orderId: string; totalPrice?: number | undefined },
): Promise<{ clientSecret: string; amount: number }> {
  const order = await ownOrder(ctx.db, caller, input.orderId);
  refuseUnpayable(order);
  const amountCents = orderTotalCents(order);
  // Orders placed before totals were bounded may cost more than a payment can carry.
  if (amountCents > ORDER_TOTAL_MAX_CENTS) throw new Invalid(orderTotalMessage);
  if (input.totalPrice !== undefined && Math.round(input.totalPrice * 100) !== amountCents) {
    throw new Invalid(
      `totalPrice does not match the order's total of $${(amountCents / 100).toFixed(2)}`,
    );
  }
  for (const known of await openIntentsOf(ctx, order.id, amountCents)) {
    const intent = await ctx.provider.retrieveIntent(known.intentId);
    if (intent.status === 'succeeded') {
      await recordSucceededIntent(ctx, intent);
      throw new Conflict('This order is already paid');
    }
    if (intent.status !== 'canceled')
      return { clientSecret: intent.clientSecret, amount: amountCents / 100 };
  }
  const intent = await ctx.provider.createIntent({
    orderId: order.id,
    amountCents,
    idempotencyKey: `order-${order.id}-${amountCents}`,
  });
  await remember(ctx, order.id, intent);
  return { clientSecret: intent.clientSecret, amount: amountCents / 100 };
}

/**
 * Marks an order paid when the provider says this intent succeeded for this order and its full
 * amount; anything else changes nothing. Used by the page's report and by the provider's webhook.
 */
export async function recordSucceededIntent(
  ctx: PaymentsContext,
  intent: PaymentIntent,
): Promise<Order | null> {
  if (!intent.orderId || intent.status !== 'succeeded' || intent.currency !== 'usd') return null;
  const order = await orderById(ctx.db, intent.orderId);
  if (intent.amountCents !== orderTotalCents(order)) return null;
  await remember(ctx, order.id, intent);
  const paid = await ctx.db.transaction(async (tx) => {
    // Locked first, so that a number is only taken for an order this payment does mark paid.
    if (!(await lockUnpaidOrder(tx, order.id))) return null;
    const number = await takeInvoiceNumber(tx);
    const paid = await markOrderPaid(tx, order.id, intent.id, {
      number,
      taxRateBasisPoints: ctx.invoicing.taxRateBasisPoints,
    });
    if (paid) await queueInvoiceMail(tx, paid);
    return paid;
  });
  return paid;
}

/**
 * Pays an order on its company's account (issue 18 #4), in the caller's transaction: the account
 * is charged (409 when the company does not pay on account or has too little credit left), the
 * invoice takes its number and is due after the company's terms. Mail it with `mailInvoice` once
 * the transaction is committed.
 */
export async function payOnAccount(
  tx: Tx,
  invoicing: Invoicing,
  order: { id: string; companyId: string | null; totalCents: number },
  at: Date,
): Promise<Order> {
  if (!order.companyId) throw new Conflict(companyMessages.notOnAccount);
  const { termsDays } = await chargeAccount(tx, order.companyId, order.totalCents);
  const number = await takeInvoiceNumber(tx);
  const paid = await markOrderPaid(
    tx,
    order.id,
    'on-account',
    { number, taxRateBasisPoints: invoicing.taxRateBasisPoints },
    { dueAt: new Date(at.getTime() + termsDays * 86_400_000) },
  );
  if (!paid) throw new Conflict('This order can no longer be paid');
  return paid;
}

/**
 * The payment (or on-account) e-mail with the invoice's PDF attached, made by its job after the
 * payment is committed (`queueInvoiceMail`); none for an order without an invoice.
 */
export async function invoiceMail(
  ctx: Pick<PaymentsContext, 'db' | 'mail' | 'invoicing'>,
  orderId: string,
): Promise<MailMessage | null> {
  const invoice = await orderInvoice(ctx.db, orderId);
  if (!invoice) return null;
  const pdf = await renderInvoicePdf(invoice, ctx.invoicing);
  return orderPaidMail(ctx.mail, invoice.order, {
    filename: `${invoice.order.invoiceNumber}.pdf`,
    content: pdf,
    contentType: 'application/pdf',
  });
}

/** SPEC §7 `PUT /order/{id}`: the page reports a payment; the provider is asked whether it is true. */
export async function recordPayment(
  ctx: PaymentsContext,
  caller: RequestUser,
  orderId: string,
  input: { transaction: string; partsId?: string | undefined },
): Promise<{ modifiedCount: number; order: Order }> {
  const order = await ownOrder(ctx.db, caller, orderId);
  if (input.partsId !== undefined && input.partsId !== order.partId)
    throw new Invalid('partsId is not the part of this order');
  if (order.paid && order.transaction === input.transaction)
    return { modifiedCount: 0, order: await shownOrder(ctx.db, order.id) };
  refuseUnpayable(order);
  let intent: PaymentIntent;
  try {
    intent = await ctx.provider.retrieveIntent(input.transaction);
  } catch {
    throw new Invalid('No such payment');
  }
  if (intent.orderId !== order.id) throw new Invalid('This payment is not for this order');
  if (intent.amountCents !== orderTotalCents(order) || intent.currency !== 'usd') {
    throw new Invalid('This payment is not for the amount of this order');
  }
  if (intent.status !== 'succeeded') throw new Invalid('This payment has not succeeded');
  const paid = await recordSucceededIntent(ctx, intent);
  if (!paid) throw new Conflict('This order can no longer be paid');
  return { modifiedCount: 1, order: paid };
}

/**
 * Before an order is cancelled (by its customer or an admin): an open intent that already
 * succeeded makes the order paid (so it is not cancelled and nobody is charged for nothing); the
 * others are cancelled at the provider.
 */
export async function settleOrderIntents(ctx: PaymentsContext, orderId: string): Promise<void> {
  const order = await orderById(ctx.db, orderId);
  if (order.paid || order.cancelledAt) return;
  for (const known of await openIntentsOf(ctx, order.id)) {
    const intent = await ctx.provider.retrieveIntent(known.intentId);
    if (intent.status === 'succeeded') {
      await recordSucceededIntent(ctx, intent);
      continue;
    }
    if (intent.status !== 'canceled') await ctx.provider.cancelIntent(intent.id);
    await remember(ctx, order.id, { ...intent, status: 'canceled' });
  }
}

/** Of these orders, those with a card payment still open at this provider (in `db`, a transaction's if given). */
export async function ordersWithOpenIntents(
  ctx: PaymentsContext,
  orderIds: string[],
  db: Db | Tx = ctx.db,
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        inArray(payments.orderId, orderIds),
        eq(payments.provider, ctx.provider.name),
        notInArray(payments.status, settled),
      ),
    );
  return new Set(rows.map((row) => row.orderId));
}

/**
 * Finds card payments that may have succeeded without the order hearing of it (the page never
 * reported back, the server stopped between the card's confirmation and the order's update, a
 * webhook was lost) and settles them with the provider's own record: a succeeded intent makes
 * its order paid, exactly once. Runs when the server starts and then every few minutes.
 */
export async function reconcileOpenIntents(ctx: PaymentsContext, limit = 200): Promise<number> {
  // The least recently checked first: each check touches updatedAt, so a long list is worked
  // through in turns rather than the same intents every time.
  const open = await ctx.db
    .select({ orderId: payments.orderId, intentId: payments.intentId })
    .from(payments)
    .where(and(eq(payments.provider, ctx.provider.name), notInArray(payments.status, settled)))
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
  let paid = 0;
  for (const { orderId, intentId } of open) {
    const intent = await ctx.provider.retrieveIntent(intentId);
    if (intent.status === 'succeeded' && (await recordSucceededIntent(ctx, intent))) paid++;
    else await remember(ctx, orderId, intent);
  }
  return paid;
}

/**
 * A provider event (already verified). Each event id is handled once; a succeeded intent marks
 * its order paid even when the customer never came back to the page.
 */
export async function handleProviderEvent(
  ctx: PaymentsContext,
  event: { id: string; type: string; intentId: string | null },
): Promise<'handled' | 'duplicate' | 'ignored'> {
  const [fresh] = await ctx.db
    .insert(paymentEvents)
    .values({ eventId: event.id, provider: ctx.provider.name, type: event.type })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return 'duplicate';
  if (event.type !== 'payment_intent.succeeded' || !event.intentId) return 'ignored';
  // The provider's current record decides, not the event's copy of it.
  const intent = await ctx.provider.retrieveIntent(event.intentId);
  await recordSucceededIntent(ctx, intent);
  return 'handled';
}

/**
 * The `core-refund` job (issue 32 #4): refunds a credit note's core deposits to the card the
 * order was paid with, once. The provider's idempotency key is the credit note's number, so a try
 * that refunded but failed to record it (a crash, the database away) gets the same refund back
 * from the provider rather than a second one.
 */
export async function refundCreditNote(
  ctx: Pick<PaymentsContext, 'db' | 'provider'>,
  number: number,
): Promise<void> {
  const note = await creditNoteByNumber(ctx.db, number);
  // None to make: no such note, credited to an account, or refunded already.
  if (note?.refundedTo !== 'card' || note.refundId !== null) return;
  const order = await orderById(ctx.db, note.orderId);
  if (!order.transaction) throw new Error(`order ${order.number} has no payment to refund`);
  const refund = await ctx.provider.refund({
    intentId: order.transaction,
    amountCents: note.amountCents,
    idempotencyKey: `credit-note-${number}`,
  });
  await markCreditNoteRefunded(ctx.db, number, refund.id);
}
