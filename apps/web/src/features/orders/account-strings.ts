/**
 * Words of an order paid on its company's account (issue 18 #4): invoiced without a card, due
 * after the company's terms, settled once the shop records the payment. Apart from the other words
 * of ordering, so that My Company and the checkout carry only these.
 */

import { dayText } from '@axle/contract/order-texts';

/** "Mar 5, 2025", in the customer's time zone. */
export const dateOf = dayText;

export const accountText = {
  label: 'Payment:',
  /** "On account · invoice INV-000012 · due Apr 4, 2025" (or "settled …", or awaiting approval). */
  line: (order: {
    invoiceNumber: string | null;
    dueAt: string | null;
    settledAt: string | null;
    approval: string | null;
  }) =>
    [
      'On account',
      order.invoiceNumber
        ? `invoice ${order.invoiceNumber}`
        : order.approval === 'awaiting'
          ? 'invoiced once approved'
          : null,
      order.settledAt
        ? `settled ${dateOf(order.settledAt)}`
        : order.dueAt
          ? `due ${dateOf(order.dueAt)}`
          : null,
    ]
      .filter(Boolean)
      .join(' · '),
  /** On the payment page of an order invoiced on account: no card is taken for it. */
  invoiced: 'This order is invoiced on your company’s account: no card payment is needed.',
  myOrders: 'Go to My Orders',
} as const;
