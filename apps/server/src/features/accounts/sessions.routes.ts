import {
  authMessages,
  authReply,
  emptyReply,
  errorReply,
  loginBody,
  meReply,
  tokenReply,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TooManyRequests, Unauthorized } from '../../domain/errors.ts';
import { publicCall, signedIn as signedInOnly } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { type FailureCounter, limitRoute } from '../../http/rate-limit.ts';
import type { AccountsContext } from './accounts.context.ts';
import { type AuthLimits, accountKey } from './accounts.limits.ts';
import { clearRefreshCookie, REFRESH_COOKIE, signedIn } from './sessions.cookie.ts';
import { getAccount, logIn, logOut, refresh } from './sessions.service.ts';

export type SessionsRoutesOptions = {
  ctx: AccountsContext;
  limits: AuthLimits;
  /** Failed sign-ins per account (the app's, shared through Redis when configured). */
  signInFailures: FailureCounter;
};

const tags = ['accounts'];
const tooMany = authMessages.tooManyAttempts;

/** Signing in with a password, keeping the session alive, signing out, and who is signed in. */
export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRoutesOptions> = async (
  app,
  { ctx, limits, signInFailures },
) => {
  const secure = ctx.publicUrl.startsWith('https://');

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: limitRoute(limits.loginPerIp, tooMany) },
      schema: {
        tags,
        operationId: 'signIn',
        security: publicCall,
        summary: 'Sign in with e-mail and password',
        description:
          'The right password of an address nobody has verified yet signs nobody in (403): it ' +
          'was chosen by whoever signed up with the address, who may not own it.',
        body: loginBody,
        response: {
          200: authReply,
          400: errorReply,
          401: errorReply,
          403: errorReply,
          429: errorReply,
        },
      },
    },
    async (request, reply) => {
      // Every attempt counts as a failure before its password is checked, and a success clears
      // the count (ADR 009): counted after the check, parallel guesses all passed the limit
      // before any of them was counted. The increment is atomic (one event-loop step in memory,
      // INCR in Redis), so at most `max` attempts per window reach the password hash; an attempt
      // is refused once the count, its own included, exceeds `max`.
      const failures = `login:account:${accountKey(request.body.email)}`;
      const limit = limits.loginFailuresPerAccount;
      await signInFailures.fail(failures, limit);
      const wait = await signInFailures.blocked(failures, { ...limit, max: limit.max + 1 });
      if (wait !== null) throw new TooManyRequests(tooMany(Math.ceil(wait / 60)), wait);
      const session = await logIn(ctx, request.body);
      await signInFailures.clear(failures);
      return reply.send(signedIn(reply, session, secure));
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        operationId: 'refreshSession',
        security: publicCall,
        summary: 'A new access token for the refresh-token cookie (which is rotated)',
        response: { 200: tokenReply, 401: errorReply },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      try {
        if (!token) throw new Unauthorized(authMessages.sessionEnded);
        const session = await refresh(ctx, token);
        return reply.send({ token: signedIn(reply, session, secure).token });
      } catch (error) {
        clearRefreshCookie(reply, secure);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        operationId: 'signOut',
        security: publicCall,
        summary: 'Sign out: ends the session of the refresh-token cookie',
        response: { 204: emptyReply('Signed out; the refresh-token cookie is cleared') },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      if (token) await logOut(ctx, token);
      clearRefreshCookie(reply, secure);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: requireSignedIn,
      schema: {
        tags,
        operationId: 'getSignedInUser',
        security: signedInOnly,
        summary: 'The signed-in user',
        response: { 200: meReply, 401: errorReply },
      },
    },
    async (request) => ({ user: await getAccount(ctx, (await request.currentUser()).id) }),
  );
};
