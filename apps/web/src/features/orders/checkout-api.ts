/** The checkout's call (issue 17 #2), apart from the orders' other calls the page does not need. */
import type { CheckoutBody, checkoutReply } from '@axle/contract';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

/**
 * POST /checkout: the cart becomes one order of many lines. A retry of the same attempt (the same
 * `idempotencyKey`) answers the order the first one placed.
 */
export function checkout(body: CheckoutBody, idempotencyKey: string) {
  return api<z.infer<typeof checkoutReply>>('/checkout', { method: 'POST', body, idempotencyKey });
}
