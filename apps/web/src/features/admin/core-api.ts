/**
 * Calls of core charges (issue 32 #4): recording the old parts returned of an order, and its
 * credit notes. Apart from api.ts: loaded with the dialog and the credit notes, not with Manage
 * All Orders' first JavaScript (budget 118 KB).
 */
import type { CoreReturnBody, Order } from '@axle/contract';
import { api } from '../../lib/api-client.ts';

/**
 * POST /admin/orders/{id}/core-returns: old parts received for a line of a paid order → the
 * order, whose last credit note is the one issued. 409 when more cores than are owed, or the
 * order is not paid; 400 when the part has no core charge on it.
 */
export function recordCoreReturn(id: string, body: CoreReturnBody, idempotencyKey: string) {
  return api<Order>(`/admin/orders/${encodeURIComponent(id)}/core-returns`, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** GET /orders/{id}/credit-notes/{number}.pdf: one of an order's credit notes, with the token. */
export function downloadCreditNote(id: string, number: string) {
  return api<Blob>(
    `/orders/${encodeURIComponent(id)}/credit-notes/${encodeURIComponent(number)}.pdf`,
    { reply: 'file', onDenied: 'home' },
  );
}
