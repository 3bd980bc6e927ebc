import {
  authMessages,
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
import { resendSignUpMail, resendVerification, verifyEmail } from './email-links.service.ts';
import { signedIn } from './sessions.cookie.ts';

export type EmailLinksRoutesOptions = { ctx: AccountsContext; limits: AuthLimits };

const tags = ['accounts'];
const tooMany = authMessages.tooManyAttempts;

/** The e-mailed verification link: opening it, and having it sent again. */
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
      return reply.code(202).send({ message: authMessages.signUpMailResent });
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
          'and the password chosen at sign-up is removed (its owner sets one with a reset link).',
        body: verifyEmailBody,
        response: { 200: verifyEmailReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const signUps = await signUpsOf(request, ctx.accessKey, now(ctx));
      const session = await verifyEmail(ctx, request.body.token, signUps);
      if (!session) return reply.send({ message: authMessages.verifiedElsewhere });
      return reply.send(signedIn(reply, session, secure));
    },
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
