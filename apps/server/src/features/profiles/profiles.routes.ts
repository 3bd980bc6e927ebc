import {
  errorReply,
  profileEmailParams,
  profileInfo,
  profileInfoQuery,
  updateProfileBody,
  updateProfileReply,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { getProfileInfo, updateOwnProfile } from './profiles.service.ts';

const tags = ['profiles'];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/** The profile info of SPEC §3 for the dashboard's My Profile. */
export const profilesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Every call here is private: the token is checked before the input.
  app.addHook('onRequest', requireSignedIn);

  app.get(
    '/api/profileinfo',
    {
      schema: {
        tags,
        operationId: 'getProfile',
        security: signedIn,
        summary: 'Profile info of your own e-mail (an admin may read anyone’s)',
        querystring: profileInfoQuery,
        response: { 200: profileInfo, ...refusals },
      },
    },
    async (request) => getProfileInfo(db, await request.currentUser(), request.query.email),
  );

  app.put(
    '/api/profile/:email',
    {
      schema: {
        tags,
        operationId: 'saveProfile',
        security: signedIn,
        summary: 'Create or update your own profile (SPEC §5 rules)',
        params: profileEmailParams,
        body: updateProfileBody,
        response: { 200: updateProfileReply, ...refusals },
      },
    },
    async (request) =>
      updateOwnProfile(db, await request.currentUser(), request.params.email, request.body),
  );
};
