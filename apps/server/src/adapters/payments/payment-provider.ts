/** What the shop needs from a card payment provider (Stripe, or the offline sandbox). */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type PaymentIntent = {
  id: string;
  /** Handed to the page only; never logged, stored only as a hash. */
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  /** The order this intent is for, from the provider's own record (Stripe: metadata.orderId). */
  orderId: string | null;
  card: { brand: string; last4: string } | null;
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * Creates an intent for an order, in USD cents. The same idempotency key returns the same
   * intent, so a reload or a retry never creates a second charge.
   */
  createIntent(input: {
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  /** The provider's current view of an intent; throws when it does not exist. */
  retrieveIntent(id: string): Promise<PaymentIntent>;
  cancelIntent(id: string): Promise<void>;
  /**
   * Gives back part of a succeeded intent, in USD cents (a core deposit, issue 32 #4). The same
   * idempotency key returns the same refund, so a retry never refunds twice; the provider refuses
   * more in all than was paid.
   */
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<Refund>;
}

/** A refund the provider made: its id and amount in cents. */
export type Refund = { id: string; amountCents: number };
