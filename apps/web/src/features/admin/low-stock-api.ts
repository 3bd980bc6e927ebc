/**
 * Calls of the parts running out (issue 33 #4): the parts below their reorder point, and a part's
 * reorder point changed. Apart from api.ts: loaded with the Low stock page only.
 */
import type { LowStockList, LowStockRow, ReorderPointBody } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** A change of a part's reorder point or of its stock invalidates this. */
export const LOW_STOCK_KEY = ['low-stock'] as const;

/** The most parts the page lists (the contract's largest `limit`), the emptiest first. */
export const LOW_STOCK_SHOWN = 100;

/** GET /admin/stock/low: the emptiest parts below their reorder point, and how many are low. */
export const lowStockQuery = () =>
  queryOptions({
    queryKey: [...LOW_STOCK_KEY, LOW_STOCK_SHOWN],
    queryFn: ({ signal }) =>
      api<LowStockList>('/admin/stock/low', { query: { limit: LOW_STOCK_SHOWN }, signal }),
    retry: false,
  });

/** What the server says of a part once its reorder point changed. */
export type ReorderPointReply = Pick<
  LowStockRow,
  'partId' | 'available' | 'reorderPoint' | 'defaultReorderPoint'
>;

/**
 * PUT /admin/parts/{id}/reorder-point: the part's own reorder point, or null for the default
 * (twice its minimum order); 404 when the part is gone.
 */
export function setReorderPoint(partId: string, body: ReorderPointBody) {
  return api<ReorderPointReply>(`/admin/parts/${encodeURIComponent(partId)}/reorder-point`, {
    method: 'PUT',
    body,
  });
}

export type { LowStockList, LowStockRow };
