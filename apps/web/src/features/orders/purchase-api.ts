/**
 * The purchase page's calls (SPEC §7): the part to order and placing the order, apart from the
 * orders' other calls (and their lists' paging), which the page does not need.
 */
import type { PartDetail, PlaceOrderBody, placeOrderReply } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { ITEMS_KEY } from '../catalog/index.ts';

/** GET /item/{id}: the part on the purchase page, with what the catalogue knows of it. */
export const partQuery = (id: string) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'part', id],
    queryFn: ({ signal }) => api<PartDetail>(`/item/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

/**
 * POST /order: the server takes price, part name and image, name and e-mail itself. A retry of the
 * same attempt (the same `idempotencyKey`) answers the order the first one placed.
 */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return api<z.infer<typeof placeOrderReply>>('/order', { method: 'POST', body, idempotencyKey });
}
