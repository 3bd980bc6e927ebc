/** Calls of ordering (SPEC §7): the part to order, placing, reading and cancelling orders. */
import {
  cancelOrderReply,
  type Order,
  order,
  orderList,
  type PlaceOrderBody,
  part,
  placeOrderReply,
} from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/**
 * Stock changes when an order is placed or cancelled, so everything cached under the catalogue's
 * key `items` (SPEC §7) is refetched then; the part of the purchase page lives under it too.
 */
export const ITEMS_KEY = ['items'] as const;
export const ORDERS_KEY = ['orders'] as const;

/** GET /item/{id}: the part on the purchase page. */
export const partQuery = (id: string) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'part', id],
    queryFn: ({ signal }) => api(`/item/${encodeURIComponent(id)}`, part, { signal }),
    retry: false,
  });

/** POST /order: the server takes price, part name and image, name and e-mail itself. */
export function placeOrder(body: PlaceOrderBody) {
  return api('/order', placeOrderReply, { method: 'POST', body });
}

/** GET /orderid/{id}: the owner's (or an admin's) order; a 403 sends the page to / (SPEC §8). */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'one', id],
    queryFn: ({ signal }) =>
      api(`/orderid/${encodeURIComponent(id)}`, order, { signal, onDenied: 'home' }),
    retry: false,
  });

/** GET /userorder?email=: the customer's own orders, newest first; 401/403 signs out (SPEC §8). */
export const userOrdersQuery = (email: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'mine', email],
    queryFn: ({ signal }) =>
      api('/userorder', orderList, { query: { email }, signal, onDenied: 'signOut' }),
    retry: false,
  });

/** DELETE /order/{id}: cancels an unpaid order of the customer's; the stock comes back. */
export function cancelOrder(id: string) {
  return api(`/order/${encodeURIComponent(id)}`, cancelOrderReply, { method: 'DELETE' });
}

export type { Order };
