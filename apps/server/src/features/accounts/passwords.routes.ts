import {
  authMessages,
  checkEmailReply,
  errorReply,
  messageReply,
  passwordResetBody,
  passwordResetConfirmBody,
  registerBody,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicCall } from '../../http/access.ts';
import { limitAlso, limitRoute } from '../../http/rate-limit.ts';
import { type AccountsContext, now } from './accounts.context.ts';
import { type AuthLimits, accountKey } from './accounts.limits.ts';
import { rememberSignUp } from './email-links.browser.ts';
import { VERIFY_LINK_HOURS } from './email-links.service.ts';
import { confirmPasswordReset, register, requestPasswordReset } from './passwords.service.ts';

export type PasswordsRoutesOptions = { ctx: AccountsContext; limits: AuthLimits };

const tags = ['accounts'];
const tooMany = authMessages.tooManyAttempts;

/** Signing up with e-mail and password, and resetting a forgotten password. */
export const passwordsRoutes: FastifyPluginAsyncZod<PasswordsRoutesOptions> = async (
  app,
  { ctx, limits },
) => {
  const secure = ctx.publicUrl.startsWith('https://');
  // Counted after the per-address limit of the route's config, as the handler's first step. Both
  // count every call for the address, known or not, so the refusal tells nothing about accounts.
  const signUpsPerAccount = limitAlso(
    app,
    'register:account',
    limits.registerPerAccount,
    tooMany,
    (request: { body: { email: string } }) => accountKey(request.body.email),
  );
  const resetsPerAccount = limitAlso(
    app,
    'reset:account',
    limits.resetPerAccount,
    tooMany,
    (request: { body: { email: string } }) => accountKey(request.body.email),
  );

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: limitRoute(limits.registerPerIp, tooMany) },
      schema: {
        tags,
        operationId: 'signUp',
        security: publicCall,
        summary: 'Create an account with e-mail and password',
        description:
          'The same 202 "check your e-mail" for every address, and no session: a new address gets ' +
          'a verification link whose use signs it in (`from`, a path on this site, rides along) ' +
          'in this browser only (the httpOnly `axle_sign_up` cookie set here); an address that ' +
          'already has an account changes nothing, and its owner is warned.',
        body: registerBody,
        response: { 202: checkEmailReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      await signUpsPerAccount(request);
      const accountId = await register(ctx, request.body);
      // Only this browser is signed in by the link (issue 14 #2); set alike for every address.
      await rememberSignUp(request, reply, {
        key: ctx.accessKey,
        accountId,
        at: now(ctx),
        seconds: VERIFY_LINK_HOURS * 3600,
        secure,
      });
      return reply.code(202).send({ message: authMessages.checkEmail });
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { rateLimit: limitRoute(limits.resetPerIp, tooMany) },
      schema: {
        tags,
        operationId: 'requestPasswordReset',
        security: publicCall,
        summary: 'E-mail a single-use link to reset the password (same answer for any address)',
        body: passwordResetBody,
        response: { 202: messageReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      await resetsPerAccount(request);
      await requestPasswordReset(ctx, request.body.email);
      return reply.code(202).send({ message: authMessages.resetSent });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { rateLimit: limitRoute(limits.confirmPerIp, tooMany) },
      schema: {
        tags,
        operationId: 'resetPassword',
        security: publicCall,
        summary: 'Set a new password with the e-mailed link; ends every session of the account',
        body: passwordResetConfirmBody,
        response: { 200: messageReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request) => {
      await confirmPasswordReset(ctx, request.body);
      return { message: authMessages.resetDone };
    },
  );
};
