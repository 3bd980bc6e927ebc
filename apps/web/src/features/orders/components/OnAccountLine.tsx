import { accountText } from '../account-strings.ts';
import type { Order } from '../api.ts';

type Props = {
  order: Pick<Order, 'onAccount' | 'invoiceNumber' | 'dueAt' | 'settledAt' | 'approval'>;
};

/**
 * How an order on its company's account (issue 18 #4) is paid: its invoice and when it is due, or
 * when the shop recorded its payment. Nothing for an order paid by card.
 */
export function OnAccountLine({ order }: Props) {
  if (!order.onAccount) return null;
  return <span className="break-words">{accountText.line(order)}</span>;
}
