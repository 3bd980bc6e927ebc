import {
  adminParams,
  adminReply,
  errorReply,
  userSyncBody,
  userSyncParams,
  userSyncReply,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import type { AccountsContext } from './accounts.context.ts';
import { isAdmin, syncUser } from './accounts.service.ts';

export type AccountsRoutesOptions = { ctx: AccountsContext };

const tags = ['accounts'];

/** The account record itself (SPEC §7): user sync after sign-in, and the admin check. */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (
  app,
  { ctx },
) => {
  app.put(
    '/api/user/:email',
    {
      onRequest: requireSignedIn,
      schema: {
        tags,
        operationId: 'syncUser',
        security: signedIn,
        summary: 'User sync after sign-in (SPEC §7): only your own account; returns a fresh token',
        params: userSyncParams,
        body: userSyncBody,
        response: { 200: userSyncReply, 400: errorReply, 401: errorReply, 403: errorReply },
      },
    },
    async (request) =>
      syncUser(ctx, await request.currentUser(), request.params.email, request.body),
  );

  app.get(
    '/api/admin/:email',
    {
      onRequest: requireSignedIn,
      schema: {
        tags,
        operationId: 'isAdmin',
        security: signedIn,
        summary: 'Whether an account is an admin (SPEC §7); a customer may ask only about themself',
        params: adminParams,
        response: { 200: adminReply, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => ({
      admin: await isAdmin(ctx, await request.currentUser(), request.params.email),
    }),
  );
};
