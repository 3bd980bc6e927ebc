import {
  authMessages,
  authReply,
  choosePasswordBody,
  errorReply,
  messageReply,
  resendSignUpBody,
  verifyEmailBody,
  verifyEmailReply,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicCall, signedIn as signedInOnly } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { limitAlso, limitRoute } from '../../http/rate-limit.ts';
import { type AccountsContext, now } from './accounts.context.ts';
import { type AuthLimits, accountKey } from './accounts.limits.ts';
import { signUpsOf } from './email-links.browser.ts';
import {
  mailRunningLate,
  resendSignUpMail,
  resendVerification,
  verifyEmail,
} from './email-links.service.ts';
import { choosePassword } from './passwords.service.ts';
import { signedIn } from './sessions.cookie.ts';

export type EmailLinksRoutesOptions = { ctx: AccountsContext; limits: AuthLimits };

const tags = ['accounts'];
const tooMany = authMessages.tooManyAttempts;

/**
 * The e-mailed verification link: opening it, choosing the password where it was opened, and
 * having it sent again.
 */
export const emailLinksRoutes: FastifyPluginAsyncZod<EmailLinksRoutesOptions> = async (
  app,
  { ctx, limits },
) => {
  const secure = ctx.publicUrl.startsWith('https://');
  // Counted after the per-address limit of the route's config, as the handler's first step.
  const resendsPerAccount = limitAlso(
    app,
    'resend:email',
    limits.resendPerAccount,
    tooMany,
    (request: { body: { email: string } }) => accountKey(request.body.email),
  );

  app.post(
    '/api/auth/register/resend',
    {
      config: { rateLimit: limitRoute(limits.resendPerIp, tooMany) },
      schema: {
        tags,
        operationId: 'resendSignUpMail',
        security: publicCall,
        summary: "Send sign-up's e-mail again (same answer for any address)",
        body: resendSignUpBody,
        response: { 202: messageReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      await resendsPerAccount(request);
      await resendSignUpMail(ctx, request.body);
      const late = await mailRunningLate(ctx.db);
      return reply
        .code(202)
        .send({ message: late ? authMessages.mailQueued : authMessages.signUpMailResent });
    },
  );

  // POST, not GET: mail scanners fetch the links in an e-mail, and that must not sign anyone in.
  // The link opens the web page, which posts the token.
  app.post(
    '/api/auth/verify-email',
    {
      config: { rateLimit: limitRoute(limits.verifyPerIp, tooMany) },
      schema: {
        tags,
        operationId: 'verifyEmail',
        security: publicCall,
        summary: 'Verify the e-mail address with the e-mailed link (once per link)',
        description:
          'The browser that signed up (its `axle_sign_up` cookie names the account) is signed in. ' +
          'Any other browser only verifies the address: nobody is signed in, every session ends ' +
          'and the password chosen at sign-up is removed. That browser gets the address and a ' +
          '`passwordToken` instead (single use, 30 minutes, void once another password is set), ' +
          'with which its page chooses the password and signs in (`choosePassword`).',
        body: verifyEmailBody,
        response: { 200: verifyEmailReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const signUps = await signUpsOf(request, ctx.accessKey, now(ctx));
      const verified = await verifyEmail(ctx, request.body.token, signUps);
      if ('signedIn' in verified) return reply.send(signedIn(reply, verified.signedIn, secure));
      const { email, passwordToken } = verified.verifiedElsewhere;
      return reply.send({ message: authMessages.verifiedElsewhere(email), email, passwordToken });
    },
  );

  app.post(
    '/api/auth/verify-email/password',
    {
      config: { rateLimit: limitRoute(limits.confirmPerIp, tooMany) },
      schema: {
        tags,
        operationId: 'choosePassword',
        security: publicCall,
        summary: 'Choose the password where the verification link was opened, and sign in',
        description:
          'With the `passwordToken` that `verifyEmail` gave a browser that did not sign up: sets ' +
          'the password, ends every other session and signs this browser in (refresh cookie as ' +
          'sign-in sets it). The token works once; used, expired or after another password was ' +
          'set it is refused (400) and nothing changes.',
        body: choosePasswordBody,
        response: { 200: authReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) =>
      reply.send(signedIn(reply, await choosePassword(ctx, request.body), secure)),
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      onRequest: requireSignedIn,
      config: {
        rateLimit: limitRoute(
          limits.resendPerAccount,
          tooMany,
          async (request) => (await request.currentUser()).id,
        ),
      },
      schema: {
        tags,
        operationId: 'resendVerification',
        security: signedInOnly,
        summary: 'Send the verification link again',
        response: { 202: messageReply, 401: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      return reply.code(202).send({ message: await resendVerification(ctx, user.id) });
    },
  );
};
