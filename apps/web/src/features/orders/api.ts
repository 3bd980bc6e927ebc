/**
 * Calls of ordering (SPEC §7): reading and cancelling orders. The purchase page's (the part to
 * order, placing the order) are in purchase-api.ts, without the lists' paging.
 */
import type { cancelOrderReply, Order, order } from '@axle/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { fetchListPage, type ListPage } from '../../lib/list-page.ts';
import { ORDERS_KEY } from './keys.ts';

/** GET /orderid/{id}: the owner's (or an admin's) order; a 403 sends the page to / (SPEC §8). */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'one', id],
    queryFn: ({ signal }) =>
      api<z.infer<typeof order>>(`/orderid/${encodeURIComponent(id)}`, {
        signal,
        onDenied: 'home',
      }),
    retry: false,
  });

export type UserOrdersPage = { email: string; limit?: string; cursor?: string };

/**
 * GET /userorder?email=: one page of the customer's own orders, newest first; 401/403 signs out
 * (SPEC §8). The page on screen stays while the next one loads.
 */
export const userOrdersQuery = (params: UserOrdersPage) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'mine', params],
    queryFn: ({ signal }): Promise<ListPage<Order>> =>
      fetchListPage<Order>('/userorder', { query: params, signal, onDenied: 'signOut' }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /orders/{id}/invoice.pdf: a paid order's invoice, for its owner or an admin. */
export function downloadInvoice(id: string) {
  return api<Blob>(`/orders/${encodeURIComponent(id)}/invoice.pdf`, { reply: 'file' });
}

/**
 * GET /orders/{id}/credit-notes/{number}.pdf: a credit note of the order (issue 32 #4), for its
 * owner or an admin.
 */
export function downloadCreditNote(id: string, number: string) {
  return api<Blob>(
    `/orders/${encodeURIComponent(id)}/credit-notes/${encodeURIComponent(number)}.pdf`,
    { reply: 'file' },
  );
}

/** DELETE /order/{id}: cancels an unpaid order of the customer's; the stock comes back. */
export function cancelOrder(id: string) {
  return api<z.infer<typeof cancelOrderReply>>(`/order/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export type { Order };
