/**
 * Words of the checkout's payment on account (issue 18 #4): the choice of card or account, and
 * what the page says once an order is invoiced. Apart from the checkout's other words, so that
 * they load with that choice only for a company that pays on account.
 */
import { dateOf } from './account-strings.ts';

export const onAccountCheckoutText = {
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
} as const;
