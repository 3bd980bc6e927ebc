import {
  API_KEY_SCOPES,
  API_KEYS_MAX,
  apiKeyBody,
  apiKeyList,
  apiKeyParams,
  createdApiKey,
  emptyReply,
  errorReply,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

const tags = ['integrations'];
const security = signedIn;
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

/**
 * API keys (issue 19 #3): made, listed and revoked by the customer in person (a key cannot manage
 * keys). In a company, only an owner makes keys, and a key works while its maker is an owner.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', requireSignedIn);

  app.post(
    '/api/keys',
    {
      schema: {
        tags,
        security,
        operationId: 'createApiKey',
        summary: 'Make an API key for your own system; the key is in this reply only',
        description: `Send it as \`Authorization: Bearer axk_…\`. It acts as you, on the calls its scopes (${API_KEY_SCOPES.join(', ')}) allow and no other: never on account, API key, company or admin calls. Only its hash is kept, so it cannot be shown again. A company's key is made by one of its owners (a buyer gets a 403) and works while its maker is an owner. At most ${API_KEYS_MAX} keys (409 for one more).`,
        body: apiKeyBody,
        response: { 201: createdApiKey, 409: errorReply, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiKey(db, await request.currentUser(), request.body)),
  );

  app.get(
    '/api/keys',
    {
      schema: {
        tags,
        security,
        operationId: 'listApiKeys',
        summary:
          'Your API keys, newest first: how each starts, its scopes and when it was last used',
        response: { 200: apiKeyList, ...refusals },
      },
    },
    async (request) => listApiKeys(db, await request.currentUser()),
  );

  app.delete(
    '/api/keys/:id',
    {
      schema: {
        tags,
        security,
        operationId: 'revokeApiKey',
        summary: 'Revoke one of your API keys: the next call with it is refused (401)',
        params: apiKeyParams,
        response: { 204: emptyReply('Revoked'), 404: errorReply, ...refusals },
      },
    },
    async (request, reply) => {
      await revokeApiKey(db, await request.currentUser(), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
