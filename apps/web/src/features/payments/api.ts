/** Calls of card payment (SPEC §7, PRODUCT §3 item 5): provider, intent, sandbox card, recording. */
import type {
  createPaymentIntentReply,
  recordPaymentReply,
  sandboxConfirmReply,
} from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

/**
 * POST /create-payment-intent, asked on load and again whenever the total changes (SPEC §4). The
 * server reuses the order's open intent, so asking again never makes a second charge; a retry with
 * the page's `idempotencyKey` is answered the first reply.
 */
export const paymentIntentQuery = (orderId: string, totalPrice: number, idempotencyKey: string) =>
  queryOptions({
    queryKey: ['payment-intent', orderId, totalPrice, idempotencyKey],
    queryFn: ({ signal }) =>
      api<z.infer<typeof createPaymentIntentReply>>('/create-payment-intent', {
        method: 'POST',
        body: { orderId, totalPrice },
        signal,
        idempotencyKey,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string };

/** The sandbox provider confirms the intent with the card (Stripe's test cards and wording). */
export async function confirmSandboxPayment(clientSecret: string, card: SandboxCard) {
  return api<z.infer<typeof sandboxConfirmReply>>('/payments/sandbox/confirm', {
    method: 'POST',
    body: { clientSecret, card },
  });
}

/** PUT /order/{id}: the server asks the provider whether `transaction` paid this order. */
export async function recordPayment(
  orderId: string,
  body: { partsId: string; transaction: string },
): Promise<z.infer<typeof recordPaymentReply>['order']> {
  const reply = await api<z.infer<typeof recordPaymentReply>>(
    `/order/${encodeURIComponent(orderId)}`,
    {
      method: 'PUT',
      body,
    },
  );
  return reply.order;
}
