// An order in people's words (issue 30 #9): its short number, the day (`dayText`) and its
// state, the same on My Orders, Manage All Orders, the payment page and in mails. Free of zod, so
// that any page can show them (ADR 008).

/** What an order's state is made of. */
export type OrderState = {
  paid: boolean;
  shipped: boolean;
  cancelled: boolean;
  trackingNumber: string | null;
  approval: 'awaiting' | 'approved' | 'rejected' | null;
  onAccount: boolean;
};

export const orderStateWords = {
  cancelled: 'Cancelled',
  awaitingApproval: 'Awaiting approval',
  awaitingPayment: 'Awaiting payment',
  preparing: 'Paid — being prepared',
  preparingOnAccount: 'Invoiced — being prepared',
  shipped: 'Shipped',
  shippedTracking: (tracking: string) => `Shipped — tracking ${tracking}`,
} as const;

/**
 * Where an order is, as a sentence a buyer reads: "Awaiting payment", "Paid — being prepared",
 * "Shipped — tracking 1Z999", "Cancelled" (and, for a company, "Awaiting approval" while an owner
 * decides, "Invoiced — being prepared" when it is paid on account).
 */
export function orderStateText(order: OrderState): string {
  const words = orderStateWords;
  if (order.cancelled) return words.cancelled;
  if (order.approval === 'awaiting') return words.awaitingApproval;
  if (!order.paid) return words.awaitingPayment;
  if (order.shipped)
    return order.trackingNumber ? words.shippedTracking(order.trackingNumber) : words.shipped;
  return order.onAccount ? words.preparingOnAccount : words.preparing;
}

/** An order's short number as people say it: "Order 10042". */
export const orderNumberText = (number: number) => `Order ${number}`;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A day as the shop writes it, in the reader's time zone: "Nov 26, 2026". */
export const dayText = (iso: string) => day.format(new Date(iso));

/** Why a bulk ship left an order as it was (issue 33 #2), beside the order's own refusals. */
export const bulkShipMessages = {
  alreadyShipped: 'This order has already shipped',
  noOrder: 'There is no such order',
} as const;

/** The warehouse's papers (issue 33 #2): why a picking list leaves an order out, and the slip's refusal. */
export const pickingMessages = {
  unpaid: 'not paid yet',
  cancelled: 'cancelled',
  shipped: 'already shipped',
  waiting: 'waits for backordered parts',
  unknown: 'no such order',
  noSlip: 'An unpaid or cancelled order has no packing slip: an order is packed once it is paid',
} as const;
