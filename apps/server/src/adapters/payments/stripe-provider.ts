import Stripe from 'stripe';
import type { IntentStatus, PaymentIntent, PaymentProvider } from './payment-provider.ts';

/** Where the SDK sends its requests; only tests point it elsewhere than api.stripe.com. */
export type StripeApiBase = { host: string; port: number | string; protocol: 'http' | 'https' };

export type StripeProviderOptions = {
  /** `sk_live_…` / `sk_test_…` (or a restricted `rk_…` key); never logged, never in an error. */
  secretKey: string;
  apiBase?: StripeApiBase;
};

/**
 * A refused or failed Stripe call, with a message safe to log: no API key, no client secret.
 * `statusCode` and `code` are Stripe's (e.g. 404 and 'resource_missing' for an unknown intent).
 */
export class StripeProviderError extends Error {
  override readonly name = 'StripeProviderError';
  readonly statusCode: number | undefined;
  readonly code: string | undefined;
  readonly requestId: string | undefined;

  constructor(
    message: string,
    details: { statusCode?: number; code?: string; requestId?: string } = {},
  ) {
    super(message);
    this.statusCode = details.statusCode;
    this.code = details.code;
    this.requestId = details.requestId;
  }
}

const knownStatuses: ReadonlySet<string> = new Set<IntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);

/**
 * Stripe's intent status in the shop's terms. A status this code does not know yet counts as
 * still in progress: never as paid, never as final.
 */
export function intentStatusOf(status: string): IntentStatus {
  return knownStatuses.has(status) ? (status as IntentStatus) : 'processing';
}

/** A `/v1/payment_intents` create, retrieve or cancel, and `/v1/refunds`, through the official SDK. */
export function createStripeProvider({
  secretKey,
  apiBase,
}: StripeProviderOptions): PaymentProvider {
  if (secretKey.trim() === '') throw new Error('The Stripe secret key is empty');
  // The SDK pins its own API version (the one its types describe), so none is set here.
  const stripe = new Stripe(secretKey, {
    ...apiBase,
    // No telemetry: it writes an id under the home directory and reports timings to Stripe.
    telemetry: false,
    maxNetworkRetries: 2,
    // The SDK's default (80 s) would hold a customer's request open long after they gave up.
    timeout: 20_000,
  });
  const safe = (operation: string) => (error: unknown) => {
    throw toProviderError(operation, error, secretKey);
  };

  return {
    name: 'stripe',

    async createIntent({ orderId, amountCents, idempotencyKey }) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: amountCents,
            currency: 'usd',
            metadata: { orderId },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        )
        .catch(safe('create a payment intent'));
      return toPaymentIntent(intent);
    },

    async retrieveIntent(id) {
      const intent = await stripe.paymentIntents
        .retrieve(id, { expand: ['latest_charge'] })
        .catch(safe('retrieve a payment intent'));
      return toPaymentIntent(intent);
    },

    async cancelIntent(id) {
      try {
        await stripe.paymentIntents.cancel(id);
      } catch (error) {
        // Cancelling twice (a retried request, a second tab) is not a failure.
        if (
          error instanceof Stripe.errors.StripeError &&
          error.code === 'payment_intent_unexpected_state'
        ) {
          const current = await stripe.paymentIntents
            .retrieve(id)
            .catch(safe('cancel a payment intent'));
          if (current.status === 'canceled') return;
        }
        safe('cancel a payment intent')(error);
      }
    },

    async refund({ intentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds
        .create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey })
        .catch(safe('refund a payment'));
      return { id: refund.id, amountCents: refund.amount };
    },
  };
}

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    currency: intent.currency,
    status: intentStatusOf(intent.status),
    orderId: intent.metadata?.orderId ?? null,
    card: cardOf(intent.latest_charge),
  };
}

/** Only brand and last four digits ever leave Stripe's charge; nothing else of the card. */
function cardOf(charge: Stripe.PaymentIntent['latest_charge']): PaymentIntent['card'] {
  if (charge === null || typeof charge === 'string') return null;
  const card = charge.payment_method_details?.card;
  if (!card?.brand || !card.last4) return null;
  return { brand: card.brand, last4: card.last4 };
}

// Stripe's own messages can quote a key ('Invalid API Key provided: sk_test_****1234'); a client
// secret can appear in a request error. Neither must reach a log.
const secretPatterns = [/\b(?:sk|rk|pk)_(?:live|test)_[\w*]+/g, /\b\w+_secret_\w+/g];

function redact(text: string, secretKey: string): string {
  let result = text.split(secretKey).join('[redacted]');
  for (const pattern of secretPatterns) result = result.replace(pattern, '[redacted]');
  return result;
}

function toProviderError(
  operation: string,
  error: unknown,
  secretKey: string,
): StripeProviderError {
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return new StripeProviderError(
      `Stripe refused the API key while trying to ${operation}; check STRIPE_SECRET_KEY`,
      { statusCode: error.statusCode ?? 401, code: error.code, requestId: error.requestId },
    );
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new StripeProviderError(`Could not reach Stripe to ${operation}`);
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new StripeProviderError(
      redact(`Stripe could not ${operation}: ${error.message}`, secretKey),
      { statusCode: error.statusCode, code: error.code, requestId: error.requestId },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new StripeProviderError(redact(`Stripe could not ${operation}: ${message}`, secretKey));
}
