/** Calls of the cart (issue 17): the signed-in customer's cart, quick order and reorder. */
import type {
  CartLineChange,
  CartReply,
  PartDetail,
  QuickOrderReply,
  ReorderReply,
} from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { ITEMS_KEY } from '../catalog/index.ts';
import { CART_KEY } from './keys.ts';
import type { VisitorLine } from './visitor-cart.ts';

/** GET /cart: the signed-in customer's cart, priced by the server now. */
export const cartQuery = queryOptions({
  queryKey: CART_KEY,
  queryFn: ({ signal }) => api<CartReply>('/cart', { signal }),
  retry: false,
});

/**
 * PUT /cart/lines/{partId}: how many of a part the cart holds, and (when given) the company's
 * fleet vehicle it is for, null for none (answers the line and totals).
 */
export const setCartLine = (partId: string, quantity: number, vehicleId?: string | null) =>
  api<CartLineChange>(`/cart/lines/${encodeURIComponent(partId)}`, {
    method: 'PUT',
    body: vehicleId === undefined ? { quantity } : { quantity, vehicleId },
  });

/** POST /cart/lines: a quantity added to what the cart holds of a part ("Add to cart"). */
export const addCartLine = (partId: string, quantity: number) =>
  api<CartLineChange>('/cart/lines', { method: 'POST', body: { partId, quantity } });

/** DELETE /cart/lines/{partId}. */
export const removeCartLine = (partId: string) =>
  api<CartReply>(`/cart/lines/${encodeURIComponent(partId)}`, { method: 'DELETE' });

/** DELETE /cart: an empty cart. */
export const emptyCart = () => api<CartReply>('/cart', { method: 'DELETE' });

/** POST /cart/merge: a visitor's lines join the account's cart at sign-in. */
export const mergeCart = (lines: readonly VisitorLine[]) =>
  api<CartReply>('/cart/merge', { method: 'POST', body: { lines } });

/** POST /cart/quick: lines of `part number, quantity` into the cart. */
export const quickOrder = (text: string) =>
  api<QuickOrderReply>('/cart/quick', { method: 'POST', body: { text } });

/** POST /orders/{id}/reorder: a past order's lines into the cart, with what changed. */
export const reorder = (orderId: string) =>
  api<ReorderReply>(`/orders/${encodeURIComponent(orderId)}/reorder`, { method: 'POST' });

/** GET /item/{id}: a part of a visitor's cart (the same cache as the purchase page's). */
export const cartPartQuery = (id: string) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'part', id],
    queryFn: ({ signal }) => api<PartDetail>(`/item/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
