import {
  configReply,
  createPaymentIntentBody,
  createPaymentIntentReply,
  errorReply,
  orderIdParams,
  recordPaymentBody,
  recordPaymentReply,
  sandboxConfirmBody,
  sandboxConfirmReply,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CardError, type SandboxProvider } from '../../adapters/payments/sandbox-provider.ts';
import {
  paymentIntentFromEvent,
  verifyStripeEvent,
  WebhookSignatureError,
} from '../../adapters/payments/stripe-webhook.ts';
import { DomainError } from '../../domain/errors.ts';
import { publicCall, signedIn } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import {
  createPaymentIntent,
  handleProviderEvent,
  type PaymentsContext,
  recordPayment,
} from './payments.service.ts';

const tags = ['payments'];

/** The answer to a Stripe event: Stripe acts on the status; its dashboard shows the rest. */
const stripeEventReply = z.object({
  received: z.literal(true),
  outcome: z.enum(['handled', 'duplicate', 'ignored']),
});

const refusals = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
};

export type PaymentsRoutesOptions = {
  ctx: PaymentsContext;
  /** What the page needs to load the provider's card form. */
  config: { provider: 'sandbox' } | { provider: 'stripe'; publishableKey: string };
  /** The tax prices include (TAX_RATE), for the totals the cart and checkout show. */
  taxRateBasisPoints: number;
  /** Present in sandbox mode: the page's own card form confirms through it. */
  sandbox: SandboxProvider | undefined;
  /** Present in Stripe mode with STRIPE_WEBHOOK_SECRET: Stripe's calls are verified with it. */
  stripeWebhookSecret: string | undefined;
};

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { ctx, config, taxRateBasisPoints, sandbox, stripeWebhookSecret },
) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags,
        operationId: 'getPaymentConfig',
        security: publicCall,
        summary: 'Which payment provider the page loads, and the tax prices include',
        response: { 200: configReply },
      },
    },
    async () => ({ payments: config, taxRateBasisPoints }),
  );

  app.post(
    '/api/create-payment-intent',
    {
      onRequest: requireSignedIn,
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'createPaymentIntent',
        security: signedIn,
        summary: "A payment intent for the server's total of your order (reused on reload)",
        body: createPaymentIntentBody,
        response: { 200: createPaymentIntentReply, ...refusals },
      },
    },
    async (request) => createPaymentIntent(ctx, await request.currentUser(), request.body),
  );

  app.put(
    '/api/order/:id',
    {
      onRequest: requireSignedIn,

      schema: {
        tags,
        operationId: 'payOrder',
        security: signedIn,
        summary:
          'Record a payment; the provider must confirm it succeeded for this order and amount',
        params: orderIdParams,
        body: recordPaymentBody,
        response: { 200: recordPaymentReply, ...refusals },
      },
    },
    async (request) =>
      recordPayment(ctx, await request.currentUser(), request.params.id, request.body),
  );

  if (sandbox) {
    app.post(
      '/api/payments/sandbox/confirm',
      {
        schema: {
          tags,
          operationId: 'confirmSandboxPayment',
          security: publicCall,
          summary: 'The offline sandbox: confirm an intent with a card (Stripe test cards apply)',
          body: sandboxConfirmBody,
          response: {
            200: sandboxConfirmReply,
            400: errorReply,
            402: errorReply,
            404: errorReply,
            409: errorReply,
          },
        },
      },
      async (request) => {
        try {
          const intent = await sandbox.confirm(request.body.clientSecret, request.body.card);
          return { id: intent.id, status: 'succeeded' as const };
        } catch (error) {
          if (error instanceof CardError)
            throw new DomainError(error.statusCode, error.code, error.message);
          throw error;
        }
      },
    );
  }

  if (stripeWebhookSecret) {
    // The signature covers the raw bytes, so this one route keeps the body unparsed.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
        (_request, body, done) => done(null, body),
      );
      scope.post(
        '/api/payments/stripe/webhook',
        {
          schema: {
            tags,
            operationId: 'receiveStripeEvent',
            security: publicCall,
            summary: "Stripe's events, verified by signature and handled once each",
            description:
              'For Stripe alone: the `Stripe-Signature` header signs the raw body with the webhook secret.',
            response: { 200: stripeEventReply },
          },
        },
        async (request) => {
          let event: ReturnType<typeof verifyStripeEvent>;
          try {
            event = verifyStripeEvent({
              payload: request.body as Buffer,
              signatureHeader: request.headers['stripe-signature'],
              webhookSecret: stripeWebhookSecret,
            });
          } catch (error) {
            if (error instanceof WebhookSignatureError)
              throw new DomainError(400, 'invalid_signature', 'The webhook signature is not valid');
            throw error;
          }
          const intent = paymentIntentFromEvent(event);
          const outcome = await handleProviderEvent(ctx, {
            id: event.id,
            type: event.type,
            intentId: intent?.intentId ?? null,
          });
          return { received: true, outcome };
        },
      );
    });
  }
};
