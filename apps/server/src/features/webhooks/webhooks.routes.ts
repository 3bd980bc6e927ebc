import {
  createdWebhook,
  emptyReply,
  errorReply,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  webhookBody,
  webhookDeliveriesQuery,
  webhookDeliveryList,
  webhookEndpointList,
  webhookParams,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { sendPage } from '../../http/paging.ts';
import type { WebhookNetwork } from './webhook-addresses.service.ts';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks } from './webhooks.service.ts';

const tags = ['integrations'];
const security = signedIn;
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

/**
 * Outgoing webhooks (issue 19 #4), set up by the customer in person (an API key cannot). In a
 * company, only an owner adds them, and an owner's endpoint hears of every order of the company.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ db: Db; network: WebhookNetwork }> = async (
  app,
  { db, network },
) => {
  app.addHook('onRequest', requireSignedIn);

  app.post(
    '/api/webhooks',
    {
      schema: {
        tags,
        security,
        operationId: 'createWebhook',
        summary: 'Add an endpoint for order events; the signing secret is in this reply only',
        description: `Events: ${WEBHOOK_EVENTS.join(', ')}. Each is POSTed as JSON \`{ id, type, createdAt, data: { order } }\` at least once (the same \`id\` on a repeat), retried with exponential back-off for a day while the endpoint does not answer 2xx; redirects are not followed. The \`${WEBHOOK_SIGNATURE_HEADER}\` header is \`t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" with the secret}\`: check it, and that t is recent. The URL must be https and its host must resolve to public addresses only (400 otherwise). At most ${WEBHOOK_ENDPOINTS_MAX} endpoints (409 for one more).`,
        body: webhookBody,
        response: { 201: createdWebhook, 409: errorReply, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createWebhook(db, network, await request.currentUser(), request.body)),
  );

  app.get(
    '/api/webhooks',
    {
      schema: {
        tags,
        security,
        operationId: 'listWebhooks',
        summary:
          'Your webhook endpoints, newest first, with deliveries waiting and the last one made',
        response: { 200: webhookEndpointList, ...refusals },
      },
    },
    async (request) => listWebhooks(db, await request.currentUser()),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        security,
        operationId: 'deleteWebhook',
        summary: 'Delete one of your webhook endpoints: nothing more is sent to it',
        params: webhookParams,
        response: { 204: emptyReply('Deleted'), 404: errorReply, ...refusals },
      },
    },
    async (request, reply) => {
      await deleteWebhook(db, await request.currentUser(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        security,
        operationId: 'listWebhookDeliveries',
        summary:
          "An endpoint's deliveries, newest first: pending, delivered or failed, with each attempt's outcome",
        description:
          'Paged with `cursor`: the next page is in the `Link` header, the count in `X-Total-Count`.',
        params: webhookParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveryList, 404: errorReply, ...refusals },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await listDeliveries(db, await request.currentUser(), request.params.id, request.query),
      ),
  );
};
