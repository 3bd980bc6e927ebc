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
import { CardError, type SandboxProvider } from '../../adapters/payments/sandbox-provider.ts';
import { DomainError } from '../../http/errors.ts';
import { createPaymentIntent, type PaymentsContext, recordPayment } from './payments.service.ts';

const tags = ['payments'];
const security = [{ bearerAuth: [] }];
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
  /** Present in sandbox mode: the page's own card form confirms through it. */
  sandbox: SandboxProvider | undefined;
};

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { ctx, config, sandbox },
) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags,
        summary: 'Which payment provider the page loads',
        response: { 200: configReply },
      },
    },
    async () => ({ payments: config }),
  );

  app.post(
    '/api/create-payment-intent',
    {
      schema: {
        tags,
        security,
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
      schema: {
        tags,
        security,
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
};
