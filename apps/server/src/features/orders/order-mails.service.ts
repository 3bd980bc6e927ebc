import { backorderMessages, type CreditNote, coreMessages, type Order } from '@axle/contract';
import { type Placeholder, sql } from 'drizzle-orm';
import { type Block, compose } from '../../adapters/mail/compose.ts';
import type { MailAttachment, MailMessage } from '../../adapters/mail/mailer.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ownersOf } from '../companies/companies.service.ts';
import { enqueueJob, jobInsert, queueMail } from '../jobs/jobs.service.ts';
import { shownOrder } from './orders.service.ts';

// Mail at every step of an order (issue 17 #7): placed, paid (with the invoice), shipped and
// cancelled, each in HTML and plain text with the order's lines. Queued in the transaction of the
// change (the durable queue, ADR 020) and sent after it commits: a reply never waits on a mail
// server, and a crash or a mail server that is down loses nothing.

/** What order mail needs: the shop's address for links. */
export type OrderMail = {
  /** PUBLIC_URL: links in the mail start here, never with a request's Host header. */
  publicUrl: string;
};

const dollars = (amount: number) => `$${amount.toFixed(2)}`;
/** An order as people name it: its short number, as My Orders, the admin's lists and invoices do. */
const orderName = (order: Order) => String(order.number);

/** The order's lines and total, and what the buyer wrote (PO number, note), as text. */
function details(order: Order): Block[] {
  const blocks: Block[] = [
    {
      table: [
        ['Part number', 'Part', 'Qty', 'Unit price', 'Total'],
        ...order.lines.map((line) => [
          line.partNumber,
          line.name,
          line.backorder
            ? `${line.quantity} (${backorderMessages.line(line.backorder.quantity, line.backorder.expected)})`
            : String(line.quantity),
          dollars(line.unitPrice),
          dollars(line.total),
        ]),
        // An exchange part's core deposits (issue 32 #4), a row each.
        ...order.lines.flatMap((line) =>
          line.core
            ? [
                [
                  line.partNumber,
                  'Core deposit',
                  String(line.quantity),
                  dollars(line.core.charge),
                  dollars(line.core.deposit),
                ],
              ]
            : [],
        ),
        ['', '', '', 'Order total', dollars(order.total)],
      ],
    },
  ];
  if (order.poNumber) blocks.push(`Your PO number: ${order.poNumber}`);
  if (order.note) blocks.push(`Your note: ${order.note}`);
  blocks.push(
    `Ships to: ${[order.address.replaceAll('\n', ', '), order.postalCode, order.city, order.country]
      .filter(Boolean)
      .join(', ')}`,
  );
  return blocks;
}

export function orderPlacedMail(mail: OrderMail, order: Order): MailMessage {
  if (order.approval === 'awaiting')
    return compose(order.email, `Your order ${orderName(order)} awaits approval`, [
      { greeting: order.name },
      `Thank you for your order ${orderName(order)}. It is above your spending limit, so an owner of your company approves it first; we keep its parts meanwhile, and you can pay it once it is approved.`,
      ...details(order),
      { action: 'See your orders', link: `${mail.publicUrl}/dashboard/myorder2` },
    ]);
  if (order.onAccount && order.paid)
    return compose(order.email, `Your order ${orderName(order)} is placed`, [
      { greeting: order.name },
      `Thank you for your order ${orderName(order)}. It is charged to your company's account; its invoice follows in a separate e-mail.`,
      ...details(order),
      { action: 'See your orders', link: `${mail.publicUrl}/dashboard/myorder2` },
    ]);
  return compose(order.email, `Your order ${orderName(order)} is placed`, [
    { greeting: order.name },
    `Thank you for your order ${orderName(order)}. We keep its parts for you until it is paid.`,
    ...details(order),
    { action: 'Pay now', link: `${mail.publicUrl}/payment/${order._id}` },
  ]);
}

/** An owner of the buyer's company is asked to approve an order above the buyer's limit. */
export function approvalNeededMail(
  mail: OrderMail,
  order: Order,
  owner: { name: string; email: string },
): MailMessage {
  return compose(owner.email, `Order ${orderName(order)} by ${order.name} awaits your approval`, [
    { greeting: owner.name },
    `${order.name} (${order.email}) placed order ${orderName(order)} for ${dollars(order.total)}, above their spending limit. Approve or reject it in your company's orders.`,
    ...details(order),
    { action: 'Review the order', link: `${mail.publicUrl}/dashboard/company` },
  ]);
}

/**
 * A new order's mails, queued by the statement that records it (a common table expression of the
 * checkout's or the purchase form's): written if, and only if, that statement succeeds (ADR 020).
 */
export function placedMailsJob(db: Db | Tx, orderId: string | Placeholder) {
  return db
    .$with('placed_mails')
    .as(jobInsert(db, 'order-placed', sql`jsonb_build_object('orderId', ${orderId}::uuid)`));
}

/**
 * A new order's mails, made by its job once the order is committed: to the customer, and, when it
 * awaits approval, to every owner of their company, each queued as a mail job of its own, so that
 * a failure to send one never sends another twice. None for an order that is gone.
 */
export async function queueEachPlacedMail(mail: OrderMail, db: Db, orderId: string): Promise<void> {
  const order = await shownOrder(db, orderId).catch(() => null);
  if (!order) return;
  const mails = [orderPlacedMail(mail, order)];
  if (order.approval === 'awaiting' && order.companyId)
    for (const owner of await ownersOf(db, order.companyId))
      mails.push(approvalNeededMail(mail, order, owner));
  await db.transaction(async (tx) => {
    for (const message of mails) await queueMail(tx, message);
  });
}

/** Queues the payment (or on-account) e-mail with the invoice's PDF, made when it is sent. */
export function queueInvoiceMail(tx: Tx, order: Order): Promise<void> {
  return enqueueJob(tx, {
    kind: 'invoice-mail',
    payload: { orderId: order._id, email: order.email, number: order.number },
  });
}

/** The buyer hears an owner's decision on their order. */
export function approvalDecidedMail(mail: OrderMail, order: Order, by: string): MailMessage {
  const note = order.approvalNote ? [`${by} wrote: ${order.approvalNote}`] : [];
  if (order.approval === 'approved')
    return compose(order.email, `Your order ${orderName(order)} is approved`, [
      { greeting: order.name },
      `${by} approved your order ${orderName(order)}. You can pay it now.`,
      ...note,
      ...details(order),
      { action: 'Pay now', link: `${mail.publicUrl}/payment/${order._id}` },
    ]);
  return compose(order.email, `Your order ${orderName(order)} was rejected`, [
    { greeting: order.name },
    `${by} rejected your order ${orderName(order)}: it is cancelled and nothing will be charged.`,
    ...note,
    ...details(order),
  ]);
}

export function orderPaidMail(mail: OrderMail, order: Order, invoice: MailAttachment): MailMessage {
  return compose(
    order.email,
    `${order.onAccount ? 'Invoice on account' : 'Payment received'} for order ${orderName(order)}: invoice ${order.invoiceNumber ?? ''}`.trim(),
    [
      { greeting: order.name },
      order.onAccount
        ? `Order ${orderName(order)} is charged to your company's account: ${dollars(order.total)}. Your invoice ${order.invoiceNumber ?? ''} is attached; it is due on ${order.dueAt?.slice(0, 10) ?? ''}.`
        : `We received your payment of ${dollars(order.total)} for order ${orderName(order)}. Your invoice ${order.invoiceNumber ?? ''} is attached.`,
      ...details(order),
      { action: 'See your orders', link: `${mail.publicUrl}/dashboard/myorder2` },
    ],
    [invoice],
  );
}

export function orderShippedMail(mail: OrderMail, order: Order): MailMessage {
  return compose(order.email, `Your order ${orderName(order)} has shipped`, [
    { greeting: order.name },
    order.trackingNumber
      ? `Your order ${orderName(order)} is on its way. Its tracking number is ${order.trackingNumber}.`
      : `Your order ${orderName(order)} is on its way.`,
    ...details(order),
    { action: 'See your orders', link: `${mail.publicUrl}/dashboard/myorder2` },
  ]);
}

/**
 * Several orders of one customer shipped at once (issue 33 #2): one mail names them all, each with
 * its tracking number and lines.
 */
export function ordersShippedMail(mail: OrderMail, shipped: readonly Order[]): MailMessage {
  const [first] = shipped;
  if (!first) throw new Error('a shipping mail names at least one order');
  if (shipped.length === 1) return orderShippedMail(mail, first);
  const names = shipped.map(orderName).join(', ');
  return compose(first.email, `Your orders ${names} have shipped`, [
    { greeting: first.name },
    `Your orders ${names} are on their way.`,
    ...shipped.flatMap((order) => [
      order.trackingNumber
        ? `Order ${orderName(order)}: tracking number ${order.trackingNumber}.`
        : `Order ${orderName(order)}:`,
      ...details(order),
    ]),
    { action: 'See your orders', link: `${mail.publicUrl}/dashboard/myorder2` },
  ]);
}

/** Every backordered unit of an order arrived (issue 32 #3): it ships complete. */
export function backorderArrivedMail(mail: OrderMail, order: Order): MailMessage {
  return compose(order.email, `Your backordered parts for order ${orderName(order)} have arrived`, [
    { greeting: order.name },
    order.paid
      ? `Every part of your order ${orderName(order)} is in stock now, and it ships complete.`
      : `Every part of your order ${orderName(order)} is in stock now: it ships complete once it is paid.`,
    ...details(order),
    { action: 'See your orders', link: `${mail.publicUrl}/dashboard/myorder2` },
  ]);
}

/** Who cancelled, in the words the mail uses. */
export type CancelledBy = 'customer' | 'admin' | 'expiry' | 'account-removed';

const cancelledBecause: Record<CancelledBy, string> = {
  customer: 'You cancelled it.',
  admin: 'The shop deleted it.',
  expiry: 'It was not paid in time.',
  'account-removed': 'Your account was removed.',
};

export function orderCancelledMail(mail: OrderMail, order: Order, by: CancelledBy): MailMessage {
  return compose(order.email, `Your order ${orderName(order)} is cancelled`, [
    { greeting: order.name },
    `Your order ${orderName(order)} is cancelled and nothing will be charged. ${cancelledBecause[by]}`,
    ...details(order),
    { action: 'Shop again', link: `${mail.publicUrl}/parts` },
  ]);
}

/** Old parts came back (issue 32 #4): their deposit is refunded, with the credit note's number. */
export function coreReturnedMail(mail: OrderMail, order: Order, note: CreditNote): MailMessage {
  return compose(order.email, `Credit note ${note.number} for order ${orderName(order)}`, [
    { greeting: order.name },
    `We received ${note.quantity} old ${note.quantity === 1 ? 'part' : 'parts'} (${note.partNumber} ${note.name}) of order ${orderName(order)}. ${
      note.refundedTo === 'account'
        ? `${dollars(note.amount)} of core deposits is credited to your company's account`
        : `${dollars(note.amount)} of core deposits is refunded to your card; your bank shows it within a few days`
    }: credit note ${note.number}.`,
    ...order.lines.flatMap((line) =>
      line.core && line.core.owed > 0 && line.core.dueBy
        ? [`${line.partNumber}: ${coreMessages.owed(line.core.owed, line.core.dueBy)}`]
        : [],
    ),
    { action: 'See your orders', link: `${mail.publicUrl}/dashboard/myorder2` },
  ]);
}
