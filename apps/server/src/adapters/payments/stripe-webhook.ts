import Stripe from 'stripe';
import type { IntentStatus } from './payment-provider.ts';
import { intentStatusOf } from './stripe-provider.ts';

/** The request was not signed by Stripe with our endpoint's secret, or not recently: refuse it. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export type VerifyStripeEventInput = {
  /** The request body exactly as received: re-serialised JSON does not match the signature. */
  payload: Buffer | string;
  /** The `Stripe-Signature` header. */
  signatureHeader: string | readonly string[] | undefined;
  /** The endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
  /** How old a signature may be, against replays. Stripe's default: 5 minutes. */
  toleranceSeconds?: number;
};

/** Checks the signature of a webhook delivery and returns its event; throws when it is not Stripe's. */
export function verifyStripeEvent({
  payload,
  signatureHeader,
  webhookSecret,
  toleranceSeconds = 300,
}: VerifyStripeEventInput): Stripe.Event {
  if (webhookSecret.trim() === '') throw new Error('The Stripe webhook secret is empty');
  // The SDK skips the timestamp check for 0, which would accept any replayed delivery.
  if (!(toleranceSeconds > 0)) throw new RangeError('toleranceSeconds must be positive');
  if (typeof signatureHeader !== 'string' || signatureHeader === '') {
    throw new WebhookSignatureError('The Stripe-Signature header is missing');
  }
  try {
    return Stripe.webhooks.constructEvent(
      payload,
      signatureHeader,
      webhookSecret,
      toleranceSeconds,
    );
  } catch (error) {
    // Any failure to verify is a refusal, not a crash: a malformed header such as `t=1,v1=`
    // makes the SDK throw a plain Error rather than its signature error.
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookSignatureError(error.message);
    }
    throw new WebhookSignatureError('The Stripe-Signature header could not be verified');
  }
}

type PaymentIntentEvent = Extract<Stripe.Event, { type: `payment_intent.${string}` }>;

export type PaymentIntentEventSummary = {
  type: PaymentIntentEvent['type'];
  intentId: string;
  /** From the intent's metadata, as set when the shop created it; null for intents made elsewhere. */
  orderId: string | null;
  status: IntentStatus;
  amountCents: number;
};

const isPaymentIntentEvent = (event: Stripe.Event): event is PaymentIntentEvent =>
  event.type.startsWith('payment_intent.') && event.data.object.object === 'payment_intent';

/** What the shop needs from a `payment_intent.*` event; null for any other event. */
export function paymentIntentFromEvent(event: Stripe.Event): PaymentIntentEventSummary | null {
  if (!isPaymentIntentEvent(event)) return null;
  const intent = event.data.object;
  return {
    type: event.type,
    intentId: intent.id,
    orderId: intent.metadata?.orderId ?? null,
    status: intentStatusOf(intent.status),
    amountCents: intent.amount,
  };
}
