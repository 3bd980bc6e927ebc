import { z } from 'zod';
import { order } from './orders.ts';

/** Which payment provider the page loads (GET /api/config). */
export const configReply = z.object({
  payments: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('sandbox') }),
    z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
  ]),
  /** The tax prices include (TAX_RATE), in hundredths of a percent: 1500 is 15 %. */
  taxRateBasisPoints: z.number().int(),
});
export type PaymentsConfig = z.infer<typeof configReply>['payments'];

/** `totalPrice` is optional; when sent it must equal the server's total for the order. */
export const createPaymentIntentBody = z.object({
  orderId: z.uuid({ error: 'orderId must be an order id (a UUID)' }),
  totalPrice: z.number().optional(),
});
export const createPaymentIntentReply = z.object({
  clientSecret: z.string(),
  /** The amount the provider will charge, in dollars (the server's own total). */
  amount: z.number(),
});

/** PUT /api/order/{id}: the server asks the provider whether `transaction` really paid this order. */
export const recordPaymentBody = z.object({
  partsId: z.uuid().optional(),
  transaction: z.string().trim().min(1).max(255),
});
export const recordPaymentReply = z.object({ modifiedCount: z.number().int(), order });

/** The sandbox provider's card form (SPEC's card payment, offline). Digits may be grouped by spaces. */
export const sandboxConfirmBody = z.object({
  clientSecret: z.string().min(10).max(255),
  card: z.object({
    number: z.string().max(30),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(10),
  }),
});
export const sandboxConfirmReply = z.object({
  id: z.string(),
  status: z.enum(['succeeded']),
});
