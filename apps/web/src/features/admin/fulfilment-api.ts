/**
 * Calls of the warehouse's work (issue 33 #2): many orders shipped at once, the picking list and
 * an order's packing slip. Apart from api.ts: loaded with the selection bar and the packing slip
 * button, not with Manage All Orders' first JavaScript (budget 118 KB).
 */
import type { BulkShipBody, BulkShipReply } from '@axle/contract';
import { api } from '../../lib/api-client.ts';

/**
 * POST /admin/orders/ship: ships each order that can be shipped, with its tracking number if
 * given; the others come back with the reason, unchanged. Each customer is mailed once.
 */
export function shipOrders(body: BulkShipBody) {
  return api<BulkShipReply>('/admin/orders/ship', { method: 'POST', body });
}

/** GET /admin/orders/picking-list.pdf: the orders named, or the oldest waiting to ship, as a file. */
export function downloadPickingList(ids: readonly string[]) {
  const query = ids.length > 0 ? `?ids=${ids.map(encodeURIComponent).join(',')}` : '';
  return api<Blob>(`/admin/orders/picking-list.pdf${query}`, { reply: 'file', onDenied: 'home' });
}

/** GET /admin/orders/{id}/packing-slip.pdf: a paid order's packing slip (no prices), as a file. */
export function downloadPackingSlip(id: string) {
  return api<Blob>(`/admin/orders/${encodeURIComponent(id)}/packing-slip.pdf`, {
    reply: 'file',
    onDenied: 'home',
  });
}
