/** Words of the checkout page (issue 17 #2): apart, so that the purchase page does not carry them. */
import { dateOf } from './account-strings.ts';

export const checkoutText = {
  placed: 'Your order is placed: pay it now.',
  title: 'Check out — Axle',
  heading: 'Check out',
  loading: 'Loading your cart',
  empty: 'Your cart is empty: there is nothing to check out.',
  toCart: 'Go to your cart',
  linesHeading: 'Your order',
  notOrderable:
    'Some lines of your cart cannot be ordered as they are: change them in your cart first.',
  shipTo: 'Ship to',
  newAddress: 'The new address',
  phone: 'Phone',
  poNumber: 'Your PO number',
  poHint: 'Optional: your own purchase-order reference, printed on the invoice.',
  note: 'Note to the shop',
  noteHint: 'Optional: delivery instructions, say.',
  chooseAddress: 'Choose where the order goes',
  /** A company that pays on account (issue 18 #4) chooses how this order is paid. */
  payment: 'Payment',
  byCard: 'Pay by card',
  byCardHint: 'On the next page, once the order is placed.',
  onAccount: 'Pay on account',
  onAccountHint: (left: string, limit: string, days: number) =>
    `Invoiced to your company, due ${days} days after the invoice (net ${days}). Credit left: ${left} of ${limit}.`,
  placedOnAccount: 'Your order is placed and invoiced on your company’s account.',
  invoiced: (invoice: string, dueAt: string) => `Invoice ${invoice} is due on ${dateOf(dueAt)}.`,
  awaitingOnAccount:
    'Once approved, it is invoiced on your company’s account: no card payment is needed.',
  myOrders: 'Go to My Orders',
  submit: 'Place the order',
  busy: 'Placing your order',
  failed: 'Your order could not be placed. Please try again.',
} as const;
